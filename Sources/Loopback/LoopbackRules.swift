/// The requests `render watch` and `render review` take, judged on the head alone before any route is looked at.
/// Strict, since nothing but the command's own page talks to it: exactly one Host header (two could be read
/// differently by two parsers on the way), a target in origin form (`/path`: no absolute form, no `*`), no body (no
/// Content-Length but 0, no Transfer-Encoding: a POST says what it wants in its target), GET and HEAD only, except the
/// page's state changes (`posts`: watch's `POST /screen`, review's accept and undo), which must carry the token the
/// page was served with (another site's page can neither read the page for it nor send the header without
/// a CORS preflight, which is refused) and, when the browser says where the request comes from, come from this
/// server's own origin. On a loopback address the Host must name this machine (DNS rebinding).
public struct LoopbackRules: Sendable {
    public let loopbackOnly: Bool
    public let token: String
    /// The paths a POST may go to (the page's state changes); every other path takes GET and HEAD only.
    public var posts: @Sendable (String) -> Bool

    public init(loopbackOnly: Bool, token: String, posts: @escaping @Sendable (String) -> Bool = { $0 == "/screen" }) {
        self.loopbackOnly = loopbackOnly; self.token = token; self.posts = posts
    }

    /// The answer refusing `head`, or nil when it may be routed.
    public func refusal(_ head: LoopbackRequest) -> LoopbackResponse? {
        if head.headers.count > LoopbackLimits.headerCount {
            return .text(.requestHeaderFieldsTooLarge, "more than \(LoopbackLimits.headerCount) header fields", close: true)
        }
        let hosts = head.values("Host")
        if hosts.count > 1 || (hosts.isEmpty && !head.isHTTP10) {
            return .text(.badRequest, "exactly one Host header, please", close: true)
        }
        let lengths = head.values("Content-Length")
        if !head.values("Transfer-Encoding").isEmpty || lengths.contains(where: { $0 != "0" }) || lengths.count > 1 {
            return .text(.badRequest, "this server accepts no request body", close: true)
        }
        let path = Self.path(head.uri)
        let post = head.method == .post
        guard head.method == .get || head.method == .head || (post && posts(path)) else {
            return .text(.methodNotAllowed, "only GET and HEAD (and the page's own POST requests)", headers: [("Allow", "GET, HEAD")])
        }
        guard head.uri.hasPrefix("/") else { return .text(.badRequest, "bad target", close: true) }
        if loopbackOnly, let host = hosts.first, !Self.isLoopbackHost(host) {
            return .text(.forbidden, "this server answers requests for this machine only")
        }
        if post {
            guard head.values("X-Render-Token") == [token] else { return .text(.forbidden, "not the page's request") }
            if let origin = head.values("Origin").first, let host = hosts.first, origin != "http://" + host {
                return .text(.forbidden, "not from the page's origin")
            }
        }
        return nil
    }

    /// The path of a target, still percent-encoded: what comes before `?`.
    public static func path(_ target: String) -> String {
        String(target.prefix { $0 != "?" })
    }

    /// The value of `name` in the target's query, as it is (no decoding: the page sends plain numbers).
    public static func query(_ target: String, _ name: String) -> String? {
        guard let q = target.firstIndex(of: "?") else { return nil }
        for pair in target[target.index(after: q)...].split(separator: "&") where pair.hasPrefix(name + "=") {
            return String(pair.dropFirst(name.count + 1))
        }
        return nil
    }

    /// A Host header naming this machine: localhost, 127.x.x.x or [::1], with any port.
    public static func isLoopbackHost(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") { return name == "[::1]" || name.hasPrefix("[::1]:") }
        if let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
