import Formats
import Foundation
import Geometry
import ImageIO
@testable import GoldenTesting
import RenderKit
import XCTest

/// summary.md's animation: halving by block averages worked out by hand, the 2 MB budget met by making noise (which
/// does not compress) smaller, and many changed frames sampled down to the most it shows.
final class GoldenSummaryPageTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testReduceAveragesBlocksWeightedByAlpha() {
        // Two 2×2 blocks. Left: red, red, blue, blue, all opaque → (127.5 → 128, 0, 127.5 → 128). Right: opaque red
        // and three fully transparent whites → red (the transparent pixels carry no colour), alpha 255/4 → 64.
        let px: [[UInt8]] = [[255, 0, 0, 255], [255, 0, 0, 255], [255, 0, 0, 255], [255, 255, 255, 0],
                             [0, 0, 255, 255], [0, 0, 255, 255], [255, 255, 255, 0], [255, 255, 255, 0]]
        let image = RGBAImage(width: 4, height: 2, pixels: px.flatMap { $0 })
        let half = GoldenSummaryPage.reduce(image, by: 2)
        XCTAssertEqual(half.width, 2)
        XCTAssertEqual(half.height, 1)
        XCTAssertEqual(half.pixels, [128, 0, 128, 255, 255, 0, 0, 64])
    }

    /// `count` failing frames of `width`×`height` noise (golden and actual different noise), written as PNGs.
    func noiseRun(count: Int, width: Int, height: Int) throws -> (GoldenRun, TestReportRecord) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func noise() -> RGBAImage {
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            for i in pixels.indices {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                pixels[i] = UInt8(truncatingIfNeeded: state >> 56)
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
        var results: [GoldenFrameResult] = []
        for k in 0..<count {
            let name = FrameFileName(index: k).description
            var r = GoldenFrameResult(name: name, status: .different)
            r.expectedPath = folder + "/e-" + name
            r.actualPath = folder + "/a-" + name
            try writeFileAtomically(try PNGEncoder(compression: .fast).encode(noise()), to: r.expectedPath!)
            try writeFileAtomically(try PNGEncoder(compression: .fast).encode(noise()), to: r.actualPath!)
            results.append(r)
        }
        let header = RenderHeader(scene: "noise", fps: 10, frameCount: count, duration: Double(count) / 10,
                                  width: width, height: height, scale: 1)
        let options = TestReportRecord.Options(first: 0, last: count - 1, fps: 10, scale: 1, threshold: 0, includeAA: true,
                                               maxDiffPixels: 0, maxDiffRatio: 0, motionOnly: false, recordMode: "never")
        let record = TestReportRecord(goldens: folder, scene: folder + "/noise.json", sceneName: "noise", variant: [],
                                      header: header, environment: nil, options: options, frames: [], motion: nil)
        return (GoldenRun(results: results, options: .exact, seconds: 0), record)
    }

    func testNoiseIsMadeSmallerUntilUnderTheBudget() throws {
        // 20 frames of two 300×200 noise pictures (every channel random), drawn on the summary's opaque page, so three
        // random channels a pixel: 7.2 MB that deflate cannot shrink. Half the size (1.8 MB) is the first that fits 2 MB.
        let (run, record) = try noiseRun(count: 20, width: 300, height: 200)
        let path = folder + "/summary.png"
        let animation = try XCTUnwrap(try GoldenSummaryPage.writeAnimation(run, record: record, to: path))
        XCTAssertEqual(animation.reduction, 2)
        XCTAssertEqual(animation.frames.count, 20)
        XCTAssertLessThanOrEqual(try readFileBytes(at: path).count, GoldenSummaryPage.byteBudget)
        XCTAssertEqual(animation.size.width, 150 + GoldenSummaryPage.gap + 150)
        XCTAssertEqual(animation.size.height, GoldenSummaryPage.labelHeight + 100)
    }

    func testManyChangedFramesAreSampledEvenly() throws {
        let (run, record) = try noiseRun(count: 45, width: 8, height: 6)
        let animation = try XCTUnwrap(try GoldenSummaryPage.writeAnimation(run, record: record, to: folder + "/summary.png"))
        // 45 frames, at most 40 shown: every second one, 0, 2, … 44.
        XCTAssertEqual(animation.frames, stride(from: 0, to: 45, by: 2).map { FrameFileName(index: $0).description })
        XCTAssertEqual(animation.changedFrames, 45)
        XCTAssertEqual(animation.reduction, 1)
        let text = GoldenSummaryPage.markdown(run, record: record, report: "r", animation: animation)
        XCTAssertTrue(text.contains("Golden (left) beside actual (right), 23 of the 45 changed frames:"), text)
        XCTAssertTrue(text.contains("| … | | 15 more failing frames (index.html lists them) |"), text)
    }
}
