import Foundation
import XCTest

/// `render watch` against clients that do not play fair, over loopback only, each loop bounded in count and time:
/// long heads, slowloris connections, requests it must refuse, a GET that tries to change its state; an idle page that
/// polls for a minute; eight watchers started at once.
final class WatchHostileTests: WatchTestCase {
    /// One minute of an idle page in headless Chromium on one watcher, while a second watcher takes the hostile
    /// requests (run side by side, so the minute the issue asks for is not added to the others).
    func testHostileClientsAndAMinuteOfAnIdlePage() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let idle = try startWatch(["--port", String(try Self.freePort())], name: "idle")
        let target = try startWatch(["--port", String(try Self.freePort())])
        let idlePID = try XCTUnwrap(process).processIdentifier, pid = try XCTUnwrap(others.first).processIdentifier
        let port = port(of: target)

        final class Box: @unchecked Sendable { var results: [Any] = []; var error: Error?; var cpu = 0.0 }
        let page = Box(), done = DispatchSemaphore(value: 0)
        let idleCPU = try Self.cpuSeconds(idlePID)
        Thread.detachNewThread {
            do {
                page.results = try chromium.run([
                    ["open": idle + "#frame=3", "scale": 1],
                    ["wait": "document.body && document.body.dataset.drawn==='3'"],
                    // Counts every time the status line turns red ("watch stopped; retrying").
                    ["eval": "window.bad=0;new MutationObserver(function(){if(document.getElementById('status').className==='bad')window.bad++;})"
                        + ".observe(document.getElementById('status'),{attributes:true,childList:true,subtree:true,characterData:true});1"],
                    ["sleep": 60],
                    ["eval": "window.bad"],
                    ["eval": "performance.getEntriesByType('resource').filter(function(e){return e.name.indexOf('status?since')>=0;})"
                        + ".map(function(e){return e.responseStatus;})"],
                    ["eval": "document.getElementById('status').textContent"],
                ])
                page.cpu = try Self.cpuSeconds(idlePID)
            } catch { page.error = error }
            done.signal()
        }

        // A 1 MiB header and a 64 KiB request line: refused within 1 s, and nothing keeps working on them.
        let huge = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ".utf8) + [UInt8](repeating: 97, count: 1 << 20) + Array("\r\n\r\n".utf8)
        let big = huge.count
        let header = Self.answer(port: port, huge)
        XCTAssertEqual(header.code, 431, header.line)
        XCTAssertLessThan(header.seconds, 1, "a \(big)-byte head refused at once")
        let line = Self.answer(port: port, Array(("GET /" + String(repeating: "a", count: 64 << 10) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").utf8))
        XCTAssertEqual(line.code, 414, line.line)
        XCTAssertLessThan(line.seconds, 1)
        let before = try Self.cpuSeconds(pid)
        Thread.sleep(forTimeInterval: 10)
        let after = try Self.cpuSeconds(pid)
        XCTAssertLessThan(after - before, 0.2, "CPU in the 10 s after the long heads")
        print("watch: 1 MiB header refused in \(header.seconds) s, 64 KiB line in \(line.seconds) s; CPU in the next 10 s: \(after - before) s")

        // 200 slowloris connections, each with half a head: a normal client still gets the page within 1 s.
        var slow: [Int32] = []
        defer { slow.forEach { close($0) } }
        for _ in 0..<200 {
            if let fd = Self.connection(port: port, sending: Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)) { slow.append(fd) }
        }
        XCTAssertEqual(slow.count, 200)
        let slowStarted = Date()
        let normal = Self.answer(port: port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertEqual(normal.code, 200, normal.line)
        XCTAssertLessThan(normal.seconds, 1, "the page with 200 slowloris connections open")
        print("watch: the page with 200 slowloris connections open in \(normal.seconds) s")

        // Strict requests.
        let h = "Host: 127.0.0.1\r\n"
        let refusals: [(String, Int)] = [
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost: evil.example\r\nHost: 127.0.0.1\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\n\r\n", 400),
            ("GET http://127.0.0.1/ HTTP/1.1\r\n\(h)\r\n", 400),
            ("GET / HTTP/1.1\r\n\(h)Content-Length: 5\r\n\r\nhello", 400),
            ("GET / HTTP/1.1\r\n\(h)Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            ("PUT / HTTP/1.1\r\n\(h)\r\n", 405), ("DELETE / HTTP/1.1\r\n\(h)\r\n", 405), ("OPTIONS * HTTP/1.1\r\n\(h)\r\n", 405),
            ("POST / HTTP/1.1\r\n\(h)Content-Length: 0\r\n\r\n", 405), ("POST /status HTTP/1.1\r\n\(h)Content-Length: 0\r\n\r\n", 405),
            ("GET /screen?ratio=2 HTTP/1.1\r\n\(h)\r\n", 405),
            ("GET / HTTP/1.1\r\n\(h)" + (0..<65).map { "X-\($0): 1\r\n" }.joined() + "\r\n", 431),
            ("GET / HTTP/1.1\r\n\(h)" + (0..<300).map { "X-\($0): 1\r\n" }.joined() + "\r\n", 400),
            ("GARBAGE\r\n\r\n", 400),
        ]
        for (request, code) in refusals {
            XCTAssertEqual(try Self.status(port: port, request), code, request.prefix(60).debugDescription)
        }

        // A GET with a ratio changes nothing: the long poll after it runs its 10 s out and answers "no change".
        let token = try pageToken(target)
        let version = try XCTUnwrap(try statusObject(target)["version"] as? Int)
        _ = try fetch(target + "status?ratio=8&since=0")
        XCTAssertEqual(try Self.postScreen(port: port, ratio: "8", token: nil), 403, "no token")
        XCTAssertEqual(try Self.postScreen(port: port, ratio: "8", token: (token.first == "0" ? "1" : "0") + token.dropFirst()), 403,
                       "another token (its first digit changed)")
        XCTAssertEqual(try Self.postScreen(port: port, ratio: "8", token: token, origin: "http://evil.example"), 403, "another site")
        let waited = Date()
        let unchanged = try statusObject(target, since: version)
        let pollSeconds = Date().timeIntervalSince(waited)
        XCTAssertEqual(unchanged["version"] as? Int, version, "nothing changed")
        XCTAssertEqual(unchanged["generation"] as? Int, 1)
        XCTAssertTrue((9.5...12).contains(pollSeconds), "the long poll answers after its 10 s: \(pollSeconds)")
        XCTAssertFalse(stdoutText.contains("rendering again"), stdoutText)

        // The slowloris connections are closed once the 10 s a head may take have passed.
        Thread.sleep(forTimeInterval: max(0, 11 - Date().timeIntervalSince(slowStarted)))
        var closed = 0
        for fd in slow {
            var flags = fcntl(fd, F_GETFL)
            flags |= O_NONBLOCK
            _ = fcntl(fd, F_SETFL, flags)
            var byte: UInt8 = 0
            if recv(fd, &byte, 1, 0) <= 0, errno != EAGAIN { closed += 1 }
        }
        XCTAssertEqual(closed, 200, "slowloris connections closed by the server")

        // The page's own request, with its token and from its origin, does change the scale.
        XCTAssertEqual(try Self.postScreen(port: port, ratio: "8", token: token, origin: "http://127.0.0.1:\(port)"), 200)
        var s = try statusObject(target)
        let deadline = Date().addingTimeInterval(30)
        while s["generation"] as? Int != 2, Date() < deadline, let v = s["version"] as? Int { s = try statusObject(target, since: v) }
        XCTAssertEqual(s["generation"] as? Int, 2)
        XCTAssertEqual(try servedFrameWidth(target, generation: 2), 640)
        XCTAssertTrue(stdoutText.contains("pixel ratio 8, so the frames are drawn at 8×: rendering again"), stdoutText)

        // The idle page's minute.
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success, "the page's minute ended")
        if let error = page.error { throw error }
        let r = page.results
        XCTAssertEqual(r[4] as? Int, 0, "the status line never showed an error: \(r)")
        let statuses = try XCTUnwrap(r[5] as? [Int], "\(r)")
        XCTAssertGreaterThanOrEqual(statuses.count, 5, "the page polled through the minute: \(statuses)")
        XCTAssertEqual(Set(statuses), [200], "no error response: \(statuses)")
        XCTAssertEqual(r[6] as? String, "live")
        XCTAssertLessThan(page.cpu - idleCPU, 0.5, "the idle server's CPU in the page's minute")
        print("watch: idle page, \(statuses.count) polls in 60 s, all 200; server CPU \(page.cpu - idleCPU) s")
    }

    /// Resident memory of process `pid`, bytes (/proc/PID/status, VmRSS).
    static func residentBytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
    }

    /// A client that sends 10 000 requests on one connection without reading an answer gets one answer in flight:
    /// the server neither queues answers nor reads further ahead (it once went from 245 to 711 MB and 22 s of CPU,
    /// and kept another client waiting 5–11 s). Then 128 idle long polls, the cap of connections: a newcomer still
    /// gets the page at once (the oldest poll makes room).
    func testUnreadPipelinedRequestsAndIdleLongPollsStarveNobody() throws {
        let address = try startWatch(["--port", String(try Self.freePort())])
        let pid = try XCTUnwrap(process).processIdentifier, port = port(of: address)
        let memoryBefore = try Self.residentBytes(pid), cpuBefore = try Self.cpuSeconds(pid)

        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = Self.loopback(port)
        XCTAssertTrue(Self.with(&a) { connect(fd, $0, $1) == 0 })
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let one = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        let all = [UInt8]((0..<10_000).flatMap { _ in one })
        var sent = 0
        let sending = Date()
        while sent < all.count, Date().timeIntervalSince(sending) < 5 {
            let n = all[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n } else { Thread.sleep(forTimeInterval: 0.01) }
        }
        Thread.sleep(forTimeInterval: 2)
        let grown = try Self.residentBytes(pid) - memoryBefore, cpu = try Self.cpuSeconds(pid) - cpuBefore
        XCTAssertLessThan(grown, 40 << 20, "memory grown by \(grown >> 20) MB with \(sent / one.count) requests sent unread")
        XCTAssertLessThan(cpu, 3, "CPU spent on them")
        let other = Self.answer(port: port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertEqual(other.code, 200, other.line)
        XCTAssertLessThan(other.seconds, 1, "another client meanwhile")
        print("watch: \(sent / one.count) of 10000 pipelined requests sent unread; server grew \(grown >> 20) MB, \(cpu) s CPU; another client answered in \(other.seconds) s")

        // 128 long polls waiting for a change that does not come.
        let version = try XCTUnwrap(try statusObject(address)["version"] as? Int)
        var polls: [Int32] = []
        defer { polls.forEach { close($0) } }
        for _ in 0..<128 {
            if let p = Self.connection(port: port, sending: Array("GET /status?since=\(version) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)) { polls.append(p) }
        }
        Thread.sleep(forTimeInterval: 0.5)
        let newcomer = Self.answer(port: port, Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        XCTAssertEqual(newcomer.code, 200, newcomer.line)
        XCTAssertLessThan(newcomer.seconds, 1, "a newcomer with 128 long polls open")
    }

    /// Eight watchers asked for the same port at the same moment all serve, on distinct ports, within 3 s.
    func testEightWatchersStartedTogetherAllServe() throws {
        let port = try Self.freePort()
        var started: [(Process, String)] = []
        let launched = Date()
        for k in 0..<8 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: DiffCLI.binary)
            p.arguments = ["watch", scene, "--out", dir + "/out", "--port", String(port), "--progress", "json"]
            let out = dir + "/w\(k).out"
            _ = FileManager.default.createFile(atPath: out, contents: nil)
            p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            p.standardError = FileHandle.nullDevice
            try p.run()
            others.append(p)
            started.append((p, out))
        }
        var urls: [String?] = Array(repeating: nil, count: 8)
        while urls.contains(nil), Date().timeIntervalSince(launched) < 3 {
            for (k, (_, out)) in started.enumerated() where urls[k] == nil {
                urls[k] = Self.listening((try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let ready = Date().timeIntervalSince(launched)
        let found = urls.compactMap { $0 }
        XCTAssertEqual(found.count, 8, "all listening within 3 s: \(urls)")
        XCTAssertEqual(Set(found).count, found.count, "distinct ports: \(found)")
        for url in found {
            let p = self.port(of: url)
            XCTAssertTrue((port..<port + 100).contains(p), url)
            XCTAssertEqual(try Self.status(port: p, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"), 200, url)
        }
        XCTAssertLessThan(Date().timeIntervalSince(launched), 3, "all serve within 3 s")
        print("watch: 8 watchers listening after \(ready) s, all serving after \(Date().timeIntervalSince(launched)) s")
    }

    /// `--port 0`: the system's pick, told first as a JSON line; the lines after it are JSON too.
    func testPortZeroIsTheSystemsPickToldAsJSON() throws {
        let address = try startWatch(["--port", "0", "--progress", "json"])
        let lines = stdoutText.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let first = try XCTUnwrap(lines.first ?? nil, stdoutText)
        XCTAssertEqual(first["event"] as? String, "listening")
        let port = try XCTUnwrap(first["port"] as? Int)
        XCTAssertGreaterThan(port, 0)
        XCTAssertEqual(address, "http://127.0.0.1:\(port)/")
        XCTAssertTrue(lines.allSatisfy { $0 != nil }, "every line is JSON: \(stdoutText)")
        XCTAssertEqual(lines.last??["event"] as? String, "rendered")
        XCTAssertEqual(lines.last??["render"] as? Int, 1)
        XCTAssertEqual(try Self.status(port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"), 200)
    }
}
