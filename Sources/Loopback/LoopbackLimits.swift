import NIOCore

/// What one client can make `render watch` do. The server is on a developer's machine, but any web page the browser
/// opens can send it requests and scripts start several watchers at once, so every resource a connection holds has a
/// bound, and every bound refuses cleanly (a status and a closed connection) while the server goes on serving others.
/// The page itself needs far less than each limit: its longest request head is under 1 KiB, it keeps at most the
/// browser's six connections per host open, and it never sends a body.
public enum LoopbackLimits {
    /// Bytes of a request head (request line and headers). Larger: 431 (414 while still in the request line), closed.
    public static let headBytes = 16 * 1024
    /// Bytes of the request line alone. Larger: 414, closed.
    public static let requestLineBytes = 8 * 1024
    /// Header fields of one request. More: 431, closed.
    public static let headerCount = 64
    /// Seconds a connection may take to send a whole request head, counted from its opening or from the end of the
    /// answer before (so also the idle time of a kept-alive connection): against slowloris. Then it is closed.
    public static let headSeconds: Int64 = 10
    /// Connections open at once. One more: the oldest one that is between requests (or still sending its head) is
    /// closed to make room; when every one is busy answering, the newcomer is closed.
    public static let connections = 128
    /// Seconds an answer may take to reach the client's socket: a client that stops reading is closed then. Until it
    /// has, the connection's next request waits (one answer in flight per connection).
    public static let answerSeconds: Int64 = 10
    /// Bytes read from a connection at a time. The next read waits until the requests of this one are answered
    /// (SwiftNIO's pipelining handler), so requests sent ahead without reading the answers queue at most this much.
    /// Under `requestLineBytes`, so a head refused for its body (400) is answered before `LoopbackHeadLimiter`, which
    /// takes the body's bytes for the next request line, can refuse them (414).
    public static let readBytes = 4 * 1024
    /// Seconds a `/status` long poll waits for a change before it answers "no change": well under every timeout on
    /// the way (the page's fetch has none; browsers' and proxies' idle timeouts are 30 s and more).
    public static let longPollSeconds: Int64 = 10
    /// Seconds a refused connection is still read (and the bytes dropped) after the refusal, so the client's kernel
    /// receives the answer instead of a reset, before the connection is closed.
    public static let lingerSeconds: Int64 = 1

    public static var headTimeout: TimeAmount { .seconds(headSeconds) }
    public static var longPoll: TimeAmount { .seconds(longPollSeconds) }
    public static var answerTimeout: TimeAmount { .seconds(answerSeconds) }
    public static var linger: TimeAmount { .seconds(lingerSeconds) }
}
