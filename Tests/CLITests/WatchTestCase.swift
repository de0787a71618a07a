import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageIO
import XCTest

/// What the `render watch` tests share: the watcher started as a subprocess on a free port (its output in files of
/// the scratch folder), requests sent as raw bytes over loopback (no client in between to tidy them), the server's CPU
/// time read from /proc, and the page's token read from the page. All traffic goes to 127.0.0.1.
class WatchTestCase: XCTestCase {
    var dir = ""
    var scene: String { dir + "/square.json" }
    var process: Process?
    /// Watchers started after the first.
    var others: [Process] = []
    var output = ""

    override func setUpWithError() throws {
        dir = try DiffCLI.scratch("watch")
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        for p in [process].compactMap({ $0 }) + others where p.isRunning { p.terminate(); p.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// 127.0.0.1 at `port`.
    static func loopback(_ port: Int) -> sockaddr_in {
        var a = sockaddr_in()
        a.sin_family = sa_family_t(AF_INET)
        a.sin_port = UInt16(port).bigEndian
        a.sin_addr.s_addr = inet_addr("127.0.0.1")
        return a
    }

    /// `call` (bind, connect, getsockname) with `address` as a `sockaddr`.
    static func with(_ address: inout sockaddr_in, _ call: (UnsafeMutablePointer<sockaddr>, socklen_t) -> Bool) -> Bool {
        withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            call($0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    }

    /// A port nothing listens on now (the system's pick for port 0).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = loopback(0)
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard with(&a, { bind(fd, $0, $1) == 0 && getsockname(fd, $0, &len) == 0 }) else { throw Failure(description: "no free port") }
        return Int(UInt16(bigEndian: a.sin_port))
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts `render watch` with `arguments` and waits for its first render; the address it serves. Its output goes
    /// to `name`.out and `name`.err; a second watcher needs a name of its own.
    func startWatch(_ arguments: [String] = [], waitForRender: Bool = true, name: String = "watch") throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DiffCLI.binary)
        p.arguments = ["watch", scene, "--out", dir + "/out"] + arguments
        let outFile = dir + "/\(name).out", errFile = dir + "/\(name).err"
        _ = FileManager.default.createFile(atPath: outFile, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outFile))
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errFile))
        try p.run()
        if process == nil { process = p } else { others.append(p) }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let out = (try? String(contentsOfFile: outFile, encoding: .utf8)) ?? ""
            if let url = Self.listening(out), !waitForRender || out.contains("rendered") { return url }
            guard p.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "render watch did not start: " + ((try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""))
    }

    /// The address in a watcher's output: its line for people (`serving URL `) or, with `--progress json`, its
    /// first JSON line.
    static func listening(_ out: String) -> String? {
        if let r = out.range(of: "serving "), let end = out[r.upperBound...].firstIndex(of: " ") { return String(out[r.upperBound..<end]) }
        guard let line = out.split(separator: "\n").first, line.hasSuffix("}"),
              let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return object["url"] as? String
    }

    var stderrText: String { (try? String(contentsOfFile: dir + "/watch.err", encoding: .utf8)) ?? "" }
    var stdoutText: String { (try? String(contentsOfFile: dir + "/watch.out", encoding: .utf8)) ?? "" }

    /// Sends `request` as it is (no client in between to tidy the path) and returns the status code of the answer.
    static func status(port: Int, _ request: String) throws -> Int {
        let (code, line, _) = answer(port: port, Array(request.utf8))
        guard let code else { throw Failure(description: "no HTTP answer to \(request.prefix(200).debugDescription): \(line.debugDescription)") }
        return code
    }

    /// Sends `bytes` (all of them, unless the server closes first) on a new connection to 127.0.0.1:`port` and reads
    /// the answer's status line (for at most `timeout` s): its code (nil when none came), the line, and the seconds
    /// from the connection to the status line.
    static func answer(port: Int, _ bytes: [UInt8], timeout: Int = 10) -> (code: Int?, line: String, seconds: Double) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = loopback(port)
        let started = Date()
        guard with(&a, { connect(fd, $0, $1) == 0 }) else { return (nil, "cannot connect to port \(port)", 0) }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }  // the server closed: what it answered is still to be read
            sent += n
        }
        var buffer = [UInt8](repeating: 0, count: 4096), answer: [UInt8] = []
        while !answer.contains(10) {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            answer += buffer[0..<n]
        }
        let seconds = Date().timeIntervalSince(started)
        let line = String(decoding: answer.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        guard line.hasPrefix("HTTP/1.1 "), let code = Int(line.dropFirst(9).prefix(3)) else { return (nil, line, seconds) }
        return (code, line, seconds)
    }

    /// A new connection to 127.0.0.1:`port` that has sent `bytes` and is left open (the caller closes it); nil when
    /// the connection is refused.
    static func connection(port: Int, sending bytes: [UInt8]) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var a = loopback(port)
        guard with(&a, { connect(fd, $0, $1) == 0 }) else { close(fd); return nil }
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return fd
    }

    /// CPU seconds (user and system) process `pid` has used so far, from /proc/PID/stat (clock ticks, 10 ms).
    static func cpuSeconds(_ pid: Int32) throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command name in parentheses: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: try XCTUnwrap(stat.lastIndex(of: ")")))...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (Double(fields[11]) ?? .nan) / ticks + (Double(fields[12]) ?? .nan) / ticks
    }

    /// The token the served page sends with its `POST /screen`, read from the page's data.
    func pageToken(_ address: String) throws -> String {
        let page = String(decoding: try fetch(address).0, as: UTF8.self)
        let r = try XCTUnwrap(page.range(of: "\"token\":\""), "no token in the page")
        return String(page[r.upperBound...].prefix { $0 != "\"" })
    }

    /// `POST /screen?ratio=RATIO` as the page sends it, with `token` and `origin` when given; the status code.
    static func postScreen(port: Int, ratio: String, token: String?, origin: String? = nil) throws -> Int {
        var head = "POST /screen?ratio=\(ratio) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\nConnection: close\r\n"
        if let token { head += "X-Render-Token: \(token)\r\n" }
        if let origin { head += "Origin: \(origin)\r\n" }
        return try status(port: port, head + "\r\n")
    }

    /// The status as JSON (`since`: a long poll).
    func statusObject(_ address: String, since: Int? = nil) throws -> [String: Any] {
        let (data, code) = try fetch(address + "status" + (since.map { "?since=\($0)" } ?? ""))
        XCTAssertEqual(code, 200)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func port(of address: String) -> Int { Int(address.split(separator: ":").last?.prefix { $0 != "/" } ?? "") ?? 0 }

    func fetch(_ url: String) throws -> (Data, Int) {
        let done = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var data = Data(); var code = 0 }
        let box = Box()
        URLSession.shared.dataTask(with: URL(string: url)!) { data, response, _ in
            box.data = data ?? Data()
            box.code = (response as? HTTPURLResponse)?.statusCode ?? 0
            done.signal()
        }.resume()
        done.wait()
        return (box.data, box.code)
    }

    /// The natural width of frame 0 of the generation the page shows, loaded by the page itself.
    static let shownFrameWidth = """
        new Promise(function(ok){var im=new Image();im.onload=function(){ok(im.naturalWidth);};im.onerror=function(){ok(-1);};
        im.src='frames/'+document.body.dataset.generation+'/frame_00000.png';})
        """

    /// Width in pixels of frame 0 of `generation` as served.
    func servedFrameWidth(_ address: String, generation: Int) throws -> Int {
        let (data, code) = try fetch(address + "frames/\(generation)/frame_00000.png")
        XCTAssertEqual(code, 200, "generation \(generation)")
        return try PNGDecoder().decode(Array(data)).width
    }
}
