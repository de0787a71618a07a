import Foundation

/// Hands frames to an ffmpeg process from a thread of its own, so the next frame is drawn while ffmpeg reads the one
/// before: at most `depth` frames wait between the two (memory stays flat), and `send` blocks when they do, which is
/// how ffmpeg's pace holds the drawing back.
final class FrameHandoff: @unchecked Sendable {
    private let process: FFmpegProcess
    private let lock = NSLock()
    private var queue: [[UInt8]?] = []
    private var failed = false
    private let free: DispatchSemaphore
    private let waiting = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    /// Called with each frame's bytes once they are written (or dropped), to reuse the array.
    private let recycle: (([UInt8]) -> Void)?

    init(_ process: FFmpegProcess, depth: Int = 2, recycle: (([UInt8]) -> Void)? = nil) {
        self.process = process
        self.recycle = recycle
        free = DispatchSemaphore(value: depth)
        Thread.detachNewThread { [self] in run() }
    }

    /// Queues a frame's RGBA bytes; false once ffmpeg has stopped reading (it exited: its status says why).
    func send(_ pixels: [UInt8]) -> Bool {
        free.wait()
        lock.lock()
        let ok = !failed
        queue.append(pixels)
        lock.unlock()
        waiting.signal()
        return ok
    }

    /// Waits until every queued frame has been written; true when ffmpeg took all of them. Call once.
    func finish() -> Bool {
        lock.lock(); queue.append(nil); lock.unlock()
        waiting.signal()
        done.wait()
        lock.lock(); defer { lock.unlock() }
        return !failed
    }

    private func run() {
        while true {
            waiting.wait()
            lock.lock()
            let next = queue.removeFirst()
            let skip = failed
            lock.unlock()
            guard let pixels = next else { break }
            // After a failed write the rest are dropped, but still taken, so `send` never blocks for good.
            if !skip && !process.write(pixels) {
                lock.lock(); failed = true; lock.unlock()
            }
            recycle?(pixels)
            free.signal()
        }
        done.signal()
    }
}
