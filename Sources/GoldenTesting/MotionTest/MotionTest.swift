import Formats
import Foundation
import Frames
import ImageIO
import RenderKit

/// `render test`'s motion golden: records `motion.json` in the golden folder and compares the scene's motion track
/// with it, under the same record modes as the frames. It reads the states and layouts of `MotionSamples` (laid out
/// on the frame pump's threads, shared with the expectations) and draws nothing, so `--motion-only` costs a
/// simulation and one layout per frame.
public struct MotionTest: Sendable {
    public var golden: String
    public var mode: GoldenRecordMode
    public var artifacts: String
    /// `--motion-tolerance`: points (or degrees) a value may differ by; ratios a tenth of it.
    public var tolerance = MotionComparison.defaultTolerance
    /// Where a recorded or updated motion golden waits until the run is complete (`GoldenRecording`); nil writes it
    /// into `golden` at once.
    public var recording: GoldenRecording?

    public init(golden: String, mode: GoldenRecordMode, artifacts: String) {
        self.golden = golden; self.mode = mode; self.artifacts = artifacts
    }

    /// The file name of the motion golden, in the golden folder and in the report folder.
    public static let fileName = "motion.json"

    /// A source of `source`'s scene at the scene's own fps and scale without the finger (the motion track's), which
    /// is `source` itself when it already is one: pixel goldens may be sampled at 2 fps, motion never is. It shares
    /// `source`'s simulation (`FrameSource(options:sharingSimulationOf:)`): the scene is simulated once.
    public static func source(for source: FrameSource) throws(RenderError) -> FrameSource {
        func atSceneRate(_ s: FrameSource) -> Bool { s.fps == s.scene.fps && s.scale == s.scene.canvas.scale }
        if atSceneRate(source) { return source }
        if let simulated = source.simulatedBy, atSceneRate(simulated) { return simulated }
        return try FrameSource(options: FrameOptions(), sharingSimulationOf: source)
    }

    /// Records or compares the track of the samples (of a source at the scene's fps: `MotionTest.source(for:)`).
    public func run(_ samples: MotionSamples) throws(GoldenTest.Failure) -> MotionResult {
        let path = golden + "/" + Self.fileName
        let reportCopy = artifacts + "/" + Self.fileName
        try? FileManager.default.removeItem(atPath: reportCopy)
        let track = MotionTrack(samples)
        let bytes: [UInt8]
        do { bytes = try OrderedJSONEncoder().encodeBytes(track) } catch { throw .input("cannot write the motion track: \(error)") }
        var result = MotionResult(status: .same, findings: [], goldenPath: path, bytes: bytes.count, fps: track.fps,
                                  seriesCount: track.series.count, eventCount: track.events.count)
        let exists = FileManager.default.fileExists(atPath: path)
        switch mode.step(hasGolden: exists) {
        case .noGolden:
            // Kept in the report, so that `render accept --motion` can record it without running again.
            try write(bytes, to: reportCopy)
            result.actualPath = reportCopy
            result.status = .noGolden
            return result
        case .record:
            let same = exists && (try? readFileBytes(at: path)) == bytes
            if !same { try record(bytes, to: path) }
            result.status = exists ? (same ? .same : .updated) : .recorded
            return result
        case .compare:
            break
        }
        // The same bytes are the same track: nothing to decode or compare (a file that cannot be read is reported
        // by `MotionTrack.read`).
        if (try? readFileBytes(at: path)) == bytes { return result }
        let expected: MotionTrack
        do { expected = try MotionTrack.read(at: path) } catch { throw .input(error.description) }
        // Compared as written, so that both sides carry the file's rounding (times on the microsecond grid).
        let written: MotionTrack
        do { written = try FormatFile.decode(MotionTrack.self, from: Data(bytes), path: reportCopy) } catch { throw .input(error.description) }
        result.findings = MotionComparison(golden: expected, actual: written, tolerance: tolerance).findings
        guard !result.findings.isEmpty else { return result }
        if mode.replacesFailures {
            try record(bytes, to: path)
            result.status = .updated
        } else {
            try write(bytes, to: reportCopy)
            result.status = .different
            result.actualPath = reportCopy
        }
        return result
    }

    /// The motion golden at `path`, through `recording` when there is one.
    private func record(_ bytes: [UInt8], to path: String) throws(GoldenTest.Failure) {
        guard let recording else { return try write(bytes, to: path) }
        try recording.write(bytes, as: Self.fileName)
    }

    private func write(_ bytes: [UInt8], to path: String) throws(GoldenTest.Failure) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try writeFileAtomically(bytes, to: path)
        } catch {
            throw .input("cannot write \(path): \(explain(error, known: path))")
        }
    }
}
