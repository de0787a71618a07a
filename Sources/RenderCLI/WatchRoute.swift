import Formats

/// What a request path of `render watch` asks for. The server answers nothing but these: the page, its status (for
/// the page's reload), the page's screen, the frames of a generation and the frames compared with. The path is taken as it arrived,
/// still percent-encoded: the page never asks for an encoded path, so any `%` is refused rather than decoded (no
/// `%2e%2e`, `%2F` or double encoding can turn into a way out), and so are `.`/`..` segments, empty segments,
/// backslashes and NUL. Everything else that is not one of the routes is "not found".
enum WatchRoute: Equatable {
    case page
    case status
    /// `/screen?ratio=R`: the page's screen (POST only, with the page's token).
    case screen
    /// `/frames/G/frame_NNNNN.png`: frame file `name` of generation `generation`.
    case frame(generation: Int, name: String)
    /// `/compare/frame_NNNNN.png`.
    case compare(name: String)
    /// A path that could only be an attempt to leave the served files, or is not a path at all: 400.
    case refused
    /// Well formed, but nothing the server has: 404.
    case notFound

    init(path: String) {
        guard let segments = Self.segments(path) else {
            self = .refused
            return
        }
        switch segments {
        case [""], ["index.html"]: self = .page
        case ["status"]: self = .status
        case ["screen"]: self = .screen
        case let s where s.count == 3 && s[0] == "frames":
            guard let g = Self.number(s[1]), FrameFileName(s[2]) != nil else { self = .notFound; return }
            self = .frame(generation: g, name: s[2])
        case let s where s.count == 2 && s[0] == "compare" && FrameFileName(s[1]) != nil:
            self = .compare(name: s[1])
        default: self = .notFound
        }
    }

    /// The segments of a path, nil for one that could only be an attempt to leave the served files (`%`, `\\`, NUL,
    /// `.` or `..` segments, empty segments but the last): the check both `render watch` and `render review` route by.
    static func segments(_ path: String) -> [String]? {
        guard path.hasPrefix("/"), !path.contains("%"), !path.contains("\\"), !path.contains("\0") else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if segments.contains(where: { $0 == "." || $0 == ".." }) || segments.dropLast().contains("") { return nil }
        return segments
    }

    /// A decimal number of at most 9 digits.
    static func number(_ s: String) -> Int? {
        guard !s.isEmpty, s.count <= 9, s.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(s)
    }
}
