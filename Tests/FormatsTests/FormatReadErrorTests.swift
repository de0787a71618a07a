import Foundation
import XCTest
import Formats

/// A broken file is reported with its name and what is wrong, in words; never a crash.
final class FormatReadErrorTests: XCTestCase {
    let good = """
    {"scene": "s", "fps": 10, "frameCount": 2, "duration": 0.2, "width": 4, "height": 4, "scale": 1,
     "hash": "render-pixel-hash-64", "shard": {"index": 1, "count": 2},
     "frames": [{"index": 0, "file": "frame_00000.png", "hash": "0000000000000000"}]}
    """

    private func problem<T: Decodable>(_ type: T.Type, _ text: String) -> String? {
        do { _ = try FormatFile.decode(type, from: Data(text.utf8), path: "dir/m.json"); return nil } catch {
            XCTAssertEqual(error.path, "dir/m.json")
            return error.problem
        }
    }

    func testTheGoodFileReads() {
        XCTAssertNil(problem(ShardManifestFile.self, good))
    }

    func testEachProblemIsNamed() {
        XCTAssertEqual(problem(Manifest.self, good.replacingOccurrences(of: "\"frameCount\": 2", with: "\"frameCount\": \"2\"")),
                       "frameCount: expected a whole number")
        XCTAssertEqual(problem(Manifest.self, good.replacingOccurrences(of: ", \"hash\": \"0000000000000000\"", with: "")),
                       "frames[0]: \"hash\" is missing")
        XCTAssertEqual(problem(Manifest.self, good.replacingOccurrences(of: "frame_00000.png", with: "../etc/passwd")),
                       "frames[0].file: \"../etc/passwd\" is not a frame file name (frame_NNNNN.png)")
        XCTAssertEqual(problem(Manifest.self, good.replacingOccurrences(of: "\"scale\": 1", with: "\"scale\": null")),
                       "scale: expected a number, found null")
        XCTAssertEqual(problem(ShardManifestFile.self, good.replacingOccurrences(of: ", \"shard\": {\"index\": 1, \"count\": 2}", with: "")),
                       "\"shard\" is missing")
        XCTAssertEqual(problem(ShardManifestFile.self, good.replacingOccurrences(of: "\"frames\": [", with: "\"chunk\": {}, \"frames\": [")),
                       "\"video\" is missing")
        XCTAssertEqual(problem(Manifest.self, "[1, 2]"), "expected an object")
        XCTAssertEqual(problem(EventLog.self, "{\"fps\": 1, \"events\": [{\"time\": \"soon\"}]}"), "events[0].time: expected a number")
        XCTAssertEqual(problem(Manifest.self, "{\"scene\": "), "not valid JSON")
        XCTAssertEqual(problem(Manifest.self, ""), "not valid JSON")
    }

    func testAFileThatCannotBeRead() {
        let path = NSTemporaryDirectory() + "no-such-\(UUID().uuidString).json"
        XCTAssertThrowsError(try FormatFile.read(Manifest.self, at: path)) { error in
            XCTAssertEqual("\(error)", "\(path): cannot read it (No such file or directory)")
        }
        XCTAssertThrowsError(try FormatFile.read(Manifest.self, at: NSTemporaryDirectory())) { error in
            XCTAssertTrue("\(error)".hasPrefix(NSTemporaryDirectory() + ": cannot read it ("), "\(error)")
        }
    }
}
