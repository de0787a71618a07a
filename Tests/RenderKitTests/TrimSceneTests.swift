import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// `trim` on shapes (SwiftUI's `.trim(from:to:)`), drawn: ink against closed-form areas and where the drawn part
/// starts.
final class TrimSceneTests: XCTestCase {
    func image(_ json: String, frame: Int = 0) throws -> RGBAImage {
        try FrameSource(try loadScene(json), options: FrameOptions()).image(frame: frame)
    }

    /// A white circle of diameter 80 (radius r = 40) stroked w = 10 wide in a 100 × 100 canvas at scale 2, transparent.
    func ring(_ trim: String, extra: String = "", scene: String = "") -> String {
        """
        {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 2}, \(scene)
         "body": {"type": "circle", "trim": \(trim), "stroke": {"paint": "white", "width": 10},
                  "frame": {"width": 80, "height": 80} \(extra)}}
        """
    }

    /// Coverage in pixels (alpha / 255 summed).
    func ink(_ img: RGBAImage) -> Double { Double(totalAlpha(img)) / 255 }

    /// Coverage per quadrant about the canvas centre: [top-left, top-right, bottom-left, bottom-right].
    func quadrants(_ img: RGBAImage) -> [Double] {
        var q = [0.0, 0, 0, 0]
        let cx = img.width / 2, cy = img.height / 2
        for y in 0..<img.height {
            for x in 0..<img.width {
                let a = Double(img.pixels[4 * (y * img.width + x) + 3]) / 255
                q[(y < cy ? 0 : 2) + (x < cx ? 0 : 1)] += a
            }
        }
        return q
    }

    func testStrokedRingInkIsTheArcArea() throws {
        // Annulus between r − w/2 = 35 and r + w/2 = 45 points, ×4 pixels per point²: π(45² − 35²)·4 = 3200π px for the
        // whole ring; a trimmed ring with butt ends covers that times the fraction. Tolerance 0.5 %: anti-aliasing
        // and the cubic circle (radius within 0.03 %) stay well inside it.
        let full = Double.pi * (45 * 45 - 35 * 35) * 4
        for fraction in [0.25, 0.5, 1.0] {
            let got = ink(try image(ring(#"{"from": 0, "to": \#(fraction)}"#)))
            XCTAssertEqual(got, full * fraction, accuracy: full * fraction * 0.005, "trim 0…\(fraction)")
        }
        let middle = ink(try image(ring(#"{"from": 0.3, "to": 0.55}"#)))
        XCTAssertEqual(middle, full * 0.25, accuracy: full * 0.25 * 0.005, "trim 0.3…0.55")
    }

    func testCircleStartsAtTheTrailingPointClockwise() throws {
        // 0…0.25 is the quarter from 3 o'clock to 6 o'clock: all its ink is in the bottom-right quadrant.
        let q = quadrants(try image(ring(#"{"to": 0.25}"#)))
        XCTAssertGreaterThan(q[3], 0.99 * q.reduce(0, +), "\(q)")
        // 0.25…0.5 goes on to 9 o'clock: bottom-left.
        let q2 = quadrants(try image(ring(#"{"from": 0.25, "to": 0.5}"#)))
        XCTAssertGreaterThan(q2[2], 0.99 * q2.reduce(0, +), "\(q2)")
    }

    func testRotationTurnsTheStartLikeAProgressRing() throws {
        // rotationEffect(−90°), the usual progress ring: 0…0.25 runs from 12 o'clock to 3 o'clock, top-right.
        let q = quadrants(try image(ring(#"{"to": 0.25}"#, extra: #", "rotation": -90"#)))
        XCTAssertGreaterThan(q[1], 0.99 * q.reduce(0, +), "\(q)")
    }

    func testFromAfterToDrawsNothing() throws {
        XCTAssertEqual(totalAlpha(try image(ring(#"{"from": 0.7, "to": 0.2}"#))), 0)
        XCTAssertEqual(totalAlpha(try image(ring(#"{"from": 0.4, "to": 0.4}"#))), 0)
    }

    func testTrimmedFillFillsTheOpenSubpath() throws {
        // A 60 × 60 square from its top-left corner, 0…0.5 of its 240-point outline: the top and right edges; the fill
        // closes them with the diagonal, a triangle of 60·60/2 = 1800 pt², 7200 px at scale 2 (±1 % for the diagonal's
        // anti-aliased pixels), above the diagonal from top-left to bottom-right.
        let json = """
            {"scene": 1, "canvas": {"width": 60, "height": 60, "scale": 2},
             "body": {"type": "rect", "fill": "white", "trim": {"to": 0.5}}}
            """
        let img = try image(json)
        XCTAssertEqual(ink(img), 7200, accuracy: 72)
        let q = quadrants(img)
        XCTAssertEqual(q[2], 0, accuracy: 60, "below the diagonal only its anti-aliased edge: \(q)")
        // A half ellipse: 0…0.5 of a circle filling 60 × 60 is its lower half, π·30²/2 pt² (×4 px).
        let half = try image(json.replacingOccurrences(of: #""type": "rect""#, with: #""type": "circle""#))
        XCTAssertEqual(ink(half), Double.pi * 900 / 2 * 4, accuracy: Double.pi * 900 / 2 * 4 * 0.005)
        let h = quadrants(half)
        XCTAssertEqual(h[0] + h[1], 0, accuracy: 1, "the upper half is empty: \(h)")
    }

    func testTrimAnimatesLikeAnyValue() throws {
        // `to` from 0 to 1 at t = 0 with a linear 1 s animation: at frame 30 (t = 0.5) half the ring.
        let json = ring(#"{"to": "=p"}"#, scene: #""state": {"p": 0}, "duration": 1.2, "timeline": [{"at": 0, "set": {"p": 1}, "animation": {"linear": 1}}],"#)
        let full = Double.pi * (45 * 45 - 35 * 35) * 4
        XCTAssertEqual(ink(try image(json, frame: 30)), full * 0.5, accuracy: full * 0.5 * 0.005)
        XCTAssertEqual(ink(try image(json, frame: 15)), full * 0.25, accuracy: full * 0.25 * 0.005)
    }

    /// A `path` view keeps its negative numbers: an arc from −90° (the top) to 0° (the trailing point), stroked, inks
    /// the top-right quadrant only; a point left of the view's origin draws there. (Shapes' own parameters, a corner
    /// radius, are clamped to 0; a path's are not.)
    func testPathNumbersMayBeNegative() throws {
        let img = try image("""
        {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 2},
         "body": {"type": "zstack", "frame": {"width": 100, "height": 100}, "children": [
           {"type": "path", "elements": [{"arc": {"center": [50, 50], "radius": 40, "startAngle": -90, "endAngle": 0}}],
            "stroke": {"paint": "white", "width": 10}}]}}
        """)
        let q = quadrants(img)
        XCTAssertGreaterThan(q[1], 200, "the arc's quarter, top right: \(q)")
        XCTAssertEqual(q[0] + q[2] + q[3], 0, accuracy: 2, "nothing elsewhere: \(q)")
    }
}
