import Formats
import Foundation
import Frames
import ImageIO
import Raster

/// What a finished PNG sequence wrote.
public struct RenderSummary: Sendable {
    public var outputDirectory: String
    /// Indices of the frames written, in order.
    public var frames: [Int]
    public var frameCount: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Total PNG bytes written.
    public var bytes: Int
    /// Frames whose display list equals the one of the frame before them (`FramePump.Report.unchanged`): a property
    /// of the scene, the same whatever --jobs is; such a frame's bytes are reused where the same thread drew both.
    public var reused: Int
    public var timings: StageTimings
    /// Wall-clock seconds of the whole render.
    public var seconds: Double
    /// Frames of an earlier render of the same scene and settings that stay in the folder beside this render's
    /// (`--frames`, `--at`): manifest.json lists them too.
    public var kept = 0
    /// Frame files of an earlier render that were removed: frames a full render did not write again, or every frame
    /// of an earlier render at other settings (another fps, scale, size or variant).
    public var removed = 0
    /// The frames manifest.json lists now (this render's and the kept ones); for a shard, its own.
    public var listed = 0
    /// The file names this render wrote, in order.
    public var files: [String] = []
}

/// The PNG sequence: a selection of a source's frames as `frame_NNNNN.png` files in a folder, with `manifest.json`
/// (or a shard's manifest) and `events.json`. A `FrameSink`: the pump's threads encode and write the files side by
/// side, and this type collects what was written.
public final class PNGSequence {
    public let source: FrameSource
    public let selection: FrameSelection
    /// The folder frames go to.
    public let outputDirectory: String
    public let compression: PNGCompression

    public init(source: FrameSource, selection: FrameSelection, outputDirectory: String? = nil,
                compression: PNGCompression = .default) {
        self.source = source
        self.selection = selection
        self.outputDirectory = outputDirectory ?? "Output/\(source.scene.name)"
        self.compression = compression
    }

    /// File name of frame `i`: five digits, more when the frame count needs them.
    public func frameFile(_ i: Int) -> FrameFileName { FrameFileName(index: i, frameCount: source.frameCount) }

    /// `frameFile(i)` as text.
    public func fileName(_ i: Int) -> String { frameFile(i).description }

    /// Writes every selected frame through `pump` (whose source must be this sequence's). `progress` gets (frames
    /// done, frames to do).
    public func write(with pump: FramePump, progress: ((Int, Int) -> Void)? = nil) throws(RenderError) -> RenderSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        let dir = outputDirectory
        try OutputFolder.prepare(dir)
        let sink = PNGFrameFiles(sequence: self, progress: progress)
        let report: FramePump.Report
        do { report = try pump.pump(selection.indices, into: sink) } catch let e as RenderError { throw e } catch {
            throw .output("\(error)")
        }
        let frames = sink.results.compactMap { $0 }
        var summary = RenderSummary(outputDirectory: dir, frames: selection.indices, frameCount: source.frameCount,
                                    pixelWidth: source.pixelWidth, pixelHeight: source.pixelHeight,
                                    bytes: frames.reduce(0) { $0 + $1.bytes }, reused: report.unchanged,
                                    timings: report.timings,
                                    seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        summary.files = selection.indices.map(fileName)
        var manifest = Manifest(self, frames: frames, environment: .current(faces: sink.faces))
        if selection.shard == nil, let earlier = OutputFolder.earlierManifest(dir) {
            // The folder tells the truth: its frame files are exactly those manifest.json lists, all of one render.
            let written = Set(summary.files)
            if !selection.isAll && OutputFolder.sameRender(earlier.header, manifest.header) && earlier.hash == manifest.hash {
                let kept = earlier.frames.filter { !written.contains($0.file.description) }
                summary.kept = kept.count
                manifest.frames = (kept + manifest.frames).sorted { $0.index < $1.index }
                // The kept frames' fonts too: the manifest speaks for every frame it lists.
                if let here = manifest.environment, let there = earlier.environment, !kept.isEmpty {
                    manifest.environment = here.addingFonts(of: there)
                }
            } else {
                summary.removed = OutputFolder.remove(earlier.frames, keeping: written, in: dir)
            }
        }
        summary.listed = manifest.frames.count
        do {
            let bytes = try OrderedJSONEncoder().encodeBytes(manifest)
            try writeFileAtomically(bytes, to: dir + "/" + (selection.shard?.manifestName ?? "manifest.json"))
            try writeFileAtomically(try OrderedJSONEncoder().encodeBytes(EventLog(source)), to: dir + "/events.json")
        } catch {
            throw .output("\(error)")
        }
        return summary
    }
}

/// One written frame.
struct FrameResult: Sendable {
    var index: Int
    var hash: String
    var bytes: Int
}

/// The sink of a `PNGSequence`: its workers encode and write each frame's file on the drawing threads; it keeps
/// what they wrote by place in the selection.
final class PNGFrameFiles: FrameSink {
    let sequence: PNGSequence
    let progress: ((Int, Int) -> Void)?
    private(set) var results: [FrameResult?]
    /// The faces the written frames' text is drawn in, for the manifest's environment.
    private(set) var faces = Set<FontFace>()
    private var done = 0

    init(sequence: PNGSequence, progress: ((Int, Int) -> Void)?) {
        self.sequence = sequence
        self.progress = progress
        results = Array(repeating: nil, count: sequence.selection.indices.count)
    }

    var order: FrameOrder { .unordered }

    func makeWorker() -> Worker {
        Worker(folder: sequence.outputDirectory, fileName: sequence.fileName,
               encoder: PNGEncoder(compression: sequence.compression), bands: PNGBandCache())
    }

    func receive(_ frame: PumpedFrame<Worker.Written>) throws -> Bool {
        results[frame.slot] = FrameResult(index: frame.index, hash: frame.product.hash, bytes: frame.product.bytes.count)
        faces.formUnion(frame.product.faces)
        done += 1
        progress?(done, results.count)
        return true
    }

    struct Worker: FrameWorker {
        struct Written { var bytes: [UInt8]; var hash: String; var faces: Set<FontFace> }
        let folder: String
        let fileName: (Int) -> String
        let encoder: PNGEncoder
        /// This thread's compressed bands: a frame recompresses only the bands that differ from recent frames'.
        let bands: PNGBandCache

        func make(_ frame: RenderedFrame, previous: Written?, timings: inout StageTimings) throws -> Written {
            var written: Written
            if frame.reused, let previous {
                written = previous
            } else {
                let bytes = try timings.measure(.encode) { try encoder.encode(frame.image, cache: bands) }
                written = Written(bytes: bytes, hash: pixelHash(frame.image), faces: FontFace.used(in: frame.displayList))
            }
            let path = folder + "/" + fileName(frame.index)
            try timings.measure(.write) { try writeFileAtomically(written.bytes, to: path) }
            return written
        }
    }
}
