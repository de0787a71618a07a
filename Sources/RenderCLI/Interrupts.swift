import Foundation
import Frames
import ImageIO
import RenderKit

/// Ctrl-C and SIGTERM stop a render. The first signal asks the workers to stop between frames;
/// files already written stay whole and temporary files are removed by the atomic writer. If the
/// frames being drawn take longer than `grace` (large canvases, big blurs), or a second signal
/// comes, the process does not wait for them: it lets the file writes in progress finish, refuses
/// new ones (so no partial or temporary file can appear), and exits with status 130 at once.
enum Interrupts {
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) static var flag: CancellationFlag?
    nonisolated(unsafe) static var sceneName = "render"
    static let installed = NSLock()
    static var received: Bool { flag?.isCancelled ?? false }
    /// Seconds to wait for the frames in progress after the first signal.
    static let grace = 0.5
    static let exiting = NSLock()

    /// `scene` names the render in the message printed on a forced exit.
    /// The handlers are installed once per process and act on the latest render's flag, so the
    /// command line run many times in one process (the `fuzz-cli` target) does not pile them up.
    static func install(_ cancellation: CancellationFlag, scene: String = "render") {
        installed.lock(); defer { installed.unlock() }
        flag = cancellation
        sceneName = scene
        guard sources.isEmpty else { return }
        let signals = SignalCount()
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler {
                flag?.cancel()
                if signals.increment() == 1 {
                    // A thread of its own, so a pool busy with drawing cannot delay the deadline.
                    Thread.detachNewThread {
                        Thread.sleep(forTimeInterval: grace)
                        forceExit(sceneName)
                    }
                } else {
                    forceExit(sceneName)
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
