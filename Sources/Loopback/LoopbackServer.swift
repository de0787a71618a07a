import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The listening side of `render watch` and `render review` (each command brings its `LoopbackResponder` and its
/// `LoopbackRules`; the bounds, timers and connection cap are the same), on SwiftNIO's HTTP/1 codec. SwiftNIO rather than the library used before
/// (FlyingFox 0.27.1): there, parsing a head cost time growing with the square of its size (64 KiB: 1.9 s of CPU,
/// 1 MiB: over 10 minutes of a thread after the client had gone), with no bound to set. SwiftNIO's decoder is
/// llhttp (linear), bounds header fields itself, and lets a handler in front of it (`LoopbackHeadLimiter`) refuse a long
/// head before it is parsed. SwiftNIO rather than Hummingbird 2, which runs on it: the same codec, at a fraction of
/// the clean build (docs/previews.md has the figures).
///
/// One event loop thread serves every connection: the page's requests are small and few, and one thread keeps the
/// connection cap (`LoopbackConnections`) free of locks.
public final class LoopbackServer {
    /// Why the server cannot listen.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    let group: MultiThreadedEventLoopGroup
    let channel: Channel
    /// The port bound (the system's choice for `--port 0`).
    public let port: Int

    /// Binds `address` at `port` at once, so no other process can take the port between a look and the bind. On
    /// "address in use" the next port is tried, up to 99 further; any other failure (no such address here, a port
    /// below 1024 without the right) is final. Port 0 asks the system for a free one.
    public init(address: ListenAddress, port: Int, responder: any LoopbackResponder, rules: LoopbackRules) throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let connections = LoopbackConnections(loop: group.next())
        let limits = Self.decoderLimits
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.maxMessagesPerRead, value: 1)
            .childChannelOption(.recvAllocator, value: FixedSizeRecvByteBufferAllocator(capacity: LoopbackLimits.readBytes))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(LoopbackHeadLimiter())
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: true, withServerUpgrade: nil,
                                                             withErrorHandling: true, withOutboundHeaderValidation: true,
                                                             withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
                    try pipeline.addHandler(LoopbackHTTPHandler(responder: responder, rules: rules, connections: connections))
                }
            }
        let last = port == 0 ? 0 : min(port + 99, 65535)
        var candidate = port
        while true {
            do {
                channel = try bootstrap.bind(host: address.ip, port: candidate).wait()
                self.port = channel.localAddress?.port ?? candidate
                return
            } catch let error as IOError where error.errnoCode == EADDRINUSE && candidate < last {
                candidate += 1
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                try? group.syncShutdownGracefully()
                throw Failure(description: "no free port from \(port) to \(last) on \(address.ip)")
            } catch {
                try? group.syncShutdownGracefully()
                throw Failure(description: "cannot listen on \(address.url(port: candidate)): \(error)")
            }
        }
    }

    /// SwiftNIO's own bounds, behind `LoopbackHeadLimiter`'s: no field or head over `LoopbackLimits.headBytes`, and a count of
    /// fields well above the rules' limit (up to it the rules answer 431; above it, the decoder 400).
    static var decoderLimits: NIOHTTPDecoderLimitConfiguration {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = LoopbackLimits.headBytes
        limits.maxHeaderListSize = LoopbackLimits.headBytes
        limits.maxHeaderFieldCount = LoopbackLimits.headerCount * 4
        return limits
    }

    /// Blocks until the server stops.
    public func wait() throws {
        try channel.closeFuture.wait()
    }
}
