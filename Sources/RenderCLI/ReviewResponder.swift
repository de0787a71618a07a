import Foundation
import Loopback
import GoldenTesting
import RenderKit

/// What `render review` answers to a request its rules let through (`LoopbackRules`, with the page's token): the
/// page, the images of the reports it serves, and the page's accept and undo, which go through `GoldenAcceptance`
/// exactly as `render accept` does (the report read again, every golden checked against the report's SHA-256, staged
/// and renamed into place; undo puts back the goldens kept in the report's `replaced/`); and its rejections, kept in
/// the report's `review-state.json` (`GoldenAcceptance.mark`). Nothing else is written.
///
/// Acceptances run one at a time on a queue of their own, off the server's event loop (which goes on serving the
/// page and its images meanwhile), each bounded by its report: at most the report's failing frames and its motion
/// track. A connection has at most one request answered at a time, so the queue holds at most one per connection.
struct ReviewResponder: LoopbackResponder {
    /// The report folders, as given on the command line; their position is their number in the routes.
    let reports: [String]
    /// The goldens folder of the one report served, when given (`--goldens`: a report made on another machine).
    let goldens: String?
    /// The secret the page sends with each accept and undo (random, 122 bits).
    let token: String
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "render review accept")

    init(reports: [String], goldens: String? = nil, token: String = UUID().uuidString) {
        self.reports = reports
        self.goldens = goldens
        self.token = token
    }

    func answer(_ head: LoopbackRequest) -> LoopbackAnswer {
        switch ReviewRoute(path: LoopbackRules.path(head.uri)) {
        case .refused: return .now(.text(.badRequest, "bad path"))
        case .notFound: return .now(.text(.notFound, "not found"))
        case .page:
            let loaded = reports.compactMap { try? GoldenAcceptance(report: $0, goldens: goldens) }
            guard loaded.count == reports.count else {
                return .now(.text(.conflict, "a report or its goldens folder is gone since render review started"))
            }
            return .now(LoopbackResponse(status: .ok, type: "text/html; charset=utf-8", body: Array(ReviewPage.html(loaded, token: token).utf8),
                                      headers: [("Content-Security-Policy", WatchResponder.pagePolicy)]))
        case .image(let r, let kind, let name):
            return .now(image(report: r, kind: kind, name: name))
        case .change(let r, let change):
            guard head.method == .post else { return .now(.text(.methodNotAllowed, "POST only", headers: [("Allow", "POST")])) }
            guard reports.indices.contains(r) else { return .now(.text(.notFound, "no report \(r)")) }
            var part = Part.scene
            if let q = LoopbackRules.query(head.uri, "frame") {
                guard let n = WatchRoute.number(q) else { return .now(.text(.badRequest, "frame must be a frame index (0 to 999999999)")) }
                part = .frame(n)
            }
            if let q = LoopbackRules.query(head.uri, "motion") {
                guard q == "1", case .scene = part else { return .now(.text(.badRequest, "motion=1 alone: the motion track, without a frame")) }
                part = .motion
            }
            if change == .reject || change == .unreject {
                guard case .frame = part else { return .now(.text(.badRequest, "\(change.rawValue) needs ?frame=K: a failing frame")) }
            }
            let report = reports[r], me = self, chosen = part
            return .deferred { done in me.queue.async { done(me.apply(change, report: report, part: chosen)) } }
        }
    }

    /// Report `r`'s golden (`expected`), actual or diff file of frame `name`, or the golden an accept replaced; an
    /// actual, diff or replaced golden only for a frame the report failed, from where the report says it is, and only
    /// when that is inside the report folder.
    private func image(report r: Int, kind: ReviewRoute.Image, name: String) -> LoopbackResponse {
        let missing = LoopbackResponse.text(.notFound, "not found")
        guard reports.indices.contains(r), let a = try? GoldenAcceptance(report: reports[r], goldens: goldens) else { return missing }
        if kind == .expected { return servedFile(in: a.goldens, name: name) }
        guard let frame = a.record.frames.first(where: { $0.name == name }) else { return missing }
        if kind == .replaced { return servedFile(in: a.report + "/" + GoldenAcceptance.replacedFolder, name: name) }
        guard let relative = kind == .actual ? frame.actual : frame.diff else { return missing }
        return servedFile(in: a.report, name: relative)
    }

    /// What a state change is about: one frame, the motion track alone, or everything the report failed.
    enum Part { case frame(Int), motion, scene }

    /// Accepts or undoes (the frame, the motion track or everything the report failed) through `GoldenAcceptance`;
    /// or marks a frame rejected or not. JSON `{"ok": true, "lines": [...]}` with what was written, or
    /// `{"ok": false, "error": "..."}`.
    private func apply(_ change: ReviewRoute.Change, report: String, part: Part) -> LoopbackResponse {
        lock.lock(); defer { lock.unlock() }
        let result: AcceptanceResult
        do {
            let a = try GoldenAcceptance(report: report, goldens: goldens)
            switch (change, part) {
            case (.accept, .frame(let f)): result = try a.accept(frame: f)
            case (.accept, .motion): result = try a.accept(frames: nil, motion: true)
            case (.accept, .scene): result = try a.acceptAllButRejected()
            case (.undo, .frame(let f)): result = try a.undo(frames: f...f, motion: false)
            case (.undo, .motion): result = try a.undo(frames: nil, motion: true)
            case (.undo, .scene): result = try a.undo(frames: nil, motion: false)
            case (.reject, .frame(let f)), (.unreject, .frame(let f)):
                let now = try a.mark(frame: f, rejected: change == .reject)
                say("render review: \(change.rawValue): frame \(f) of \(report) (rejected now: \(now.isEmpty ? "none" : now.sorted().map(String.init).joined(separator: ", ")))")
                return Self.json(.ok, ["ok": true, "lines": [], "rejected": now.sorted()])
            case (.reject, _), (.unreject, _):
                return Self.json(.badRequest, ["ok": false, "error": "\(change.rawValue) needs a frame"])  // refused in answer(_:)
            }
        } catch {
            let status: LoopbackStatus = error.exitCode == 1 ? .conflict : (error.kind == .io ? .internalServerError : .badRequest)
            return Self.json(status, ["ok": false, "error": error.description])
        }
        for line in result.written.map(\.line) { say("render review: \(change.rawValue): \(line)") }
        return Self.json(.ok, ["ok": true, "lines": result.changes.map(\.line)])
    }

    /// Waits for an accept or undo under way to finish (its goldens all renamed into place and the manifest written),
    /// and keeps any other from starting: the process is stopping.
    func stop() {
        lock.lock()
    }

    static func json(_ status: LoopbackStatus, _ object: [String: Any]) -> LoopbackResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return LoopbackResponse(status: status, type: "application/json", body: Array(data))
    }
}
