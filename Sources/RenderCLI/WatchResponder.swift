import Foundation
import Frames
import Loopback
import GoldenTesting
import RenderKit

/// What `render watch` answers to a request its rules let through (`LoopbackRules`): the routes of `WatchRoute`
/// only, files opened without following a symbolic link and only when they are regular files inside the served
/// folders. Free of the HTTP library but for its status and head types; the long poll's waiting is the HTTP
/// handler's (`LoopbackHTTPHandler`).
struct WatchResponder: LoopbackResponder {
    let session: WatchSession
    /// The folder of the frames compared with (`--compare`), served as it is.
    let compareFolder: String?

    func answer(_ head: LoopbackRequest) -> LoopbackAnswer {
        let target = head.uri
        switch WatchRoute(path: LoopbackRules.path(target)) {
        case .refused: return .now(.text(.badRequest, "bad path"))
        case .notFound: return .now(.text(.notFound, "not found"))
        case .page:
            return .now(LoopbackResponse(status: .ok, type: "text/html; charset=utf-8", body: Array(pageModel().html().utf8),
                                      headers: [("Content-Security-Policy", Self.pagePolicy)]))
        case .status:
            let since = LoopbackRules.query(target, "since").flatMap { Int($0) } ?? 0
            return head.method == .head ? .now(Self.status(session.snapshot())) : .later(since: since)
        case .screen:
            guard head.method == .post else { return .now(.text(.methodNotAllowed, "POST only", headers: [("Allow", "POST")])) }
            guard let ratio = LoopbackRules.query(target, "ratio").flatMap(Double.init), ratio.isFinite, ratio > 0 else {
                return .now(.text(.badRequest, "ratio must be a number above 0"))
            }
            session.pageAsks(pixelRatio: ratio)
            return .now(.text(.ok, "ok"))
        case .frame(let generation, let name):
            return .now(servedFile(in: session.generationFolder(generation) + "/" + PreviewPage.frameFolder, name: name))
        case .compare(let name):
            guard let compareFolder else { return .now(.text(.notFound, "not found")) }
            return .now(servedFile(in: compareFolder, name: name))
        }
    }

    /// The page's own inline script and style, and images and requests to this server only.
    static let pagePolicy = "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

    /// The page of the last good render, with the scene's problems of now.
    func pageModel() -> PreviewPageModel {
        let s = session.snapshot()
        let watch = PreviewPageModel.Watch(generation: s.generation, followsScreen: !session.fixedScale,
                                           run: session.run, token: session.token)
        guard var model = s.model else {
            let name = URL(fileURLWithPath: session.scene).deletingPathExtension().lastPathComponent
            return .empty(name: name, errors: s.errors, watch: watch)
        }
        model.errors = s.errors
        model.watch = watch
        return model
    }

    var longPoll: (any LongPollSource)? { StatusPoll(session: session) }

    /// The long poll of `/status`: the session's snapshot as JSON once its version changes.
    struct StatusPoll: LongPollSource {
        let session: WatchSession
        func waitForChange(after since: Int, then: @escaping @Sendable (LoopbackResponse) -> Void) -> Int {
            session.waitForChange(after: since) { then(WatchResponder.status($0)) }
        }
        func stopWaiting(_ waiter: Int) { session.stopWaiting(waiter) }
        func currentStatus() -> LoopbackResponse { WatchResponder.status(session.snapshot()) }
    }

    static func status(_ s: WatchSession.Snapshot) -> LoopbackResponse {
        let object: [String: Any] = ["version": s.version, "generation": s.generation, "errors": s.errors, "rendering": s.rendering]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return LoopbackResponse(status: .ok, type: "application/json", body: Array(data))
    }
}
