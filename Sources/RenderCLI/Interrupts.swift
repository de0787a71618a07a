import Foundation
import Frames
import ImageIO
import GoldenTesting
import RenderKit

/// The process's one handler of Ctrl-C and SIGTERM, installed once (the command line run many times in one process,
/// the `fuzz-cli` target, does not pile them up), doing what the command running now asked for:
///
/// - a render (`install(_:scene:)`): the first signal asks the workers to stop between frames; files already written
///   stay whole and temporary files are removed by the atomic writer. If the frames being drawn take longer than
///   `grace` (large canvases, big blurs), or a second signal comes, the process does not wait for them: it lets the
///   file writes in progress finish, refuses new ones (so no partial or temporary file can appear), and exits with
///   status 130 at once;
/// - a command that serves until stopped (`installStop(command:tidy:)`: `render watch`, `render review`): `tidy` runs
///   on the signal's queue (it may wait for work under way), then "COMMAND: stopped" is told and the process exits
///   with status 130.
enum Interrupts {
    enum Action {
        case render(CancellationFlag, scene: String)
        case stop(command: String, tidy: @Sendable () -> Void)
    }

    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) static var action: Action?
    static let installed = NSLock()
    static var received: Bool {
        installed.lock(); defer { installed.unlock() }
        if case .render(let flag, _) = action { return flag.isCancelled }
        return false
    }
    /// Seconds to wait for the frames in progress after the first signal.
    static let grace = 0.5
    static let exiting = NSLock()

    /// A render: `cancellation` is cancelled on the first signal; `scene` names the render in the message printed on
    /// a forced exit.
    static func install(_ cancellation: CancellationFlag, scene: String = "render") {
        install(.render(cancellation, scene: scene))
    }

    /// A command that serves until stopped: `tidy`, then exit 130.
    static func installStop(command: String, tidy: @escaping @Sendable () -> Void) {
        install(.stop(command: command, tidy: tidy))
    }

    private static func install(_ new: Action) {
        installed.lock(); defer { installed.unlock() }
        action = new
        guard sources.isEmpty else { return }
        let signals = SignalCount()
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler {
                installed.lock(); let now = action; installed.unlock()
                switch now {
                case .stop(let command, let tidy):
                    tidy()
                    FileHandle.standardError.write(Data("\n\(command): stopped\n".utf8))
                    _exit(130)
                case .render(let flag, let scene):
                    flag.cancel()
                    if signals.increment() == 1 {
                        // A thread of its own, so a pool busy with drawing cannot delay the deadline.
                        Thread.detachNewThread {
                            Thread.sleep(forTimeInterval: grace)
                            forceExit(scene)
                        }
                    } else {
                        forceExit(scene)
                    }
                case nil:
                    _exit(130)
                }
            }
            s.resume()
            sources.append(s)
        }
    }

    /// Ends the process now: no new file writes, the ones in progress finished, status 130.
    static func forceExit(_ scene: String) -> Never {
        // The first caller exits; a second (two signals at once) waits here until the process ends.
        exiting.lock()
        FileWriteGate.shared.close()
        // A progress line may be showing on a terminal: end it first.
        let newline = isatty(STDERR_FILENO) != 0 ? "\n" : ""
        FileHandle.standardError.write(Data("\(newline)\(scene): the render was interrupted\n".utf8))
        _exit(130)
    }
}

/// How many interrupt signals have arrived.
final class SignalCount: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func increment() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n }
}
