import NIOHTTP1

/// One answer of `render watch`, whole: the HTTP handler writes it with its length, and closes the connection after
/// it when `close` is set (every refusal of a malformed or hostile request does, so the client cannot go on sending).
struct WatchResponse {
    var status: HTTPResponseStatus
    var type: String
    var body: [UInt8]
    var headers: [(String, String)] = []
    var close = false

    static func text(_ status: HTTPResponseStatus, _ text: String, close: Bool = false, headers: [(String, String)] = []) -> Self {
        WatchResponse(status: status, type: "text/plain; charset=utf-8", body: Array((text + "\n").utf8), headers: headers, close: close)
    }
}
