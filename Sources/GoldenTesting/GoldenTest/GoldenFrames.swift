import Foundation
import Frames
import ImageIO
import Raster
import RenderKit

/// The sink of `render test`: each worker takes a drawn frame through the steps of every golden (`GoldenCheck` with
/// `FrameGolden`) on the drawing thread — compared with its golden decoded from the golden folder, recorded or failing
/// as the record mode says — and writes files only where something is to be kept: the actual frame and diff image of a
/// failure (into the artifacts folder), a recorded or updated golden.
final class GoldenFrames: FrameSink {
    let test: GoldenTest
    /// Where recorded and updated goldens go until the run is complete.
    let recording: GoldenRecording
    let fileName: (Int) -> String
    /// The golden files present before the run.
    let existing: Set<String>
    let progress: ((Int, Int) -> Void)?
    private(set) var results: [GoldenFrameResult?]
    private var done = 0

    init(test: GoldenTest, recording: GoldenRecording, fileName: @escaping (Int) -> String, existing: Set<String>, count: Int,
         progress: ((Int, Int) -> Void)?) {
        self.test = test
        self.recording = recording
        self.fileName = fileName
        self.existing = existing
        self.progress = progress
        results = Array(repeating: nil, count: count)
    }

    var order: FrameOrder { .unordered }

    func makeWorker() -> Worker {
        Worker(check: GoldenCheck(golden: test.golden, mode: test.mode, artifacts: test.artifacts, recording: recording),
               strategy: FrameGolden(comparison: GoldenComparison(options: test.options, threadsPerFrame: 1)),
               fileName: fileName, existing: existing)
    }

    func receive(_ frame: PumpedFrame<GoldenFrameResult>) -> Bool {
        results[frame.slot] = frame.product
        done += 1
        progress?(done, results.count)
        return true
    }

    struct Worker: FrameWorker {
        let check: GoldenCheck
        let strategy: FrameGolden
        let fileName: (Int) -> String
        let existing: Set<String>

        func make(_ frame: RenderedFrame, previous: GoldenFrameResult?, timings: inout StageTimings) throws -> GoldenFrameResult {
            let start = DispatchTime.now().uptimeNanoseconds
            let name = fileName(frame.index)
            var r = GoldenFrameResult(name: name, status: .same)
            // For the golden folder's manifest, should this frame's golden be recorded or found the same.
            r.displayListHash = DisplayListDigest.hex(frame.displayList)
            r.pixelHash = pixelHash(frame.image)
            r.faces = FontFace.used(in: frame.displayList)
            let verdict = try check.check(strategy, frame.image, name: name, hasGolden: existing.contains(name), keepAs: "actual/" + name)
            // A frame without a golden is `extra` in the frames' reports, as it has always been.
            r.status = verdict.status == .noGolden ? .extra : verdict.status
            r.noGolden = verdict.status == .noGolden
            r.pixels = verdict.difference?.withoutImage
            r.expectedPath = r.noGolden ? nil : check.recording.goldenPath(name)
            r.actualPath = verdict.actualPath
            r.diffPath = verdict.evidencePaths.first
            r.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return r
        }
    }
}
