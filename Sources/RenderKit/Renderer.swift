import DisplayList
import Formats
import Foundation
import Geometry
import ImageIO
import SceneModel
import Timeline

/// What a finished render wrote.
public struct RenderSummary: Sendable {
    public var outputDirectory: String
    /// Indices of the frames written, in order.
    public var frames: [Int]
    public var frameCount: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Total PNG bytes written.
    public var bytes: Int
    /// Frames with the same pixels as the frame just before them (see `FrameResult.unchanged`): a property
    /// of the scene, the same whatever --jobs is; the renderer reuses such a frame's bytes when it can.
    public var reused: Int
    public var timings: StageTimings
    /// Wall-clock seconds of the whole render.
    public var seconds: Double
}

/// Why a render stopped.
public enum RenderError: Error, CustomStringConvertible {
    case timeline(TimelineError)
    case output(String)
    case cancelled

    public var description: String {
        switch self {
        case .timeline(let e): return e.description
        case .output(let s): return s
        case .cancelled: return "the render was interrupted"
        }
    }
}

/// Renders a loaded scene's frames to PNG files with a manifest and an events file. Its frames come from `source`,
/// the same `FrameSource` every other output draws from.
public final class Renderer: @unchecked Sendable {
    public let loaded: LoadedScene
    public let options: RenderOptions
    /// Where every frame comes from.
    public let source: FrameSource
    /// Pixels per point.
    public var scale: Double { source.scale }
    /// Frames per second.
    public var fps: Double { source.fps }

    /// The timeline is no longer handed out: ask `source` for states (`source.state(i)`) and for the timeline's
    /// facts (`frameCount`, `duration`, `history`), so that no frame is resolved without its layout geometry.
    @available(*, unavailable, renamed: "source")
    public var timeline: FrameSource { source }

    /// Set from a signal handler or another thread to stop at the next frame.
    public let cancellation = CancellationFlag()

    public init(_ loaded: LoadedScene, options: RenderOptions) throws(RenderError) {
        self.loaded = loaded
        self.options = options
        source = try FrameSource(loaded, options: options)
    }

    public var pixelWidth: Int { source.pixelWidth }
    public var pixelHeight: Int { source.pixelHeight }

    /// The folder frames go to.
    public var outputDirectory: String { options.outputDirectory ?? "Output/\(loaded.scene.name)" }

    /// The frame indices this render writes.
    public var frameIndices: [Int] {
        let all = options.shard?.frames(of: source.frameCount) ?? 0..<source.frameCount
        guard let r = options.frames else { return Array(all) }
        if options.shard != nil { return all.filter { r.contains($0) } }
        return Array(max(r.lowerBound, 0)...min(r.upperBound, source.frameCount - 1))
    }

    /// File name of frame `i`: five digits, more when the frame count needs them.
    public func frameFile(_ i: Int) -> FrameFileName { FrameFileName(index: i, frameCount: source.frameCount) }

    /// `frameFile(i)` as text.
    public func fileName(_ i: Int) -> String { frameFile(i).description }

    /// Renders every requested frame. `progress` is called (from worker threads, serialised)
    /// after each frame with the number done.
    public func render(progress: (@Sendable (Int, Int) -> Void)? = nil) throws(RenderError) -> RenderSummary {
        let start = DispatchTime.now().uptimeNanoseconds
        let dir = outputDirectory
        try OutputFolder.prepare(dir)
        let indices = frameIndices
        let results = FrameResults(count: indices.count)
        let jobs = max(1, min(options.jobs, indices.count))
        let next = WorkQueue(count: indices.count, chunk: 4)
        let failure = FailureBox()
        let source = self.source, options = self.options
        let cancellation = self.cancellation
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let drawer: FrameDrawer
            do throws(RenderError) { drawer = try source.drawer() } catch {
                failure.set(error)
                return
            }
            let encoder = PNGEncoder(compression: options.compression)
            // This worker's compressed bands: a frame recompresses only the bands that differ from recent frames'.
            let bands = PNGBandCache()
            var previous: (bytes: [UInt8], hash: String)?
            while let slot = next.take(), !failure.isSet, !cancellation.isCancelled {
                let i = indices[slot]
                let frame: RenderedFrame
                do throws(RenderError) { frame = try drawer.frame(i) } catch {
                    failure.set(error)
                    return
                }
                var bytes: [UInt8]
                var hash: String
                var reused = false
                if frame.reused, let p = previous {
                    bytes = p.bytes; hash = p.hash; reused = true
                } else {
                    hash = pixelHash(frame.image)
                    do { bytes = try drawer.timings.measure(.encode) { try encoder.encode(frame.image, cache: bands) } } catch {
                        failure.set(.output("cannot encode frame \(i): \(error)"))
                        return
                    }
                }
                let path = dir + "/" + self.fileName(i)
                do { try drawer.timings.measure(.write) { try writeFileAtomically(bytes, to: path) } } catch {
                    failure.set(.output("\(error)"))
                    return
                }
                previous = (bytes, hash)
                let done = results.store(slot, FrameResult(index: i, hash: hash, bytes: bytes.count, reused: reused))
                progress?(done, indices.count)
            }
            results.addTimings(drawer.timings)
        }
        if let f = failure.error { throw f }
        if cancellation.isCancelled { throw .cancelled }
        let frames = results.all
        let summary = RenderSummary(outputDirectory: dir, frames: indices, frameCount: source.frameCount,
                                    pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                                    bytes: frames.reduce(0) { $0 + $1.bytes }, reused: FrameResult.unchanged(frames),
                                    timings: results.timings,
                                    seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        do {
            let manifest = try OrderedJSONEncoder().encodeBytes(Manifest(self, frames: frames))
            if let shard = options.shard {
                try writeFileAtomically(manifest, to: dir + "/" + shard.manifestName)
            } else {
                try OutputFolder.removeStaleFrames(dir, keeping: Set(indices.map(fileName)), renderedAll: options.frames == nil)
                try writeFileAtomically(manifest, to: dir + "/manifest.json")
            }
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
    var reused: Bool
}

/// Results from worker threads, stored by slot.
final class FrameResults: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [FrameResult?]
    private var done = 0
    private(set) var timings = StageTimings()
    init(count: Int) { items = Array(repeating: nil, count: count) }
    func store(_ slot: Int, _ r: FrameResult) -> Int {
        lock.lock(); defer { lock.unlock() }
        items[slot] = r
        done += 1
        return done
    }
    func addTimings(_ t: StageTimings) { lock.lock(); timings.add(t); lock.unlock() }
    var all: [FrameResult] { lock.lock(); defer { lock.unlock() }; return items.compactMap { $0 } }
}

/// Hands out frame slots in small consecutive chunks, so a worker usually draws neighbouring
/// frames and can reuse the previous one's bytes when nothing changed.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int, chunk: Int
    private var nextChunk = 0
    private var current: (next: Int, end: Int)?
    private let local = ThreadLocalChunk()
    init(count: Int, chunk: Int) { self.count = count; self.chunk = chunk }

    func take() -> Int? {
        if let s = local.take() { return s }
        lock.lock(); defer { lock.unlock() }
        let start = nextChunk * chunk
        guard start < count else { return nil }
        nextChunk += 1
        local.set(start + 1, min(start + chunk, count))
        return start
    }
}

/// The rest of the current chunk of the calling thread.
final class ThreadLocalChunk: @unchecked Sendable {
    private let key = "render.chunk.\(UUID().uuidString)"
    func take() -> Int? {
        guard let r = Thread.current.threadDictionary[key] as? [Int], r[0] < r[1] else { return nil }
        Thread.current.threadDictionary[key] = [r[0] + 1, r[1]]
        return r[0]
    }
    func set(_ next: Int, _ end: Int) { Thread.current.threadDictionary[key] = [next, end] }
}

/// The first error a worker hit.
final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: RenderError?
    func set(_ e: RenderError) { lock.lock(); if value == nil { value = e }; lock.unlock() }
    var error: RenderError? { lock.lock(); defer { lock.unlock() }; return value }
    var isSet: Bool { error != nil }
}

/// A flag that a signal handler or another thread sets to stop a render between frames.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    public init() {}
    public func cancel() { lock.lock(); value = true; lock.unlock() }
    public var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
