import XCTest
@testable import Frames
@testable import RenderKit

/// The stage bookkeeping behind `--timings` and the benchmark (values set by hand, no clocks).
final class StageTimingsTests: XCTestCase {
    func testMoveTransfersTimeBetweenStagesKeepingTheTotal() {
        var t = StageTimings()
        t.move(0, to: .blur, from: .raster)
        XCTAssertEqual(t.milliseconds(.blur), 0)
        t.add(timings([.raster: 10_000_000, .encode: 4_000_000]))
        t.move(3_000_000, to: .blur, from: .raster)
        XCTAssertEqual(t.milliseconds(.raster), 7, accuracy: 1e-12)
        XCTAssertEqual(t.milliseconds(.blur), 3, accuracy: 1e-12)
        XCTAssertEqual(t.milliseconds(.encode), 4, accuracy: 1e-12)
        // More than the outer stage holds (clock skew between two readings) moves only what is there.
        t.move(9_000_000, to: .blur, from: .raster)
        XCTAssertEqual(t.milliseconds(.raster), 0)
        XCTAssertEqual(t.milliseconds(.blur), 10, accuracy: 1e-12)
    }

    func testAddSumsPerStage() {
        var a = timings([.layout: 1_500_000, .blur: 2_000_000])
        a.add(timings([.layout: 500_000, .write: 1_000_000]))
        XCTAssertEqual(a.milliseconds(.layout), 2, accuracy: 1e-12)
        XCTAssertEqual(a.milliseconds(.blur), 2, accuracy: 1e-12)
        XCTAssertEqual(a.milliseconds(.write), 1, accuracy: 1e-12)
        XCTAssertEqual(a.milliseconds(.timeline), 0)
    }

    func testBlurIsItsOwnStageBetweenRasterAndEncode() {
        let names = StageTimings.Stage.allCases.map(\.rawValue)
        XCTAssertEqual(names, ["timeline", "layout", "displayList", "raster", "blur", "encode", "write"])
    }

    func timings(_ values: [StageTimings.Stage: UInt64]) -> StageTimings {
        var t = StageTimings()
        t.nanoseconds = values
        return t
    }
}
