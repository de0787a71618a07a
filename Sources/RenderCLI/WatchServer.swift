import FlyingFox
import Foundation
import Frames
import RenderKit

/// The HTTP side of `render watch` (FlyingFox): GET and HEAD only, the routes of `WatchRoute` only, files opened
/// without following a symbolic link and only when they are regular files inside the served folders. When the server
/// listens on a loopback address it also refuses requests whose Host header names anything but this machine, so a web
/// page elsewhere cannot reach it through a DNS name of its own (DNS rebinding).
struct WatchHandler: HTTPHandler {
    let session: WatchSession
    /// The folder of the frames compared with (`--compare`), served as it is.
    let compareFolder: String?
    let loopbackOnly: Bool

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let head = request.method == .HEAD
        guard request.method == .GET || head else {
            return text(.methodNotAllowed, "only GET and HEAD\n", head: false, extra: [HTTPHeader("Allow"): "GET, HEAD"])
        }
        if loopbackOnly, let host = request.headers[.host], !Self.isLoopbackHost(host) {
            return text(.forbidden, "this server answers requests for this machine only\n", head: head)
        }
        switch WatchRoute(path: request.target.path(percentEncoded: true)) {
        case .refused: return text(.badRequest, "bad path\n", head: head)
        case .notFound: return text(.notFound, "not found\n", head: head)
        case .page:
            return respond(.ok, Data(pageModel().html().utf8), type: "text/html; charset=utf-8", head: head, page: true)
        case .status:
            let since = request.query.first { $0.name == "since" }.flatMap { Int($0.value) } ?? 0
            // The page tells its screen's pixel ratio once it has loaded; the frames follow it (see pageAsks).
            if !head, let ratio = request.query.first(where: { $0.name == "ratio" }).flatMap({ Double($0.value) }) {
                session.pageAsks(pixelRatio: ratio)
            }
            let s = await session.snapshot(after: since, timeout: 20)
            return respond(.ok, Self.statusJSON(s), type: "application/json", head: head)
        case .frame(let generation, let name):
            return file(in: session.generationFolder(generation) + "/" + PreviewPage.frameFolder, name: name, head: head)
        case .compare(let name):
            guard let compareFolder else { return text(.notFound, "not found\n", head: head) }
            return file(in: compareFolder, name: name, head: head)
        }
    }

    /// The page of the last good render, with the scene's problems of now.
    func pageModel() -> PreviewPageModel {
        let s = session.snapshot()
        let watch = PreviewPageModel.Watch(generation: s.generation, followsScreen: !session.fixedScale,
                                                   run: session.run)
        guard var model = s.model else {
            let name = URL(fileURLWithPath: session.scene).deletingPathExtension().lastPathComponent
            return .empty(name: name, errors: s.errors, watch: watch)
        }
        model.errors = s.errors
        model.watch = watch
        return model
    }

    static func statusJSON(_ s: WatchSession.Snapshot) -> Data {
        let object: [String: Any] = ["version": s.version, "generation": s.generation, "errors": s.errors, "rendering": s.rendering]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// A Host header naming this machine: localhost, 127.x.x.x or [::1], with any port.
    static func isLoopbackHost(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") { return name.hasPrefix("[::1]") }
        if let colon = name.lastIndex(of: ":") { name = String(name[..<colon]) }
        if name == "localhost" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// A regular file `name` of `folder`, never through a symbolic link and never outside the folder.
    func file(in folder: String, name: String, head: Bool) -> HTTPResponse {
        let path = folder + "/" + name
        guard let root = realpath(folder, nil) else { return text(.notFound, "not found\n", head: head) }
        let base = String(cString: root) + "/"
        free(root)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return text(.notFound, "not found\n", head: head) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let real = realpath(path, nil) else { return text(.notFound, "not found\n", head: head) }
        let inside = String(cString: real).hasPrefix(base)
        free(real)
        guard inside else { return text(.notFound, "not found\n", head: head) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        guard let data = try? handle.readToEnd() ?? Data() else { return text(.notFound, "not found\n", head: head) }
        return respond(.ok, data, type: "image/png", head: head)
    }

    func text(_ code: HTTPStatusCode, _ body: String, head: Bool, extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var r = respond(code, Data(body.utf8), type: "text/plain; charset=utf-8", head: head)
        for (k, v) in extra { r.headers[k] = v }
        return r
    }

    func respond(_ code: HTTPStatusCode, _ body: Data, type: String, head: Bool, page: Bool = false) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[HTTPHeader("X-Content-Type-Options")] = "nosniff"
        if page {
            headers[HTTPHeader("Content-Security-Policy")] =
                "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
        }
        if head { headers[.contentLength] = String(body.count) }
        return HTTPResponse(statusCode: code, headers: headers, body: head ? Data() : body)
    }
}
