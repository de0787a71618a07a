import Foundation
import Frames
import Geometry

/// The sink of one ffmpeg pass: frames in order, their bytes written to ffmpeg's standard input. The workers make
/// the bytes on the drawing threads: the frame's RGBA pixels, or for mp4 its Y′CbCr 4:2:0 conversion, updated only
/// where the frame changed since the thread's previous one.
final class FFmpegFrames: FrameSink {
    let process: FFmpegProcess
    let yuv: Bool
    let buffers: BufferPool
    let sent: () -> Void
    /// Time spent writing to ffmpeg (waiting while it encodes): the `encode` stage.
    private(set) var timings = StageTimings()
    /// ffmpeg stopped reading (it exited: its status says why).
    private(set) var refused = false

    init(process: FFmpegProcess, yuv: Bool, buffers: BufferPool, sent: @escaping () -> Void) {
        self.process = process
        self.yuv = yuv
        self.buffers = buffers
        self.sent = sent
    }

    var order: FrameOrder { .ordered }

    func makeWorker() -> Worker { Worker(yuv: yuv, buffers: buffers) }

    func receive(_ frame: PumpedFrame<[UInt8]>) throws -> Bool {
        // Blocks while ffmpeg is behind; the drawing threads go on up to the pump's window meanwhile.
        guard timings.measure(.encode, { process.write(frame.product) }) else {
            refused = true
            return false
        }
        // Converted arrays go round: drawing threads → ffmpeg's pipe → back to the workers for the next frames.
        if yuv { buffers.give(frame.product) }
        sent()
        return true
    }

    struct Worker: FrameWorker {
        let yuv: Bool
        let buffers: BufferPool

        func make(_ frame: RenderedFrame, previous: [UInt8]?, timings: inout StageTimings) -> [UInt8] {
            guard yuv else { return frame.image.pixels }
            if frame.reused, let previous { return previous }
            // A buffer of its own: the previous one may still be on its way to ffmpeg.
            var next = buffers.take() ?? []
            if let previous, let changed = frame.changed {
                // Only `changed` differs from this thread's previous frame: start from its bytes.
                if next.count == previous.count {
                    previous.withUnsafeBytes { old in next.withUnsafeMutableBytes { $0.copyMemory(from: old) } }
                } else {
                    next = previous
                }
                YUV420Conversion.convert(frame.image, into: &next, changed: changed)
            } else {
                YUV420Conversion.convert(frame.image, into: &next, changed: nil)
            }
            return next
        }
    }
}

/// Byte arrays handed back by the sink for the next frames' bytes, so a long encode does not allocate (and fault in)
/// a new frame-sized array for every frame. Holds at most `limit`.
final class BufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var free: [[UInt8]] = []
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// A returned array, or nil when none is free.
    func take() -> [UInt8]? {
        lock.lock(); defer { lock.unlock() }
        return free.popLast()
    }

    /// Gives `bytes` back. An array still referenced elsewhere (a frame sent twice) is copied when next written, as any
    /// Swift array is, so giving one back early is safe.
    func give(_ bytes: [UInt8]) {
        lock.lock(); defer { lock.unlock() }
        if free.count < limit { free.append(bytes) }
    }
}
