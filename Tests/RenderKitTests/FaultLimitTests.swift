import Foundation
import Frames
import RenderKit
import SceneModel
import Timeline
import XCTest

/// Limits that only the renderer can check: the frame count (duration × fps, with --fps), the
/// canvas at a --scale given on the command line, forEach counts computed while rendering, and
/// events that keep firing at one instant.
final class FaultLimitTests: XCTestCase {
    /// Where a render in these tests writes (never the working directory's Output/).
    private let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("render-fault-limit-\(UUID().uuidString)").path

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    private func renderer(_ json: String, fps: Double? = nil, scale: Double? = nil) throws -> FrameSource {
        var options = FrameOptions()
        options.fps = fps
        options.scale = scale
        return try FrameSource(try loadScene(json), options: options)
    }

    private func rendererError(_ json: String, fps: Double? = nil, scale: Double? = nil) throws -> String? {
        do { _ = try renderer(json, fps: fps, scale: scale); return nil } catch { return "\(error)" }
    }

    func testFrameCountLimit() throws {
        // 1000 s at 100 fps is exactly 100 000 frames; 1000.01 s is 100 001.
        let scene = { (d: String) in "{\"scene\": 1, \"canvas\": {\"width\": 4, \"height\": 4}, \"fps\": 100, \"duration\": \(d), \"body\": {\"type\": \"rect\"}}" }
        XCTAssertEqual(try renderer(scene("1000")).frameCount, 100_000)
        XCTAssertEqual(try rendererError(scene("1000.01")), "the scene has 100001 frames at 100 fps; at most 100000 are allowed")
        // --fps raises the count past the limit of a scene that is fine at its own rate.
        XCTAssertEqual(try rendererError(scene("1000"), fps: 240), "the scene has 240000 frames at 240 fps; at most 100000 are allowed")
    }

    func testCanvasLimitsApplyToAScaleFromTheCommandLine() throws {
        let scene = #"{"scene": 1, "canvas": {"width": 4096, "height": 2048}, "body": {"type": "rect"}}"#
        XCTAssertEqual(try rendererError(scene, scale: 4.5), "the canvas is 18432×9216 px at scale 4.5; at most 16384 px a side are allowed")
        XCTAssertEqual(try rendererError(scene, scale: 4), "the canvas is 134.2177 megapixels at scale 4; at most 100 are allowed")
        XCTAssertNil(try rendererError(scene, scale: 2))
    }

    /// A forEach count from an expression above 10 000 stops the render with its path and value,
    /// from the frame where it happens; before that, frames are fine.
    func testForEachCountAboveTheLimitWhileRendering() throws {
        let r = try renderer("""
        {"scene": 1, "canvas": {"width": 20, "height": 20}, "fps": 10, "duration": 1, "state": {"n": 3},
         "body": {"type": "hstack", "children": [{"type": "forEach", "count": "=n", "content": {"type": "rect"}}]},
         "timeline": [{"at": 0.5, "set": {"n": 10001}}]}
        """)
        XCTAssertEqual(r.state(4).problems.count, 0)
        XCTAssertEqual(r.state(4).root?.children.count, 3)
        let problems = r.state(5).problems
        // The render stops on the first problem; the 10 000 rects drawn meanwhile also pass the view limit.
        XCTAssertEqual(problems.first?.description, "at t = 0.5 s: body.children[0].count: \"=n\" gave 10001 repetitions; at most 10000 are allowed")
        XCTAssertThrowsError(try PNGSequence(source: r, selection: .all(of: r.frameCount), outputDirectory: scratch)
            .write(with: FramePump(source: r, jobs: 2))) { XCTAssertTrue("\($0)".contains("gave 10001 repetitions"), "\($0)") }
    }

    func testForEachCountThatIsNotFiniteStopsTheRender() throws {
        let r = try renderer("""
        {"scene": 1, "canvas": {"width": 20, "height": 20}, "fps": 10, "duration": 1, "state": {"n": 0},
         "body": {"type": "hstack", "children": [{"type": "forEach", "count": "=1 / n", "content": {"type": "rect"}}]}}
        """)
        let state = r.state(0)
        XCTAssertEqual(state.problems.map(\.description), ["at t = 0.0 s: body.children[0].count: \"=1 / n\" gave inf, not a finite number"])
        XCTAssertEqual(state.root?.children.count, 0, "meanwhile nothing is drawn")
    }

    /// Nested loops whose counts are each allowed can still ask for 200 × 200 views: the frame
    /// stops at 10 000 and reports it.
    func testNestedRuntimeCountsAboveTheViewLimit() throws {
        let r = try renderer("""
        {"scene": 1, "canvas": {"width": 20, "height": 20}, "fps": 10, "duration": 1, "state": {"n": 200},
         "body": {"type": "vstack", "children": [{"type": "forEach", "count": "=n", "content":
           {"type": "hstack", "children": [{"type": "forEach", "count": "=n", "as": "j", "content": {"type": "rect"}}]}}]}}
        """)
        let state = r.state(0)
        XCTAssertEqual(state.problems.count, 1)
        XCTAssertTrue(state.problems.first?.message.contains("more than 10000 views at once") ?? false, "\(state.problems)")
        func count(_ v: ResolvedView?) -> Int { v.map { 1 + $0.children.map(count).reduce(0, +) } ?? 0 }
        XCTAssertEqual(count(state.root), 10_000)
    }

    /// `when` triggers alone cannot fire without end at one instant (docs/limits.md has the
    /// proof), but a `when` and an `after` with no delay can: each undoes the other. The
    /// simulation stops at 10 000 firings with the time and the event.
    func testWhenAndZeroDelayAfterThatUndoEachOtherStopAtTheFiringLimit() throws {
        let e = try rendererError("""
        {"scene": 1, "canvas": {"width": 20, "height": 20}, "duration": 1, "state": {"x": 0},
         "timeline": [
           {"id": "up", "when": "x == 0", "initial": true, "set": {"x": 1}},
           {"after": "up", "delay": 0, "set": {"x": 0}}
         ],
         "body": {"type": "rect"}}
        """) ?? "no error"
        XCTAssertTrue(e.hasPrefix("at t = 0.0 s: timeline["), e)
        XCTAssertTrue(e.contains("more than 10000 events fired at one instant"), e)
    }

    /// The mutual toggle that the engine settles: each `when` fires once.
    func testMutuallyTogglingWhensSettle() throws {
        let r = try renderer("""
        {"scene": 1, "canvas": {"width": 20, "height": 20}, "duration": 1, "state": {"x": 0},
         "timeline": [
           {"id": "a", "when": "x == 0", "initial": true, "set": {"x": 1}},
           {"id": "b", "when": "x == 1", "set": {"x": 0}}
         ],
         "body": {"type": "rect"}}
        """)
        XCTAssertEqual(r.history.fired.filter { $0.kind == .event }.map(\.id), ["a", "b", "a"])
    }
}
