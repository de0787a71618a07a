import Foundation

/// Progress of a long command on stderr: a one-line display for people (only when stderr is a terminal and the work
/// has taken more than a second), or one JSON object per line for tools, e.g.
/// `{"task": "diff", "done": 12, "total": 400, "unit": "frames", "elapsed": 1.25, "remaining": 40.4}`
/// (`elapsed` and `remaining` in seconds). Safe to call from worker threads.
public final class ProgressReporter: @unchecked Sendable {
    /// `auto`: the terminal line; `json`: JSON lines; `none`: nothing.
    public enum Style: String, Sendable, CaseIterable { case auto, json, none }

    private let lock = NSLock()
    private let style: Style
    private let task: String, unit: String
    private var total: Int
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private let write: @Sendable (String) -> Void

    /// - Parameters: `write` receives each piece of output (default: standard error).
    public init(style: Style, task: String, total: Int, unit: String = "frames",
                write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.style = style == .auto && isatty(STDERR_FILENO) == 0 ? .none : style
        self.task = task
        self.unit = unit
        self.total = total
        self.write = write
    }

    /// Reports `done` of `total` items finished.
    public func update(done: Int) { update(done: done, of: nil) }

    /// Reports `done` items finished, of `total` when it is known only now.
    public func update(done: Int, of newTotal: Int?) {
        guard style != .none else { return }
        lock.lock(); defer { lock.unlock() }
        if let newTotal { total = newTotal }
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = Double(now - start) / 1e9
        let rate = Double(done) / max(elapsed, 1e-9)
        let remaining = done > 0 ? Double(total - done) / rate : 0
        switch style {
        case .json:
            write("{\"task\": \(jsonString(task)), \"done\": \(done), \"total\": \(total), \"unit\": \(jsonString(unit)), "
                + "\"elapsed\": \(jsonNumber((elapsed * 1000).rounded() / 1000)), "
                + "\"remaining\": \(jsonNumber((remaining * 1000).rounded() / 1000))}\n")
        case .auto:
            guard elapsed > 1, Double(now - lastDraw) / 1e9 > 0.1 || done == total else { return }
            lastDraw = now
            write("\r\(task): \(done)/\(total) \(unit)  " + String(format: "%.1f/s  %.0f s left ", rate, remaining))
            drawn = true
        case .none:
            return
        }
    }

    /// Clears the terminal line, if one was drawn.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        if style == .auto && drawn { write("\r\u{1B}[K"); drawn = false }
    }
}
