import NIOCore

/// The open connections of `render watch`, capped at `LoopbackLimits.connections`. A connection is *waiting* from its
/// opening (or the end of an answer) until its next request head is complete, and *busy* while it is answered. When
/// one more opens at the cap, the connection that has been waiting longest is closed to make room (a slowloris client
/// holding many half-sent heads loses its oldest, and a browser reconnects a kept-alive one at once); when none is
/// waiting, the connection whose `/status` long poll has waited longest is closed (a page's poll reconnects at once:
/// 128 idle long polls do not lock other clients out); when none polls either, the newcomer is closed. Used on the
/// server's one event loop only.
final class LoopbackConnections: @unchecked Sendable {
    private let loop: EventLoop
    private let limit: Int
    private var waitingSince: [ObjectIdentifier: (channel: Channel, order: UInt64)] = [:]
    private var busy: Set<ObjectIdentifier> = []
    /// Busy connections whose answer waits for news (a long poll), in the order they began to wait.
    private var pollingSince: [ObjectIdentifier: (channel: Channel, order: UInt64)] = [:]
    private var counter: UInt64 = 0

    init(loop: EventLoop, limit: Int = LoopbackLimits.connections) {
        self.loop = loop
        self.limit = limit
    }

    /// A new connection: true when it may stay (after room was made for it), false when it is to be closed.
    func open(_ channel: Channel) -> Bool {
        loop.preconditionInEventLoop()
        if waitingSince.count + busy.count >= limit {
            if let oldest = waitingSince.min(by: { $0.value.order < $1.value.order }) {
                waitingSince[oldest.key] = nil
                oldest.value.channel.close(promise: nil)
            } else if let oldest = pollingSince.min(by: { $0.value.order < $1.value.order }) {
                pollingSince[oldest.key] = nil
                busy.remove(oldest.key)
                oldest.value.channel.close(promise: nil)
            } else {
                return false
            }
        }
        waiting(channel)
        return true
    }

    /// `channel` waits for its next request head.
    func waiting(_ channel: Channel) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(channel)
        busy.remove(id)
        pollingSince[id] = nil
        counter += 1
        waitingSince[id] = (channel, counter)
    }

    /// `channel`, busy, waits for news to answer (a long poll): the first to make room when the cap is reached.
    func polling(_ channel: Channel) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(channel)
        guard busy.contains(id) else { return }
        counter += 1
        pollingSince[id] = (channel, counter)
    }

    /// `channel` has sent a whole head and is being answered.
    func answering(_ channel: Channel) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(channel)
        guard waitingSince.removeValue(forKey: id) != nil else { return }
        busy.insert(id)
    }

    func closed(_ channel: Channel) {
        loop.preconditionInEventLoop()
        let id = ObjectIdentifier(channel)
        waitingSince[id] = nil
        busy.remove(id)
        pollingSince[id] = nil
    }
}
