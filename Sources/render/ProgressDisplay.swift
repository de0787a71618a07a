import Foundation

/// A one-line progress display on stderr (frames done, frames per second, time left), shown only
/// when stderr is a terminal and the render takes longer than a second.
final class ProgressDisplay: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled: Bool
    private let total: Int
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    init(enabled: Bool, total: Int) {
        self.enabled = enabled && isatty(STDERR_FILENO) != 0
        self.total = total
    }

    func update(done: Int) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed > 1, now.timeIntervalSince(lastDraw) > 0.1 || done == total else { return }
        lastDraw = now
        let fps = Double(done) / max(elapsed, 1e-9)
        let left = fps > 0 ? Double(total - done) / fps : 0
        let line = String(format: "\r%d/%d frames  %.1f frames/s  %.0f s left ", done, total, fps, left)
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    func finish() {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
