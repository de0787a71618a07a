import Foundation
import XCTest
@testable import SceneJSONReader
@testable import SceneModel

/// The loader's size limits not covered in LoaderMotionAndInputTests (nesting, view count,
/// expression length, effect radius, canvas): each is accepted at the limit and refused one
/// past it with a message that names the limit and the value found.
final class LimitTests: XCTestCase {
    typealias S = LoaderTestSupport

    private func loadError(_ json: String) -> String? {
        do { _ = try S.load(json); return nil } catch { return "\(error)" }
    }

    private func events(_ n: Int) -> String {
        "\"timeline\": [" + (0..<n).map { "{\"at\": \(Double($0) / 1000)}" }.joined(separator: ",") + "]"
    }

    func testTimelineEventCount() {
        XCTAssertNil(loadError(S.scene(body: #"{"type": "rect"}"#, extra: events(10_000))))
        let e = loadError(S.scene(body: #"{"type": "rect"}"#, extra: events(10_001))) ?? ""
        XCTAssertTrue(e.contains("timeline: the timeline has 10001 events; at most 10000 are allowed"), e)
    }

    func testInputEventCount() {
        func taps(_ n: Int) -> String {
            "\"input\": [" + String(repeating: #"{"at": 0.5, "tap": [1, 1]},"#, count: n - 1) + #"{"at": 0.5, "tap": [1, 1]}]"#
        }
        XCTAssertNil(loadError(S.scene(body: #"{"type": "rect"}"#, extra: taps(100_000))))
        let e = loadError(S.scene(body: #"{"type": "rect"}"#, extra: taps(100_001))) ?? ""
        XCTAssertTrue(e.contains("input: the input has 100001 events; at most 100000 are allowed"), e)
    }

    /// Drags expand to one pointer move per frame: 1 000 000 in all at most.
    func testPointerSamplesFromDrags() {
        // At 240 fps a drag of d seconds is counted as 240·d moves plus down, last move and up:
        // two drags of 2083 s are 2·(499 920 + 3) = 999 846; three are 1 499 769.
        func drags(_ n: Int) -> String {
            "\"fps\": 240, \"input\": [" + Array(repeating: #"{"at": 0, "drag": {"from": [0, 0], "to": [9, 9], "duration": 2083}}"#, count: n).joined(separator: ",") + "]"
        }
        XCTAssertNil(loadError(S.scene(body: #"{"type": "rect"}"#, extra: drags(2))))
        let e = loadError(S.scene(body: #"{"type": "rect"}"#, extra: drags(3))) ?? ""
        XCTAssertTrue(e.contains("input: the input moves the pointer about 1499769 times"), e)
        XCTAssertTrue(e.contains("at most 1000000 are allowed"), e)
    }

    func testAnimationRepeatCount() {
        func scene(_ r: String) -> String {
            S.scene(body: #"{"type": "rect"}"#, extra: "\"state\": {\"x\": 0}, \"timeline\": [{\"at\": 0, \"set\": {\"x\": 1}, \"animation\": {\"linear\": 0.1, \"repeat\": \(r)}}]")
        }
        XCTAssertNil(loadError(scene("10000")))
        XCTAssertNil(loadError(scene("\"forever\"")))
        let e = loadError(scene("10001")) ?? ""
        XCTAssertTrue(e.contains("timeline[0].animation.repeat: must be at most 10000 (found 10001)"), e)
    }

    func testLiteralForEachCount() {
        let e = loadError(S.scene(body: #"{"type": "zstack", "children": [{"type": "forEach", "count": 10001, "content": {"type": "rect"}}]}"#)) ?? ""
        XCTAssertTrue(e.contains("body.children[0].count: must be at most 10000 (found 10001)"), e)
    }

    func testDurationAndFrameRate() {
        XCTAssertNil(loadError(S.scene(body: #"{"type": "rect"}"#, extra: #""duration": 3600, "fps": 240"#)))
        let e = loadError(S.scene(body: #"{"type": "rect"}"#, extra: #""duration": 3600.5, "fps": 241"#)) ?? ""
        XCTAssertTrue(e.contains("duration: must be at most 3600 (found 3600.5)"), e)
        XCTAssertTrue(e.contains("fps: must be at most 240 (found 241)"), e)
    }

    func testSceneFileSize() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("render-limit-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        // A valid scene padded with spaces to one byte past 16 MiB.
        let scene = S.scene(body: #"{"type": "rect"}"#)
        try Data((scene + String(repeating: " ", count: SceneLimits.maxFileSize + 1 - scene.utf8.count)).utf8).write(to: url)
        do {
            _ = try SceneLoader.load(path: url.path)
            XCTFail("a file over 16 MiB loaded")
        } catch {
            XCTAssertEqual(error.errors.map(\.message), ["the file is 16777217 bytes; scene files may be at most 16777216 bytes"])
        }
    }

    /// Found by fuzzing: a key holding an escaped newline made an error message two lines long.
    /// Errors are one line each, whatever the file holds.
    func testControlCharactersInKeysAreEscapedInErrors() {
        let json = #"{"scene": 1, "canvas": {"width": 10, "height": 10, "a\nb\u2028c\u0007": 1}, "body": {"type": "rect"}}"#
        let e = loadError(json) ?? ""
        XCTAssertEqual(e.split(separator: "\n", omittingEmptySubsequences: false).count, 1, e)
        XCTAssertTrue(e.contains(#"canvas.a\nb\u{2028}c\u{7}"#), e)
    }

    /// Every input the fuzzer found that once crashed the loader (Fuzz/Regressions/scene-loader)
    /// now loads with located, one-line errors.
    func testFuzzRegressionsFailCleanly() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/scene-loader")
        let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
        XCTAssertFalse(files.isEmpty)
        for url in files {
            do {
                _ = try SceneLoader.load(bytes: [UInt8](try Data(contentsOf: url)), file: "fuzz.json", directory: "/nonexistent")
                XCTFail("\(url.lastPathComponent) loaded")
            } catch let error as SceneErrors {
                for e in error.errors {
                    XCTAssertTrue(e.line >= 1 && e.column >= 1, "\(e)")
                    XCTAssertFalse(e.description.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "\(url.lastPathComponent): \(e)")
                }
            }
        }
    }
}
