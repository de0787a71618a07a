import NIOCore

/// A refused connection's end: the answer written, the sending side closed, the rest of what the client sends read
/// and dropped for `LoopbackLimits.linger`, then closed.
enum LoopbackLinger {
    static func close(context: ChannelHandlerContext, after written: EventLoopFuture<Void>) {
        let channel = context.channel
        written.whenComplete { _ in
            channel.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
            channel.eventLoop.scheduleTask(in: LoopbackLimits.linger) { channel.close(promise: nil) }
        }
    }
}
