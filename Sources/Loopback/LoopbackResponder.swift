import Foundation

/// What a command served by the hardened loopback server (`LoopbackServer`: `render watch`, `render review`) answers to
/// a request its `LoopbackRules` let through. The server, its head limits, timers and connection cap are shared;
/// the routes are the command's.
public protocol LoopbackResponder: Sendable {
    /// The answer to a request whose head passed the rules.
    func answer(_ head: LoopbackRequest) -> LoopbackAnswer
    /// What `.later(since:)` answers wait on; nil for a command that never long-polls.
    var longPoll: (any LongPollSource)? { get }
}

extension LoopbackResponder {
    public var longPoll: (any LongPollSource)? { nil }
}

/// A state that changes (its version goes up), for the page's long poll of `/status`.
public protocol LongPollSource: Sendable {
    /// Calls `then` with the answer once the state's version differs from `since`; the waiter's number, for
    /// `stopWaiting`.
    func waitForChange(after since: Int, then: @escaping @Sendable (LoopbackResponse) -> Void) -> Int
    func stopWaiting(_ waiter: Int)
    /// The answer to a long poll that ran out (`LoopbackLimits.longPoll`): the state as it is.
    func currentStatus() -> LoopbackResponse
}

/// What to do with a request.
public enum LoopbackAnswer {
    case now(LoopbackResponse)
    /// A long poll: the answer once the state's version differs from `since`, or after `LoopbackLimits.longPoll`.
    case later(since: Int)
    /// Work that takes longer than an answer should hold the event loop (writing files): it runs elsewhere and calls
    /// back with the answer, which the handler writes on the connection's loop if the connection is still open.
    case deferred(@Sendable (_ done: @escaping @Sendable (LoopbackResponse) -> Void) -> Void)
}

/// A regular file `name` of `folder`, never through a symbolic link and never outside the folder (404 otherwise): how
/// both commands serve images.
public func servedFile(in folder: String, name: String, type: String = "image/png") -> LoopbackResponse {
    let missing = LoopbackResponse.text(.notFound, "not found")
    let path = folder + "/" + name
    guard let root = realpath(folder, nil) else { return missing }
    let base = String(cString: root) + "/"
    free(root)
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard fd >= 0 else { return missing }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let real = realpath(path, nil) else { return missing }
    let inside = String(cString: real).hasPrefix(base)
    free(real)
    guard inside else { return missing }
    let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
    guard let data = try? handle.readToEnd() ?? Data() else { return missing }
    return LoopbackResponse(status: .ok, type: type, body: Array(data))
}
