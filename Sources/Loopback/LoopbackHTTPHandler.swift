import NIOCore
import NIOHTTP1

/// One connection of the loopback server (`render watch`, `render review`) after the HTTP decoder: requests judged by
/// `LoopbackRules`, answered by the command's `LoopbackResponder`, one at a time (SwiftNIO's pipelining handler before this one holds the next request back until
/// the answer is written). It keeps the connection's two timers: the time to send a whole head
/// (`LoopbackLimits.headTimeout`, from the opening or the end of the answer before: slowloris and idle connections), and
/// the long poll of `/status` (`LoopbackLimits.longPoll`, then "no change"), which waits for the session to call back
/// instead of waking up to look.
final class LoopbackHTTPHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let responder: any LoopbackResponder
    private let rules: LoopbackRules
    private let connections: LoopbackConnections
    private var request: HTTPRequestHead?
    /// The head was refused: what follows of the request is dropped.
    private var refused = false
    private var headTimer: Scheduled<Void>?
    private var poll: (source: any LongPollSource, waiter: Int, timer: Scheduled<Void>)?

    init(responder: any LoopbackResponder, rules: LoopbackRules, connections: LoopbackConnections) {
        self.responder = responder
        self.rules = rules
        self.connections = connections
    }

    func channelActive(context: ChannelHandlerContext) {
        guard connections.open(context.channel) else { return context.close(promise: nil) }
        armHeadTimer(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        headTimer?.cancel()
        if let poll {
            poll.timer.cancel()
            poll.source.stopWaiting(poll.waiter)
            self.poll = nil
        }
        connections.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch Self.unwrapInboundIn(data) {
        case .head(let head):
            headTimer?.cancel()
            connections.answering(context.channel)
            if let refusal = rules.refusal(Self.request(head)) {
                refused = true
                write(refusal, to: head, context: context)
            } else {
                request = head
            }
        case .body:
            break  // never accepted: a head announcing a body was refused and its connection is closing
        case .end:
            if refused { refused = false; return }
            guard let head = request else { return }
            request = nil
            switch responder.answer(Self.request(head)) {
            case .now(let response): write(response, to: head, context: context)
            case .later(let since): waitForNews(after: since, head: head, context: context)
            case .deferred(let work):
                let loop = context.eventLoop
                let me = NIOLoopBound(self, eventLoop: loop), ctx = NIOLoopBound(context, eventLoop: loop)
                work { response in
                    loop.execute {
                        guard ctx.value.channel.isActive else { return }  // the client went away meanwhile
                        me.value.write(response, to: head, context: ctx.value)
                    }
                }
            }
        }
    }

    /// The head as the commands see it (`LoopbackRequest`).
    static func request(_ head: HTTPRequestHead) -> LoopbackRequest {
        let method: LoopbackRequest.Method
        switch head.method {
        case .GET: method = .get
        case .HEAD: method = .head
        case .POST: method = .post
        default: method = .other(head.method.rawValue)
        }
        return LoopbackRequest(method: method, uri: head.uri, headers: head.headers.map { (name: $0.name, value: $0.value) },
                               isHTTP10: head.version == .http1_0)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A malformed request was answered 400 by SwiftNIO's protocol error handler; anything else ends the connection.
        context.close(promise: nil)
    }

    /// Answers the status once its version differs from `since`, or with "no change" after `LoopbackLimits.longPoll`.
    private func waitForNews(after since: Int, head: HTTPRequestHead, context: ChannelHandlerContext) {
        let loop = context.eventLoop
        let me = NIOLoopBound(self, eventLoop: loop), ctx = NIOLoopBound(context, eventLoop: loop)
        guard let source = responder.longPoll else { return write(.text(.notFound, "not found"), to: head, context: context) }
        let waiter = source.waitForChange(after: since) { response in
            loop.execute { me.value.finishPoll(response, head: head, context: ctx.value) }
        }
        let timer = loop.scheduleTask(in: LoopbackLimits.longPoll) {
            me.value.finishPoll(source.currentStatus(), head: head, context: ctx.value)
        }
        poll = (source, waiter, timer)
        connections.polling(context.channel)
    }

    private func finishPoll(_ response: LoopbackResponse, head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let poll else { return }  // answered already, or the connection has gone
        self.poll = nil
        poll.timer.cancel()
        poll.source.stopWaiting(poll.waiter)
        write(response, to: head, context: context)
    }

    private func write(_ response: LoopbackResponse, to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let keepAlive = head.isKeepAlive && !response.close
        var headers = HTTPHeaders([("Content-Type", response.type), ("Content-Length", String(response.body.count)),
                                   ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"),
                                   ("Connection", keepAlive ? "keep-alive" : "close")])
        headers.add(contentsOf: response.headers)
        // The answer's end only once its bytes have reached the socket: SwiftNIO's pipelining handler hands over the
        // next request at the end, so a client that sends many requests without reading the answers gets one answer
        // in flight, not a queue of them in memory (10 000 pipelined `GET /` once took the server from 245 to 711 MB).
        let sent = context.eventLoop.makePromise(of: Void.self)
        let responseHead = HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: response.status.rawValue), headers: headers)
        if head.method != .HEAD, !response.body.isEmpty {
            context.write(Self.wrapOutboundOut(.head(responseHead)), promise: nil)
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))), promise: sent)
        } else {
            context.write(Self.wrapOutboundOut(.head(responseHead)), promise: sent)
        }
        context.flush()
        let me = NIOLoopBound(self, eventLoop: context.eventLoop), ctx = NIOLoopBound(context, eventLoop: context.eventLoop)
        // A client that reads nothing holds its answer (and its connection) for at most `LoopbackLimits.answerTimeout`.
        let channel = context.channel
        let stalled = context.eventLoop.scheduleTask(in: LoopbackLimits.answerTimeout) { channel.close(promise: nil) }
        sent.futureResult.whenComplete { result in
            stalled.cancel()
            guard case .success = result, ctx.value.channel.isActive else { return ctx.value.close(promise: nil) }
            me.value.finish(response, head: head, keepAlive: keepAlive, context: ctx.value)
        }
    }

    private func finish(_ response: LoopbackResponse, head: HTTPRequestHead, keepAlive: Bool, context: ChannelHandlerContext) {
        let written = context.writeAndFlush(Self.wrapOutboundOut(.end(nil)))
        if response.close {
            LoopbackLinger.close(context: context, after: written)
        } else if !keepAlive {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        } else {
            connections.waiting(context.channel)
            armHeadTimer(context: context)
        }
    }

    private func armHeadTimer(context: ChannelHandlerContext) {
        headTimer?.cancel()
        let channel = context.channel
        headTimer = context.eventLoop.scheduleTask(in: LoopbackLimits.headTimeout) { channel.close(promise: nil) }
    }
}
