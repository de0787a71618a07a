import Formats
import Foundation
import Frames
import ImageIO
import Raster
import RenderKit

/// What `render test` knew about the comparison beyond its results: the render's header and environment and the
/// frames compared, for `report.json` and `summary.md`.
public struct GoldenReportContext: Sendable {
    public var header: RenderHeader
    public var environment: RenderEnvironment?
    /// The first and last frame index compared.
    public var first: Int
    public var last: Int

    public init(header: RenderHeader, environment: RenderEnvironment?, first: Int, last: Int) {
        self.header = header; self.environment = environment; self.first = first; self.last = last
    }
}

extension GoldenTest {
    /// `report.json` for a failed `run`: the goldens and scene as absolute paths, the options, every failing frame
    /// with the SHA-256 of its golden as compared (read now: a failing frame's golden is never written by the run)
    /// and of the actual file kept in `actual/`, and the motion verdict likewise.
    func record(_ run: GoldenRun, context: GoldenReportContext) -> TestReportRecord {
        let o = run.options
        let options = TestReportRecord.Options(
            first: context.first, last: context.last, fps: context.header.fps, scale: context.header.scale,
            threshold: o.threshold, includeAA: o.includeAA, maxDiffPixels: o.maxDiffPixels, maxDiffRatio: o.maxDiffRatio,
            motionOnly: run.results.isEmpty && run.motion != nil, recordMode: mode.rawValue)
        let frames: [TestReportRecord.Frame] = run.failures.compactMap { r in
            guard let file = FrameFileName(r.name) else { return nil }
            return TestReportRecord.Frame(
                index: file.index, name: r.name, status: r.status,
                actual: r.actualPath.map { _ in "actual/" + r.name }, diff: r.diffPath.map { _ in "diff/" + r.name },
                pixelHash: r.pixelHash, displayList: r.displayListHash,
                goldenSHA256: Self.sha256(golden + "/" + r.name), actualSHA256: r.actualPath.flatMap(Self.sha256),
                differingPixels: r.differingPixels, totalPixels: r.totalPixels)
        }
        let motion = run.motion.map { m in
            TestReportRecord.Motion(status: m.status, failed: m.failed, actual: m.actualPath.map { _ in MotionTest.fileName },
                                    goldenSHA256: Self.sha256(m.goldenPath), actualSHA256: m.actualPath.flatMap(Self.sha256),
                                    findings: m.findings.map(\.line))
        }
        return TestReportRecord(goldens: Self.absolute(golden), scene: Self.absolute(scene), sceneName: context.header.scene,
                                variant: variant, header: context.header, environment: context.environment,
                                options: options, frames: frames, motion: motion)
    }

    /// The full SHA-256 of a file; nil when it cannot be read.
    static func sha256(_ path: String) -> String? {
        (try? readFileBytes(at: path)).map { ContentDigest.sha256($0) }
    }

    static func absolute(_ path: String) -> String {
        path.isEmpty ? path : URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
