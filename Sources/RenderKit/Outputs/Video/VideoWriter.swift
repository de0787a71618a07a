import Foundation
import Frames
import ImageIO

/// Why a video could not be written.
public enum VideoError: Error, CustomStringConvertible {
    /// No `ffmpeg` on PATH.
    case ffmpegMissing(VideoFormat)
    /// ffmpeg exited with `status`; `lastLines` are the end of what it wrote on standard error.
    case ffmpegFailed(VideoFormat, status: Int32, lastLines: [String])
    /// The file could not be created or renamed into place.
    case file(String)

    public var description: String {
        switch self {
        case .ffmpegMissing(let format):
            return "writing \(format.rawValue) needs ffmpeg, which is not on PATH: install the Debian package ffmpeg "
                + "(apt-get install ffmpeg)"
        case .ffmpegFailed(let format, let status, let lines):
            let said = lines.isEmpty ? "" : ":\n" + lines.map { "  ffmpeg: " + $0 }.joined(separator: "\n")
            return "ffmpeg failed to write \(format.rawValue) (exit status \(status))\(said)"
        case .file(let message):
            return message
        }
    }
}

/// What a finished video encode wrote.
public struct VideoSummary: Sendable {
    public var path: String
    public var format: VideoFormat
    /// Frames drawn (a GIF above 50 fps holds fewer: `resampledFPS`).
    public var frames: Int
    /// The frame rate the file was resampled to, when the format cannot play the scene's (GIF above 50 fps).
    public var resampledFPS: Double?
    /// Frames whose display list equals the previous frame's: held frames, sent again without being drawn where the
    /// thread that drew the frame before drew them too. A property of the scene, the same whatever --jobs is.
    public var reused: Int
    /// Frame size in pixels, before any padding the format needs.
    public var pixelWidth: Int, pixelHeight: Int
    /// True when the file keeps an alpha channel.
    public var alpha: Bool
    public var bytes: Int
    /// Wall-clock seconds.
    public var seconds: Double
    /// Drawing stages, plus `encode`: time spent handing frames to ffmpeg (waiting while it encodes).
    public var timings: StageTimings
}

/// Encodes a `FrameSource`'s frames into one video or animated-image file with ffmpeg, which runs as a subprocess and
/// reads the frames raw on a pipe (no PNG encoding on the way): RGBA, or for mp4 Y′CbCr 4:2:0 converted on the pump's
/// drawing threads (`YUV420Conversion`). A `FrameSink` taking frames in order: a frame whose display list equals the
/// one before is sent again without being drawn or converted.
///
/// The file appears whole or not at all: ffmpeg writes to a hidden temporary name in the destination folder, which is
/// renamed when ffmpeg has succeeded. Cancelling (the pump's `cancellation`), a failure, or a closed `FileWriteGate`
/// (Ctrl-C that cannot wait) stops ffmpeg and removes the temporary.
public final class VideoWriter: Sendable {
    public let source: FrameSource
    public let format: VideoFormat
    public let quality: VideoQuality
    /// Whether the file keeps alpha: the format can and the scene's background is not opaque.
    public var alpha: Bool { format.keepsAlpha && sceneHasTransparency(source.scene.canvas.background) }

    /// Where ffmpeg is looked for (PATH's value; nil: this process's PATH).
    public let searchPath: String?

    public init(source: FrameSource, format: VideoFormat, quality: VideoQuality = .high,
                searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.source = source
        self.format = format
        self.quality = quality
        self.searchPath = searchPath
    }

    /// Encodes frames `indices` (in order) drawn by `pump` to `path`. `progress` gets (frames handed to ffmpeg,
    /// frames to hand over), counting both of GIF's passes.
    public func write(_ indices: [Int], with pump: FramePump, to path: String,
                      progress: ((Int, Int) -> Void)? = nil) throws -> VideoSummary {
        guard let ffmpeg = FFmpegProcess.locate(path: searchPath) else { throw VideoError.ffmpegMissing(format) }
        let started = DispatchTime.now().uptimeNanoseconds
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let arguments = FFmpegArguments(format: format, quality: quality, width: source.pixelWidth,
                                        height: source.pixelHeight, fps: source.fps, alpha: alpha)
        let passes = arguments.passes(output: temporary)
        let leftovers = [temporary, FFmpegArguments.palettePath(for: temporary)]
        let running = RunningEncoder()
        guard let key = FileWriteGate.shared.register({ running.stop(); leftovers.forEach { unlink($0) } }) else {
            throw RenderError.cancelled
        }
        defer { FileWriteGate.shared.unregister(key) }
        func abandon(_ error: Error) -> Error {
            running.stop()
            leftovers.forEach { unlink($0) }
            return error
        }

        var timings = StageTimings()
        var reused = 0
        let total = indices.count * passes.count
        var sent = 0
        for pass in passes {
            let process: FFmpegProcess
            do { process = try FFmpegProcess(executable: ffmpeg, arguments: pass) } catch { throw abandon(error) }
            running.set(process)
            // Each pass draws the frames anew; the file's frames are the last pass's.
            let sink = FFmpegFrames(process: process, yuv: arguments.yuvInput,
                                    buffers: BufferPool(limit: 2 * pump.jobs * pump.run + pump.jobs + 4)) {
                sent += 1
                progress?(sent, total)
            }
            do {
                let report = try pump.pump(indices, into: sink)
                timings.add(report.timings)
                timings.add(sink.timings)
                reused = report.unchanged
            } catch {
                throw abandon(error)
            }
            let (status, lines) = process.finish()
            running.set(nil)
            if pump.cancellation.isCancelled { throw abandon(RenderError.cancelled) }
            if status != 0 || sink.refused {
                throw abandon(VideoError.ffmpegFailed(format, status: status, lastLines: lines))
            }
        }
        unlink(FFmpegArguments.palettePath(for: temporary))
        guard FileWriteGate.shared.enter() else { throw abandon(RenderError.cancelled) }
        let renamed = rename(temporary, path) == 0 ? 0 : errno
        FileWriteGate.shared.leave()
        if renamed != 0 {
            throw abandon(VideoError.file("cannot move the finished file to \(path): \(String(cString: strerror(renamed)))"))
        }
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        let resampled = format == .gif && source.fps > FFmpegArguments.gifMaxFPS ? FFmpegArguments.gifMaxFPS : nil
        return VideoSummary(path: path, format: format, frames: indices.count, resampledFPS: resampled, reused: reused,
                            pixelWidth: source.pixelWidth, pixelHeight: source.pixelHeight, alpha: alpha, bytes: bytes,
                            seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, timings: timings)
    }
}

/// The ffmpeg process of the pass in progress, which the write gate's clean-up may have to stop from another thread.
private final class RunningEncoder: @unchecked Sendable {
    private let lock = NSLock()
    private var process: FFmpegProcess?

    func set(_ p: FFmpegProcess?) { lock.lock(); process = p; lock.unlock() }

    /// Kills ffmpeg (SIGKILL) and waits for it to be gone, so it cannot create or write the file afterwards.
    func stop() {
        lock.lock(); let p = process; process = nil; lock.unlock()
        guard let p else { return }
        kill(p.pid, SIGKILL)
        // Wait for it to die; Foundation may reap it first (ECHILD), which also means it is gone.
        var status: Int32 = 0
        for _ in 0..<500 {
            let r = waitpid(p.pid, &status, WNOHANG)
            if r == p.pid || r < 0 { break }
            usleep(2_000)
        }
    }
}
