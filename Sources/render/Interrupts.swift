import Foundation
import RenderKit

/// Ctrl-C and SIGTERM stop a render between frames; files already written stay whole and
/// temporary files are removed by the atomic writer.
enum Interrupts {
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) static var flag: CancellationFlag?
    static var received: Bool { flag?.isCancelled ?? false }

    static func install(_ cancellation: CancellationFlag) {
        flag = cancellation
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { cancellation.cancel() }
            s.resume()
            sources.append(s)
        }
    }
}
