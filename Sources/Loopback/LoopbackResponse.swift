/// One answer of the loopback server, whole: the HTTP handler writes it with its length, and closes the connection
/// after it when `close` is set (every refusal of a malformed or hostile request does, so the client cannot go on
/// sending).
public struct LoopbackResponse: Sendable {
    public var status: LoopbackStatus
    public var type: String
    public var body: [UInt8]
    public var headers: [(String, String)]
    public var close: Bool

    public init(status: LoopbackStatus, type: String, body: [UInt8], headers: [(String, String)] = [], close: Bool = false) {
        self.status = status; self.type = type; self.body = body; self.headers = headers; self.close = close
    }

    public static func text(_ status: LoopbackStatus, _ text: String, close: Bool = false, headers: [(String, String)] = []) -> Self {
        LoopbackResponse(status: status, type: "text/plain; charset=utf-8", body: Array((text + "\n").utf8), headers: headers, close: close)
    }
}

/// The statuses the commands answer with (the HTTP library's own type stays inside this target).
public enum LoopbackStatus: Int, Sendable {
    case ok = 200
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case conflict = 409
    case requestHeaderFieldsTooLarge = 431
    case internalServerError = 500
}

/// A request head as the commands see it: method, target and header fields, free of the HTTP library.
public struct LoopbackRequest: Sendable {
    public enum Method: Sendable, Equatable { case get, head, post, other(String) }
    public var method: Method
    /// The request target as sent (origin form: `/path?query`), still percent-encoded.
    public var uri: String
    public var headers: [(name: String, value: String)]
    /// HTTP/1.0, which may leave out `Host`.
    public var isHTTP10: Bool

    public init(method: Method, uri: String, headers: [(name: String, value: String)] = [], isHTTP10: Bool = false) {
        self.method = method; self.uri = uri; self.headers = headers; self.isHTTP10 = isHTTP10
    }

    /// Every value of the header field `name` (names compare without case), in order.
    public func values(_ name: String) -> [String] {
        let lower = name.lowercased()
        return headers.filter { $0.name.lowercased() == lower }.map(\.value)
    }
}
