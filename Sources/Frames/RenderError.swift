import Foundation
import Timeline

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

/// A flag that a signal handler or another thread sets to stop a render between frames.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    public init() {}
    public func cancel() { lock.lock(); value = true; lock.unlock() }
    public var isCancelled: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
