import Foundation
import Geometry
import Frames
import RenderKit
import SceneModel
import XCTest

/// fluid-acceleration-pause against its own script: a steady scripted move draws a steady picture (a
/// move per frame, never two in one frame and none in the next), and each release ends as iOS's
/// home-indicator swipe does — a swipe still moving up goes Home, a release after the pause opens the
/// App Switcher.
final class FluidAccelerationPauseTests: XCTestCase {
    /// The script's touches in time order: (frame that first shows it, kind, finger y). The frame is
    /// the one its time names, by the scene format's rule for times written to four decimals.
    private func touches(_ r: FrameSource) -> [(frame: Int, kind: String, y: Double)] {
        r.loaded.scene.input.sorted { $0.at < $1.at }.compactMap { e in
            let frame = Int((FluidScenes.scriptTime(e.at) * r.fps - 1e-9).rounded(.up))
            switch e.action {
            case .down(_, let y): return (frame, "down", y)
            case .move(_, let y): return (frame, "move", y)
            case .up: return (frame, "up", .nan)
            default: return nil
            }
        }
    }

    /// While the finger moves, the app's drawn offset is −0.3 × the finger's travel from where it went
    /// down, at every frame, so it advances every frame: in the first swipe by 0.3 × 1000 pt/s / 60 = 5 pt
    /// a frame, exactly. With the script's four-decimal times taken literally, a third of the moves fell
    /// into the frame after their own and the picture stood still every third frame.
    func testASteadyMoveAdvancesThePictureEveryFrame() throws {
        let r = try FluidScenes.renderer("fluid-acceleration-pause")
        let script = touches(r)
        var downY = 0.0, fingerY = 0.0, checked = 0, swipe = 0
        var steps: [[Double]] = []
        for (n, touch) in script.enumerated() {
            switch touch.kind {
            case "down": downY = touch.y; fingerY = touch.y; swipe += 1; steps.append([])
            case "move": fingerY = touch.y
            default: continue
            }
            // The frames this touch is the latest one for, up to the next move or the release.
            guard n + 1 < script.count, script[n + 1].kind != "down" else { continue }
            for i in touch.frame..<script[n + 1].frame {
                let y = try FluidScenes.offset("app", in: r, frame: i).y
                XCTAssertEqual(y, -0.3 * (downY - fingerY), accuracy: 1e-9, "swipe \(swipe), frame \(i)")
                let before = try FluidScenes.offset("app", in: r, frame: i - 1).y
                if touch.kind == "move" { steps[swipe - 1].append(y - before) }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 120, "frames checked while the finger is down")
        XCTAssertEqual(steps.count, 3)
        for (k, s) in steps.enumerated() {
            XCTAssertFalse(s.contains { abs($0) < 1e-9 }, "swipe \(k + 1): a frame repeats the one before while the finger moves")
        }
        // The first swipe moves 16.67 pt a frame at 1000 pt/s: every step is the same 5 pt.
        XCTAssertEqual(steps[0].count, 18)
        for (k, step) in steps[0].enumerated() { XCTAssertEqual(step, -0.3 * 1000 / 60, accuracy: 0.01, "step \(k)") }
    }

    /// No two consecutive frames of the first swipe are the same picture, as drawn (at half scale).
    func testNoFrameOfTheFlickRepeatsTheOneBefore() throws {
        var options = FrameOptions()
        options.scale = 0.5
        let path = FluidScenes.folder.appendingPathComponent("fluid-acceleration-pause.json").path
        let r = try FrameSource(LoadedScene.load(path: path), options: options)
        let script = touches(r)
        let firstMove = try XCTUnwrap(script.first { $0.kind == "move" }).frame
        let up = try XCTUnwrap(script.first { $0.kind == "up" }).frame
        XCTAssertEqual(up - firstMove, 18, "a move in each frame from the first move to the release")
        var previous = try r.image(frame: firstMove - 1)
        for i in firstMove..<up {
            let image = try r.image(frame: i)
            XCTAssertFalse(image.pixels == previous.pixels, "frame \(i) repeats frame \(i - 1)")
            previous = image
        }
    }

    /// The outcome of each release, recomputed from the script: released right after the pause (the
    /// finger under 100 pt/s in its last move, the haptic fired during the swipe) → App Switcher; still
    /// moving up → Home. The state says so after each release, and the picture shows it 0.4 s later
    /// (the scene reopens the app 0.45 s after a release): the app shrunk into its icon (60 pt, faded)
    /// over the home screen, or parked as a 0.625 card beside the previous app's card.
    func testEachReleaseEndsWhereIOSWould() throws {
        let r = try FluidScenes.renderer("fluid-acceleration-pause")
        let haptics = r.history.fired.filter { $0.kind == .haptic }.map(\.time)
        let script = touches(r)
        let slot = { (name: String) throws -> Int in try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == name }) }
        let outcome = try slot("outcome")
        var expected: [String] = []
        var start = 0.0, lastSpeed = 0.0, previous: (frame: Int, y: Double)?
        for touch in script {
            switch touch.kind {
            case "down": start = Double(touch.frame) / r.fps; previous = (touch.frame, touch.y)
            case "move":
                if let p = previous { lastSpeed = (touch.y - p.y) / (Double(touch.frame - p.frame) / r.fps) }
                previous = (touch.frame, touch.y)
            default:
                let end = Double(touch.frame) / r.fps
                let paused = haptics.contains { $0 > start && $0 <= end }
                let want = paused && abs(lastSpeed) < 100 ? "switcher" : (lastSpeed < 0 ? "home" : "app")
                expected.append(want)
                let after = try XCTUnwrap(r.history.snapshots.last { $0.time <= end + 1e-9 })
                XCTAssertEqual(after.values[outcome], Value.string(want), "release at frame \(touch.frame)")
                let shown = touch.frame + 24
                let app = try XCTUnwrap(FluidScenes.view("app", in: r, frame: shown)).modifiers
                if want == "home" {
                    XCTAssertEqual(app.scale.x, 60.0 / 390, accuracy: 0.01, "frame \(shown)")
                    XCTAssertLessThan(app.opacity, 0.05, "frame \(shown)")
                    XCTAssertGreaterThan(try XCTUnwrap(FluidScenes.view("homeScreen", in: r, frame: shown)).modifiers.opacity, 0.95)
                } else if want == "switcher" {
                    XCTAssertEqual(app.scale.x, 0.625, accuracy: 0.01, "frame \(shown)")
                    XCTAssertGreaterThan(try XCTUnwrap(FluidScenes.view("previousApp", in: r, frame: shown)).modifiers.opacity, 0.95)
                }
            }
        }
        // The script: a flick (Home), a swipe that stops and is released in the pause (App Switcher), and a
        // slow swipe that never paused, released while still moving up (Home).
        XCTAssertEqual(expected, ["home", "switcher", "home"])
    }
}
