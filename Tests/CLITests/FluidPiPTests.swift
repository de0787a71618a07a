import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// `Scenes/fluid-pip.json`: a fling lands on the corner the projection predicts, and the spring
/// takes the fling's speed over without a jump.
final class FluidPiPTests: XCTestCase {
    /// The window rests at the top-right corner (264, 136); its centre is (319, 216). Corners per axis.
    let xs = [16.0, 264], ys = [136.0, 564]
    let start = Point(264, 136), centre = Point(319, 216)
    let fps = 60.0, at = 0.5

    struct Fling { var dx: Double, dy: Double, duration: Double }

    /// Release velocity by the 100 ms rule: the drag starts on a frame time and lasts whole frames,
    /// so release − 0.1 s is a sample time and the average is the profile's last 0.1 s of travel.
    func releaseVelocity(_ f: Fling) -> Point {
        let travel = 1 - FluidScenes.profile(1 - 0.1 / f.duration)
        return Point(f.dx * travel / 0.1, f.dy * travel / 0.1)
    }

    func predictedCorner(_ f: Fling) -> Point {
        let v = releaseVelocity(f)
        let x = start.x + f.dx, y = start.y + f.dy
        return Point(FluidScenes.nearest(x + FluidScenes.project(v.x), xs), FluidScenes.nearest(y + FluidScenes.project(v.y), ys))
    }

    func renderer(_ f: Fling) throws -> FrameSource {
        let to = Point(centre.x + f.dx, centre.y + f.dy)
        return try FluidScenes.renderer("fluid-pip", input: """
        [{"at": \(at), "drag": {"from": [\(centre.x), \(centre.y)], "to": [\(to.x), \(to.y)], "duration": \(f.duration)}}]
        """)
    }

    let flings = [
        Fling(dx: -69, dy: 116, duration: 0.15),   // a quick diagonal flick: across to bottom-left
        Fling(dx: -40, dy: 30, duration: 0.8),     // a small, slow move let go gently: back home
        Fling(dx: -120, dy: 40, duration: 0.8),    // a slow move past the middle: top-left by position
        Fling(dx: -60, dy: 6, duration: 0.1),      // a short sideways flick: top-left
        Fling(dx: 20, dy: 90, duration: 0.2),      // a downward flick: bottom-right
        Fling(dx: -150, dy: 170, duration: 0.5),   // a slow drag most of the way: bottom-left by position
    ]

    func testFlingsLandOnTheProjectedCorner() throws {
        var corners = Set<String>()
        for f in flings {
            let expected = predictedCorner(f)
            corners.insert("\(expected)")
            let r = try renderer(f)
            let last = try FluidScenes.offset("pip", in: r, frame: r.frameCount - 1)
            XCTAssertEqual(last.x, expected.x, accuracy: 0.05, "\(f)")
            XCTAssertEqual(last.y, expected.y, accuracy: 0.05, "\(f)")
        }
        // The cases reach every corner, so a wrong projection (sign, scale or axis) shows.
        XCTAssertEqual(corners.count, 4)
    }

    /// At rest in every corner the window (110 × 160 pt) leaves the caller's name and call time readable:
    /// its rect does not meet the caption's, nor comes within 8 pt of it.
    func testWindowAtRestLeavesTheCaptionReadable() throws {
        var corners = Set<String>()
        for f in flings {
            let r = try renderer(f)
            let last = r.frameCount - 1
            let at = try FluidScenes.offset("pip", in: r, frame: last)
            corners.insert("\(at.x.rounded()), \(at.y.rounded())")
            let window = Rect(x: at.x, y: at.y, width: 110, height: 160)
            let frames = r.viewFrames(frame: last)
            let name = try XCTUnwrap(frames["callerName"]), time = try XCTUnwrap(frames["callTime"])
            let shift = try FluidScenes.offset("caption", in: r, frame: last)
            // The caption's text, name and call time, on screen, with 8 pt to spare around it.
            let minX = min(name.minX, time.minX) + shift.x - 8, maxX = max(name.maxX, time.maxX) + shift.x + 8
            let minY = name.minY + shift.y - 8, maxY = time.maxY + shift.y + 8
            let overlaps = window.minX < maxX && minX < window.maxX && window.minY < maxY && minY < window.maxY
            XCTAssertFalse(overlaps, "window at \(at) covers the caption [\(minX)…\(maxX)] × [\(minY)…\(maxY)]")
        }
        XCTAssertEqual(corners.count, 4)
    }

    /// Just after release the window is where a critically damped spring (response 0.4) starting at
    /// the release point with the fling's velocity puts it: closed form, per axis.
    func testSpringStartsWithTheFlingVelocity() throws {
        let f = flings[0]
        let r = try renderer(f)
        let release = Int(((at + f.duration) * fps).rounded())
        let v = releaseVelocity(f)
        let target = predictedCorner(f)
        let omega = 2 * Double.pi / 0.4
        func spring(_ x0: Double, _ target: Double, _ v0: Double, _ t: Double) -> Double {
            let a = x0 - target
            return target + (a + (v0 + omega * a) * t) * exp(-omega * t)
        }
        let atRelease = try FluidScenes.offset("pip", in: r, frame: release)
        let after = try FluidScenes.offset("pip", in: r, frame: release + 1)
        XCTAssertEqual(atRelease.x, start.x + f.dx, accuracy: 1e-9)
        XCTAssertEqual(atRelease.y, start.y + f.dy, accuracy: 1e-9)
        let dt = 1 / fps
        XCTAssertEqual(after.x, spring(atRelease.x, target.x, v.x, dt), accuracy: 1e-6)
        XCTAssertEqual(after.y, spring(atRelease.y, target.y, v.y, dt), accuracy: 1e-6)
    }

    /// No velocity jump at release: the window's speed just before release (from its last steps with
    /// the finger, at the scene's frame times) and just after (from its steps over the first
    /// milliseconds of the spring) agree. A slow fling is used so that the finger's instantaneous
    /// speed and its 100 ms average are within 2 % of each other.
    func testNoVelocityJumpAtRelease() throws {
        let f = Fling(dx: -150, dy: 170, duration: 0.5)
        let r = try renderer(f)
        let release = at + f.duration
        func position(_ t: Double) throws -> Point { try FluidScenes.offset("pip", in: r, time: t) }
        // Second-order one-sided differences (exact for parabolas).
        let dt = 1 / fps, h = 0.001
        let b0 = try position(release), b1 = try position(release - dt), b2 = try position(release - 2 * dt)
        let a1 = try position(release + h), a2 = try position(release + 2 * h)
        let before = (b0 * 3 - b1 * 4 + b2) * (1 / (2 * dt))
        let after = (a1 * 4 - a2 - b0 * 3) * (1 / (2 * h))
        let fling = releaseVelocity(f)
        for (vb, va, vf) in [(before.x, after.x, fling.x), (before.y, after.y, fling.y)] {
            XCTAssertEqual(va, vf, accuracy: 0.01 * abs(vf), "the spring starts at the 100 ms velocity")
            XCTAssertEqual(va, vb, accuracy: 0.03 * abs(vb), "speed before \(vb), after \(va) pt/s")
        }
    }
}
