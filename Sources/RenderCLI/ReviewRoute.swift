import Formats

/// What a request path of `render review` asks for: the page, an image of a served report (the golden it compared
/// with, its actual frame or its diff), or one of the page's state changes on a report (accept, undo, reject or
/// unreject; POST only, with the page's token). Paths are checked as `render watch` checks them (`WatchRoute.segments`): any `%`, `\`,
/// NUL, `.` or `..` segment is refused before a route is looked at; a frame name is `frame_NNNNN.png` and nothing
/// else; a report is a number of at most 9 digits (whether it is one of those served is the responder's question).
enum ReviewRoute: Equatable {
    /// `replaced`: the golden an accept replaced, kept in the report's `replaced/` (so the page still shows what
    /// was compared after accepting).
    enum Image: String { case expected, actual, diff, replaced }
    enum Change: String { case accept, undo, reject, unreject }

    case page
    /// `/r/N/expected|actual|diff|replaced/frame_NNNNN.png`.
    case image(report: Int, kind: Image, name: String)
    /// `POST /r/N/accept` (the whole scene), `/r/N/accept?frame=K` or `/r/N/accept?motion=1` (the motion track
    /// alone); the same for `undo`. `POST /r/N/reject?frame=K` marks a frame rejected, `/r/N/unreject?frame=K` no
    /// longer.
    case change(report: Int, Change)
    case refused
    case notFound

    init(path: String) {
        guard let s = WatchRoute.segments(path) else {
            self = .refused
            return
        }
        switch s {
        case [""], ["index.html"]: self = .page
        case let s where s.count == 4 && s[0] == "r":
            guard let r = WatchRoute.number(s[1]), let kind = Image(rawValue: s[2]), FrameFileName(s[3]) != nil else {
                self = .notFound
                return
            }
            self = .image(report: r, kind: kind, name: s[3])
        case let s where s.count == 3 && s[0] == "r":
            guard let r = WatchRoute.number(s[1]), let change = Change(rawValue: s[2]) else { self = .notFound; return }
            self = .change(report: r, change)
        default: self = .notFound
        }
    }

    /// Whether a POST may go to `path` (the rules' question, before the head is routed).
    static func takesPost(_ path: String) -> Bool {
        if case .change = ReviewRoute(path: path) { return true }
        return false
    }
}
