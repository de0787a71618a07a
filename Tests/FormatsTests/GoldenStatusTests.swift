import Foundation
import XCTest
import Formats

/// One status vocabulary for frames and the motion track: written as the case names a report has always used, read
/// back to the same case, and any other word refused with the list (a report is input from a stranger).
final class GoldenStatusTests: XCTestCase {
    struct Holder: Codable, Equatable { var status: GoldenStatus }

    func testEveryStatusIsWrittenAsItsNameAndReadBack() throws {
        for status in GoldenStatus.allCases {
            let text = try OrderedJSONEncoder().encode(Holder(status: status))
            XCTAssertTrue(text.contains("\"status\": \"\(status.rawValue)\""), text)
            XCTAssertEqual(try JSONDecoder().decode(Holder.self, from: Data(text.utf8)), Holder(status: status))
        }
        // The words report.json and --json have used for frames and motion stay the same.
        XCTAssertEqual(GoldenStatus.allCases.map(\.rawValue),
                       ["same", "different", "sizeMismatch", "missing", "extra", "noGolden", "recorded", "updated"])
    }

    func testWhatFailsIsTheSameForEveryKindOfGolden() {
        XCTAssertEqual(Set(GoldenStatus.allCases.filter(\.failed)), [.different, .sizeMismatch, .missing, .extra, .noGolden])
    }

    func testAnUnknownStatusIsRefusedWhereItIs() {
        let data = Data(#"{"frames": [{"status": "copy"}]}"#.utf8)
        struct Frames: Decodable { var frames: [Holder] }
        XCTAssertThrowsError(try FormatFile.decode(Frames.self, from: data, path: "report.json")) { error in
            XCTAssertEqual("\(error)", #"report.json: frames[0].status: "copy" is not one of same, different, sizeMismatch, missing, "#
                           + "extra, noGolden, recorded, updated")
        }
    }

    /// A report whose motion says it failed while its status says otherwise (or the reverse) is not one render test
    /// writes.
    func testAReportWhoseMotionFailedDisagreesWithItsStatusHasAProblem() {
        let header = RenderHeader(scene: "box", fps: 20, frameCount: 10, duration: 0.5, width: 40, height: 30, scale: 1)
        let options = TestReportRecord.Options(first: 0, last: 9, fps: 20, scale: 1, threshold: 0, includeAA: true, maxDiffPixels: 0,
                                               maxDiffRatio: 0, motionOnly: true, recordMode: "missing")
        func record(_ status: GoldenStatus, failed: Bool) -> TestReportRecord {
            TestReportRecord(goldens: "/g", scene: "/box.json", sceneName: "box", variant: [], header: header, environment: nil,
                             options: options, frames: [],
                             motion: .init(status: status, failed: failed, actual: nil, goldenSHA256: nil, actualSHA256: nil, findings: []))
        }
        XCTAssertEqual(record(.different, failed: true).problems(motionFileName: "motion.json"), [])
        XCTAssertEqual(record(.updated, failed: false).problems(motionFileName: "motion.json"), [])
        XCTAssertEqual(record(.same, failed: true).problems(motionFileName: "motion.json"),
                       [#"motion.failed true is not what motion.status "same" says (false)"#])
    }
}
