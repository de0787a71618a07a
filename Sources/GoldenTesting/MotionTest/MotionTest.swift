import Formats
import Foundation
import Frames
import RenderKit

/// `render test`'s motion golden: records `motion.json` in the golden folder and compares the scene's motion track
/// with it, under the same record modes as the frames. It reads the states and layouts of `MotionSamples` (laid out
/// on the frame pump's threads, shared with the expectations) and draws nothing, so `--motion-only` costs a
/// simulation and one layout per frame.
public struct MotionTest: Sendable {
    var golden: String
    var mode: GoldenRecordMode
    var artifacts: String
    /// `--motion-tolerance`: points (or degrees) a value may differ by; ratios a tenth of it.
    var tolerance = MotionComparison.defaultTolerance
    /// Where a recorded or updated motion golden waits until the run is complete (`GoldenRecording`), shared with the
    /// frames'.
    var recording: GoldenRecording

    init(golden: String, mode: GoldenRecordMode, artifacts: String, recording: GoldenRecording) {
        self.golden = golden; self.mode = mode; self.artifacts = artifacts; self.recording = recording
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

    /// Records or compares the track of the samples (of a source at the scene's fps: `MotionTest.source(for:)`), through
    /// the steps every golden follows (`GoldenCheck`).
    func run(_ samples: MotionSamples) throws(GoldenTest.Failure) -> MotionResult {
        let path = golden + "/" + Self.fileName
        try? FileManager.default.removeItem(atPath: artifacts + "/" + Self.fileName)
        let track = MotionTrack(samples)
        let strategy = MotionGolden(tolerance: tolerance)
        let bytes = try strategy.encode(track)
        let check = GoldenCheck(golden: golden, mode: mode, artifacts: artifacts, recording: recording)
        let verdict = try check.check(strategy, track, bytes: bytes, name: Self.fileName,
                                      hasGolden: FileManager.default.fileExists(atPath: path), keepAs: Self.fileName)
        return MotionResult(status: verdict.status, findings: verdict.difference?.motionFindings ?? [], goldenPath: path,
                            actualPath: verdict.actualPath, bytes: bytes.count, fps: track.fps, seriesCount: track.series.count,
                            eventCount: track.events.count)
    }
}
