import NIOCore

/// The first handler of every `render watch` connection: it counts the bytes of each request head as they arrive,
/// before the HTTP decoder sees them, and refuses a head longer than `LoopbackLimits.headBytes` (or a request line longer
/// than `LoopbackLimits.requestLineBytes`) with 431 (414) and a closed connection. SwiftNIO's decoder bounds header
/// fields but not the request line, and a limit that answers before any parsing keeps the work per byte constant:
/// the HTTP library used before (FlyingFox 0.27.1) spent time growing with the square of a head's size (1.9 s of CPU
/// for 64 KiB, more than 10 minutes for 1 MiB).
///
/// A head ends at an empty line (CRLF CRLF, or LF LF as lenient parsers take it). Requests carry no body here (the
/// HTTP handler refuses any), so the bytes after a head begin the next one.
final class LoopbackHeadLimiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var headBytes = 0
    private var lineBytes = 0
    private var inRequestLine = true
    /// The last two bytes seen, to find the empty line that ends a head.
    private var previous: UInt8 = 0, beforePrevious: UInt8 = 0
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }  // lingering after a refusal: read and drop
        let buffer = Self.unwrapInboundIn(data)
        for byte in buffer.readableBytesView {
            headBytes += 1
            if inRequestLine { lineBytes += 1 }
            if byte == UInt8(ascii: "\n") {
                if inRequestLine, lineBytes > 2 { inRequestLine = false }
                if previous == UInt8(ascii: "\n") || (previous == UInt8(ascii: "\r") && beforePrevious == UInt8(ascii: "\n")) {
                    headBytes = 0; lineBytes = 0; inRequestLine = true
                } else if inRequestLine { lineBytes = 0; headBytes = 0 }  // empty lines before a request line
            }
            beforePrevious = previous
            previous = byte
            if lineBytes > LoopbackLimits.requestLineBytes {
                return refuse(context: context, status: "414 URI Too Long", reason: "request line over \(LoopbackLimits.requestLineBytes) bytes")
            }
            if headBytes > LoopbackLimits.headBytes {
                return refuse(context: context, status: inRequestLine ? "414 URI Too Long" : "431 Request Header Fields Too Large",
                              reason: "request head over \(LoopbackLimits.headBytes) bytes")
            }
        }
        context.fireChannelRead(data)
    }

    /// Answers `status` as raw bytes (the decoder has not seen this head, so nothing of it reaches the handlers after
    /// this one), closes the sending side, and keeps dropping what still comes for `LoopbackLimits.linger`, so the
    /// client reads the answer rather than a reset; then closes.
    private func refuse(context: ChannelHandlerContext, status: String, reason: String) {
        refused = true
        let body = reason + "\n"
        var out = context.channel.allocator.buffer(capacity: 160 + body.utf8.count)
        out.writeString("HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
                        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        LoopbackLinger.close(context: context, after: context.writeAndFlush(Self.wrapOutboundOut(out)))
    }
}
