import Formats
import Foundation
import Frames

/// Progress of a long command on stderr: a one-line display for people (only when stderr is a terminal and the work
/// has taken more than a second), or one JSON object per line for tools, e.g.
/// `{"task": "diff", "done": 12, "total": 400, "unit": "frames", "elapsed": 1.25, "remaining": 40.4}`
/// (`elapsed` and `remaining` in seconds), ended by a summary line with `"finished": true`. Safe to call from
/// worker threads.
///
/// `remaining` is the larger of two estimates: the average pace so far, and the pace over the recent
/// window (the last quarter of the time so far, at least half a second). Early frames are often cheap (an unchanged frame's bytes are reused, the scene is still at
/// rest) and frames are handed out in chunks, so the average alone runs ahead of the real end; the recent
/// pace follows the frames being drawn now.
public final class ProgressReporter: @unchecked Sendable {
    /// `auto`: the terminal line; `json`: JSON lines; `none`: nothing.
    public enum Style: String, Sendable, CaseIterable { case auto, json, none }

    private let lock = NSLock()
    private let style: Style
    private let task: String, unit: String
    private var total: Int
    private let clock: @Sendable () -> UInt64
    private let start: UInt64
    private var lastDraw: UInt64 = 0
    private var drawn = false
    private var done = 0
    private var finished = false
    /// Recent (time, done) samples, oldest first, spanning the recent window when the work has lasted that long.
    private var samples: [(time: UInt64, done: Int)] = []
    private let write: @Sendable (String) -> Void

    /// - Parameters: `write` receives each piece of output (default: standard error); `clock` gives the time in
    ///   nanoseconds (default: the monotonic clock).
    public init(style: Style, task: String, total: Int, unit: String = "frames",
                write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
                clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.style = style == .auto && isatty(STDERR_FILENO) == 0 ? .none : style
        self.task = task
        self.unit = unit
        self.total = total
        self.write = write
        self.clock = clock
        start = clock()
        samples = [(start, 0)]
    }

    /// Reports `done` of `total` items finished.
    public func update(done: Int) { update(done: done, of: nil) }

    /// Reports `done` items finished, of `total` when it is known only now.
    public func update(done: Int, of newTotal: Int?) {
        guard style != .none else { return }
        lock.lock(); defer { lock.unlock() }
        if let newTotal { total = newTotal }
        let now = clock()
        self.done = done
        record(now, done)
        let elapsed = seconds(now - start)
        let remaining = estimate(now: now, done: done)
        switch style {
        case .json:
            write("{\"task\": \(TextEscaping.jsonString(task)), \"done\": \(done), \"total\": \(total), \"unit\": \(TextEscaping.jsonString(unit)), "
                + "\"elapsed\": \(NumberText.shortest(millis(elapsed))), \"remaining\": \(NumberText.shortest(millis(remaining)))}\n")
        case .auto:
            guard elapsed > 1, seconds(now - lastDraw) > 0.1 || done == total else { return }
            lastDraw = now
            let rate = Double(done) / max(elapsed, 1e-9)
            write("\r\(task): \(done)/\(total) \(unit)  " + String(format: "%.1f/s  %.0f s left ", rate, remaining))
            drawn = true
        case .none:
            return
        }
    }

    /// Ends the report: clears the terminal line, if one was drawn, or writes the JSON summary line
    /// `{"task": …, "done": …, "total": …, "unit": …, "elapsed": …, "finished": true}`. Later calls do nothing.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        if style == .auto && drawn { write("\r\u{1B}[K"); drawn = false }
        if style == .json {
            write("{\"task\": \(TextEscaping.jsonString(task)), \"done\": \(done), \"total\": \(total), \"unit\": \(TextEscaping.jsonString(unit)), "
                + "\"elapsed\": \(NumberText.shortest(millis(seconds(clock() - start)))), \"finished\": true}\n")
        }
    }

    /// Seconds left: the larger of the estimates from the average pace and from the pace over the recent window.
    private func estimate(now: UInt64, done: Int) -> Double {
        guard done > 0, total > done else { return 0 }
        let left = Double(total - done)
        let average = left * seconds(now - start) / Double(done)
        guard let first = samples.first, done > first.done, now > first.time else { return average }
        let recent = left * seconds(now - first.time) / Double(done - first.done)
        return max(average, recent)
    }

    /// Keeps the samples of the recent window — the last quarter of the elapsed time, at least 0.5 s — plus the
    /// one just before it.
    private func record(_ now: UInt64, _ done: Int) {
        samples.append((now, done))
        let window = max(0.5, seconds(now - start) / 4)
        while samples.count > 2, seconds(now - samples[1].time) >= window { samples.removeFirst() }
    }

    private func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }
    private func millis(_ s: Double) -> Double { (s * 1000).rounded() / 1000 }
}
