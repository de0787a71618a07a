import Foundation
import Frames
import Geometry
import ImageIO
import Raster
import RenderKit

/// The sink of `render test`: each worker compares a drawn frame with its golden, decoded from the golden folder, on
/// the drawing thread, and writes files only where something is to be kept — the actual frame and diff image of a
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
        Worker(test: test, recording: recording, engine: GoldenComparison(options: test.options, threadsPerFrame: 1),
               fileName: fileName, existing: existing)
    }

    func receive(_ frame: PumpedFrame<GoldenFrameResult>) -> Bool {
        results[frame.slot] = frame.product
        done += 1
        progress?(done, results.count)
        return true
    }

    struct Worker: FrameWorker {
        let test: GoldenTest
        let recording: GoldenRecording
        let engine: GoldenComparison
        let fileName: (Int) -> String
        let existing: Set<String>

        func make(_ frame: RenderedFrame, previous: GoldenFrameResult?, timings: inout StageTimings) throws -> GoldenFrameResult {
            let start = DispatchTime.now().uptimeNanoseconds
            let name = fileName(frame.index)
            let goldenPath = test.golden + "/" + name
            var r = GoldenFrameResult(name: name, status: .same)
            defer { r.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
            // For the golden folder's manifest, should this frame's golden be recorded or found the same.
            r.displayListHash = DisplayListDigest.hex(frame.displayList)
            r.pixelHash = pixelHash(frame.image)
            r.faces = FontFace.used(in: frame.displayList)
            let hasGolden = existing.contains(name)
            switch test.mode.step(hasGolden: hasGolden) {
            case .record:
                let bytes = try encode(frame.image, as: name)
                r.expectedPath = goldenPath
                // A golden re-recorded to the same bytes is not an update: "updated N" counts files that changed.
                if hasGolden, (try? readFileBytes(at: goldenPath)) == bytes { return r }
                try recording.write(bytes, as: name)
                r.status = hasGolden ? .updated : .recorded
                return r
            case .noGolden:
                r.status = .extra
                r.noGolden = true
                try keep(frame.image, as: name, in: &r)
                return r
            case .compare:
                break
            }
            r.expectedPath = goldenPath
            let expected: RGBAImage
            do { expected = try GoldenComparison.read(goldenPath) } catch { throw GoldenTest.Failure.input(error.description) }
            do {
                try engine.compare(frame.image, expected, into: &r, diffPath: test.artifacts + "/diff/" + name)
            } catch {
                throw GoldenTest.Failure.input(error.description)
            }
            if !r.failed || test.mode.replacesFailures, let diff = r.diffPath {
                // A diff image is evidence of a failure only.
                unlink(diff)
                r.diffPath = nil
            }
            guard r.failed else { return r }
            if test.mode.replacesFailures {
                try recording.write(try encode(frame.image, as: name), as: name)
                r.status = .updated
                return r
            }
            try keep(frame.image, as: name, in: &r)
            return r
        }

        /// The bytes of a golden to record (staged until the run is complete: `GoldenRecording.write`).
        private func encode(_ image: RGBAImage, as name: String) throws -> [UInt8] {
            do { return try PNGEncoder().encode(image) } catch {
                throw GoldenTest.Failure.input("cannot record \(recording.goldenPath(name)): \(error)")
            }
        }

        /// The actual frame of a failure, kept in the artifacts folder for the report.
        private func keep(_ image: RGBAImage, as name: String, in r: inout GoldenFrameResult) throws {
            let path = test.artifacts + "/actual/" + name
            do {
                try FileManager.default.createDirectory(atPath: test.artifacts + "/actual", withIntermediateDirectories: true)
                try writeFileAtomically(try PNGEncoder().encode(image), to: path)
            } catch {
                throw GoldenTest.Failure.input("cannot keep \(path): \(explain(error, known: path))")
            }
            r.actualPath = path
        }
    }
}
