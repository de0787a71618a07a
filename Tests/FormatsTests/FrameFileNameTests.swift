import Foundation
import XCTest
import Formats

/// Frame file names: how many digits, and which names are frames.
final class FrameFileNameTests: XCTestCase {
    func testDigitsFollowTheFrameCount() {
        XCTAssertEqual(FrameFileName(index: 0, frameCount: 1).description, "frame_00000.png")
        XCTAssertEqual(FrameFileName(index: 7, frameCount: 10).description, "frame_00007.png")
        XCTAssertEqual(FrameFileName(index: 99_999, frameCount: 100_000).description, "frame_99999.png")
        XCTAssertEqual(FrameFileName(index: 12, frameCount: 100_001).description, "frame_000012.png", "six digits past 99999")
        XCTAssertEqual(FrameFileName(index: 1_234_567, frameCount: 2_000_000).description, "frame_1234567.png")
        XCTAssertEqual(FrameFileName(index: 123_456, frameCount: 10).description, "frame_123456.png", "never cut short")
        XCTAssertEqual(FrameFileName(index: 0, frameCount: 0).description, "frame_00000.png")
        XCTAssertEqual(FrameFileName(index: 42).description, "frame_00042.png")
        XCTAssertEqual(FrameFileName(index: 42, digits: 3).description, "frame_00042.png", "at least five")
    }

    func testReadingNames() {
        for (name, index, digits) in [("frame_00000.png", 0, 5), ("frame_00012.png", 12, 5), ("frame_99999.png", 99_999, 5),
                                      ("frame_000012.png", 12, 6), ("frame_123456789.png", 123_456_789, 9)] {
            let parsed = FrameFileName(name)
            XCTAssertEqual(parsed?.index, index, name)
            XCTAssertEqual(parsed?.digits, digits, name)
            XCTAssertEqual(parsed?.description, name, "reads back as written")
        }
        for name in ["frame_1.png", "frame_0001.png", "frame_1234567890.png", "frame_00001.png.bak", "frame_00001.PNG",
                     "Frame_00001.png", "frame_+0001.png", "frame_-0001.png", "frame_0000a.png", "frame_ 0001.png",
                     "frame_０００01.png", "x/frame_00001.png", "frame_00001.png/", ".frame_00001.png", "frame_.png",
                     "frame_", "", "frame_00001", "frame_00001.png\0"] {
            XCTAssertNil(FrameFileName(name), name)
        }
    }

    func testJSONIsTheNameAndAnythingElseIsRefused() throws {
        let encoded = try JSONEncoder().encode([FrameFileName(index: 3)])
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), #"["frame_00003.png"]"#)
        XCTAssertEqual(try JSONDecoder().decode([FrameFileName].self, from: encoded), [FrameFileName(index: 3)])
        XCTAssertThrowsError(try JSONDecoder().decode([FrameFileName].self, from: Data(#"["../frame_00003.png"]"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode([FrameFileName].self, from: Data("[3]".utf8)))
    }
}
