import Foundation
import GoldenTesting
import RenderKit
import XCTest

/// `render review`: the report of a failed `render test` served on loopback (the server of `render watch`), against
/// hostile requests and as a reviewer uses it in headless Chromium. Every case starts from the same failure: goldens of
/// `TinyScenes.appearingSquare` in blue, then the square made orange, so frames 4 to 9 fail and 0 to 3 pass.
final class ReviewTests: WatchTestCase {
    var tiny: String { dir + "/tiny.json" }
    var goldens: String { dir + "/goldens" }
    var report: String { dir + "/report" }
    let failing = [4, 5, 6, 7, 8, 9]

    override func setUpWithError() throws {
        try super.setUpWithError()
        try TinyScenes.appearingSquare(fill: "#2060E0").write(toFile: tiny, atomically: true, encoding: .utf8)
        let recorded = try DiffCLI.run(["test", tiny, "--golden", goldens, "--artifacts", report])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        try TinyScenes.appearingSquare(fill: "#E04020").write(toFile: tiny, atomically: true, encoding: .utf8)
        let failed = try DiffCLI.run(["test", tiny, "--golden", goldens, "--artifacts", report])
        XCTAssertEqual(failed.status, 1, failed.stdout + failed.stderr)
        XCTAssertEqual(failingFrames(failed.stdout), failing, failed.stdout)
    }

    /// `render test` of the tiny scene against the goldens (a report of its own).
    func runTest() throws -> DiffCLI.Output {
        try DiffCLI.run(["test", tiny, "--golden", goldens, "--artifacts", dir + "/again"])
    }

    /// The frames the terminal names as failing (`frame_00004.png: 256 pixels differ`).
    func failingFrames(_ out: String) -> [Int] {
        out.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("frame_"), line.contains("differ") else { return nil }
            return Int(line.dropFirst(6).prefix { $0.isNumber })
        }
    }

    /// Starts `render review` with `arguments` on a port the system picks; the address it serves.
    func startReview(_ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DiffCLI.binary)
        p.arguments = ["review"] + arguments + ["--port", "0"]
        let outFile = dir + "/review.out"
        _ = FileManager.default.createFile(atPath: outFile, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outFile))
        let errFile = dir + "/review.err"
        _ = FileManager.default.createFile(atPath: errFile, contents: nil)
        p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errFile))
        try p.run()
        process = p
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, p.isRunning {
            if let url = Self.listening((try? String(contentsOfFile: outFile, encoding: .utf8)) ?? "") { return url }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "render review did not start: " + ((try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""))
    }

    /// Every file under the scratch folder but the review's own output, with its bytes.
    func files() throws -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir)
        while let name = e?.nextObject() as? String {
            let path = dir + "/" + name
            var isDir: ObjCBool = false
            guard name != "review.out", name != "review.err", FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            out[name] = try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return out
    }

    /// A request to the review server as the page would send it (POST with the token from its origin), each part
    /// replaceable by a hostile one; the status code.
    func post(_ port: Int, _ target: String, token: String?, origin: String? = nil, extra: String = "") throws -> Int {
        var head = "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if !extra.contains("Content-Length") { head += "Content-Length: 0\r\n" }
        if let token { head += "X-Render-Token: \(token)\r\n" }
        if let origin { head += "Origin: \(origin)\r\n" }
        return try Self.status(port: port, head + extra + "\r\n")
    }

    func testHostileRequestsChangeNothingAndThePagesOwnAcceptAndUndoDo() throws {
        let address = try startReview([report])
        let port = port(of: address)
        let token = try pageToken(address)
        XCTAssertEqual(token.count, 36, "a UUID")
        let before = try files()
        let origin = "http://127.0.0.1:\(port)"
        let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
        let get = { (path: String) in try Self.status(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n") }

        // The page and its images.
        XCTAssertEqual(try get("/"), 200)
        XCTAssertEqual(try get("/r/0/expected/frame_00005.png"), 200)
        XCTAssertEqual(try get("/r/0/actual/frame_00005.png"), 200)
        XCTAssertEqual(try get("/r/0/diff/frame_00005.png"), 200)
        XCTAssertEqual(try get("/r/0/actual/frame_00002.png"), 404, "a frame that passed has no actual file in the report")

        // State changes without the page's token, from elsewhere, with a body, or as GET: refused, nothing written.
        let started = Date()
        XCTAssertEqual(try post(port, "/r/0/accept?frame=5", token: nil, origin: origin), 403, "no token")
        XCTAssertEqual(try post(port, "/r/0/accept?frame=5", token: wrong, origin: origin), 403, "another token")
        XCTAssertEqual(try post(port, "/r/0/accept", token: token, origin: "http://evil.example"), 403, "another site")
        XCTAssertEqual(try post(port, "/r/0/undo", token: wrong), 403, "undo without the token")
        XCTAssertEqual(try Self.status(port: port, "POST /r/0/accept HTTP/1.1\r\nHost: evil.example:\(port)\r\nContent-Length: 0\r\n"
                                       + "X-Render-Token: \(token)\r\n\r\n"), 403, "DNS rebinding: a Host that is not this machine")
        let body = [UInt8](repeating: 65, count: 1 << 20)
        let oversize = Self.answer(port: port, Array(("POST /r/0/accept?frame=5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
            + "X-Render-Token: \(token)\r\nContent-Length: \(body.count)\r\n\r\n").utf8) + body)
        XCTAssertEqual(oversize.code, 400, "a 1 MiB body: \(oversize.line)")
        XCTAssertLessThan(oversize.seconds, 2)
        XCTAssertEqual(try post(port, "/r/0/accept", token: token, extra: "Transfer-Encoding: chunked\r\n"), 400, "a chunked body")
        XCTAssertEqual(try get("/r/0/accept?frame=5"), 405, "GET to a POST route")
        XCTAssertEqual(try get("/r/0/undo"), 405)
        XCTAssertEqual(try post(port, "/", token: token), 405, "POST to the page")
        XCTAssertEqual(try post(port, "/r/0/expected/frame_00005.png", token: token), 405, "POST to an image")

        // Ways out of the served folders, and frames and reports that are not there.
        XCTAssertEqual(try get("/r/0/expected/../../etc/passwd"), 400)
        XCTAssertEqual(try get("/r/0/expected/..%2F..%2Fetc%2Fpasswd"), 400)
        XCTAssertEqual(try get("/r/0/actual/%2e%2e/report.json"), 400)
        XCTAssertEqual(try get("/r/0/expected/frame_-1"), 404)
        XCTAssertEqual(try get("/r/0/expected/frame_-0001.png"), 404)
        XCTAssertEqual(try get("/r/0/expected/manifest.json"), 404, "only frame files are served")
        XCTAssertEqual(try get("/r/1/expected/frame_00005.png"), 404, "one report only")
        XCTAssertEqual(try post(port, "/r/0/accept?frame=../../etc/passwd", token: token, origin: origin), 400)
        XCTAssertEqual(try post(port, "/r/0/accept?frame=-1", token: token, origin: origin), 400)
        XCTAssertEqual(try post(port, "/r/0/accept?frame=99", token: token, origin: origin), 400, "outside the report's frames")
        XCTAssertEqual(try post(port, "/r/0/accept?frame=2", token: token, origin: origin), 400, "a frame that passed")
        XCTAssertEqual(try post(port, "/r/1/accept", token: token, origin: origin), 404, "unknown report")
        XCTAssertEqual(try post(port, "/r/9999999999/accept", token: token, origin: origin), 405, "not a report number")
        XCTAssertEqual(try post(port, "/r/0/accept/../../x", token: token, origin: origin), 405)
        XCTAssertEqual(try post(port, "/r/0/undo?frame=5", token: token, origin: origin), 200, "undoing what was not accepted")
        let seconds = Date().timeIntervalSince(started)
        XCTAssertLessThan(seconds, 10, "every refusal is quick")
        XCTAssertEqual(try files(), before, "no file written, removed or changed by refused requests")

        // The page's own request accepts frame 5 only; undo puts the golden back, byte for byte.
        XCTAssertEqual(try post(port, "/r/0/accept?frame=5", token: token, origin: origin), 200)
        let accepted = try files()
        let changed = Set(accepted.keys).union(before.keys).filter { accepted[$0] != before[$0] }.sorted()
        XCTAssertEqual(changed, ["goldens/frame_00005.png", "goldens/manifest.json", "report/replaced/frame_00005.png",
                                 "report/replaced/manifest.json"])
        XCTAssertEqual(accepted["goldens/frame_00005.png"], before["report/actual/frame_00005.png"])
        XCTAssertEqual(failingFrames(try runTest().stdout), [4, 6, 7, 8, 9])
        XCTAssertEqual(try post(port, "/r/0/undo?frame=5", token: token, origin: origin), 200)
        XCTAssertEqual(try files()["goldens/frame_00005.png"], before["goldens/frame_00005.png"], "undo restores the golden")
        XCTAssertEqual(try files()["goldens/manifest.json"], before["goldens/manifest.json"], "and the manifest, byte for byte")
        XCTAssertEqual(failingFrames(try runTest().stdout), failing)

        // The motion track alone: refused when it did not fail (a colour moves nothing), or asked with a frame.
        let beforeMarks = try files()
        XCTAssertEqual(try post(port, "/r/0/accept?motion=1", token: token, origin: origin), 400, "the motion did not fail")
        XCTAssertEqual(try post(port, "/r/0/accept?frame=5&motion=1", token: token, origin: origin), 400)
        XCTAssertEqual(try post(port, "/r/0/accept?motion=yes", token: token, origin: origin), 400)
        // Rejections: with the token, a failing frame only; kept in the report's review-state.json, nothing else.
        XCTAssertEqual(try post(port, "/r/0/reject?frame=5", token: nil, origin: origin), 403, "no token")
        XCTAssertEqual(try post(port, "/r/0/reject", token: token, origin: origin), 400, "which frame?")
        XCTAssertEqual(try post(port, "/r/0/reject?frame=2", token: token, origin: origin), 400, "a frame that passed")
        XCTAssertEqual(try post(port, "/r/0/reject?frame=99", token: token, origin: origin), 400, "outside the report")
        XCTAssertEqual(try get("/r/0/reject?frame=5"), 405)
        XCTAssertEqual(try files(), beforeMarks, "nothing written by refused marks")
        XCTAssertEqual(try post(port, "/r/0/reject?frame=5", token: token, origin: origin), 200)
        XCTAssertEqual(try post(port, "/r/0/reject?frame=7", token: token, origin: origin), 200)
        XCTAssertEqual(try post(port, "/r/0/reject?frame=7", token: token, origin: origin), 200, "twice is once")
        let marked = try files()
        XCTAssertEqual(Set(marked.keys).union(beforeMarks.keys).filter { marked[$0] != beforeMarks[$0] }, ["report/review-state.json"])
        let state = try XCTUnwrap(JSONSerialization.jsonObject(with: try XCTUnwrap(marked["report/review-state.json"])) as? [String: Any])
        XCTAssertEqual(state["rejected"] as? [Int], [5, 7])
        XCTAssertEqual(try post(port, "/r/0/unreject?frame=5", token: token, origin: origin), 200)
        XCTAssertEqual(try post(port, "/r/0/unreject?frame=7", token: token, origin: origin), 200)
        XCTAssertEqual(try files(), beforeMarks, "no rejection left: no state file")
        // Ctrl-C stops it with status 130, as it stops render watch.
        let p = try XCTUnwrap(process)
        p.interrupt()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 130)
        print("review: the hostile requests refused in \(seconds) s; accept and undo of frame 5 through the page's route")
    }

    /// The page's "accept the scene" (A) leaves the frames the reviewer rejected as they are: it once accepted them
    /// with the rest. Every other failing frame is accepted; when every one is rejected, nothing is.
    func testAcceptingTheSceneKeepsRejectedFrames() throws {
        let address = try startReview([report])
        let port = port(of: address), token = try pageToken(address), origin = "http://127.0.0.1:\(port)"
        let before = try files()
        XCTAssertEqual(try post(port, "/r/0/reject?frame=5", token: token, origin: origin), 200)
        XCTAssertEqual(try post(port, "/r/0/reject?frame=7", token: token, origin: origin), 200)
        XCTAssertEqual(try post(port, "/r/0/accept", token: token, origin: origin), 200)
        let after = try files()
        for i in failing {
            let name = String(format: "goldens/frame_%05d.png", i)
            if [5, 7].contains(i) {
                XCTAssertEqual(after[name], before[name], "\(name) was rejected: kept")
            } else {
                XCTAssertEqual(after[name], before[String(format: "report/actual/frame_%05d.png", i)], "\(name) accepted")
            }
        }
        XCTAssertEqual(failingFrames(try runTest().stdout), [5, 7], "only the rejected frames still fail")
    }

    /// A folder that is not a report, or a report whose goldens are gone: one line each, exit 2, nothing served.
    func testFoldersThatAreNotReportsAreRefused() throws {
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        let before = try files()
        let run = try DiffCLI.run(["review", dir + "/empty", dir + "/nowhere", "--port", "0"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertEqual(run.stdout, "", "nothing served")
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, run.stderr)
        XCTAssertTrue(lines[0].contains(dir + "/empty is not a render test report"), run.stderr)
        XCTAssertTrue(lines[1].contains(dir + "/nowhere: no such folder"), run.stderr)
        try FileManager.default.moveItem(atPath: goldens, toPath: dir + "/moved")
        let gone = try DiffCLI.run(["review", report, "--port", "0"])
        XCTAssertEqual(gone.status, 2, gone.stderr)
        XCTAssertTrue(gone.stderr.contains("the goldens folder \(goldens) of report \(report) is gone"), gone.stderr)
        try FileManager.default.moveItem(atPath: dir + "/moved", toPath: goldens)
        XCTAssertEqual(try files(), before, "nothing written")
    }

    /// A report from another machine (a CI artifact) names goldens that are not here: refused, saying to give
    /// --goldens; with it the page serves those goldens and accepts into them.
    func testAReportFromAnotherMachineIsServedWithGoldens() throws {
        let clone = dir + "/clone-goldens"
        try FileManager.default.moveItem(atPath: goldens, toPath: clone)
        let gone = try DiffCLI.run(["review", report, "--port", "0"])
        XCTAssertEqual(gone.status, 2, gone.stderr)
        XCTAssertTrue(gone.stderr.contains("of report \(report) is gone (a report from another machine: give --goldens DIR)"), gone.stderr)
        let two = try DiffCLI.run(["review", report, report, "--goldens", clone, "--port", "0"])
        XCTAssertEqual(two.status, 2, two.stderr)
        XCTAssertTrue(two.stderr.contains("--goldens names the goldens of one report"), two.stderr)
        let address = try startReview([report, "--goldens", clone])
        let port = port(of: address)
        let token = try pageToken(address)
        let get = { (path: String) in try Self.status(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n") }
        XCTAssertEqual(try get("/r/0/expected/frame_00005.png"), 200, "the golden from --goldens")
        XCTAssertEqual(try post(port, "/r/0/accept?frame=5", token: token, origin: "http://127.0.0.1:\(port)"), 200)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: clone + "/frame_00005.png")),
                       try Data(contentsOf: URL(fileURLWithPath: report + "/actual/frame_00005.png")))
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens), "nothing written where the report said")
    }

    /// A report.json that names files outside its folder (edited, or from elsewhere) is refused whole: nothing served.
    func testAReportsFilesAreServedFromInsideItsFolderOnly() throws {
        let path = report + "/report.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"actual/frame_00004.png\"", with: "\"../goldens/manifest.json\"")
            .replacingOccurrences(of: "\"diff/frame_00004.png\"", with: "\"/etc/passwd\"")
        XCTAssertNotEqual(edited, text)
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        // Such a report is not served at all: every problem named, exit 1, nothing listening.
        let run = try DiffCLI.run(["review", report, "--port", "0"])
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        XCTAssertEqual(run.stdout, "")
        XCTAssertTrue(run.stderr.contains(#"frames[0].actual "../goldens/manifest.json" is not a plain path inside the report folder"#), run.stderr)
        XCTAssertTrue(run.stderr.contains(#"frames[0].diff "/etc/passwd" is not relative to the report folder"#), run.stderr)
    }

    /// Chromium, the review of `report` started, and the folder for screenshots (RENDER_SHOTS, else the scratch folder).
    func reviewInChromium() throws -> (ChromiumSteps, String, String) {
        let chromium = try ChromiumSteps(folder: dir)
        let address = try startReview([report])
        let shots = ProcessInfo.processInfo.environment["RENDER_SHOTS"] ?? dir
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        return (chromium, address, shots)
    }

    /// The reviewer's loop in headless Chromium: open the page, step with the keyboard to the second failure, accept
    /// it; the next `render test` passes that frame and still fails the others. The screenshots (review-*.png) go to
    /// the folder RENDER_SHOTS names, to be looked at, else to the scratch folder.
    func testKeyboardAcceptInChromiumPassesThatFrameOnly() throws {
        let (chromium, address, shots) = try reviewInChromium()
        let position = "document.body.dataset.position"
        let r = try chromium.run([
            ["open": address, "width": 1280, "height": 800, "scale": 1],
            ["wait": "document.body.dataset.ready==='1'"],
            ["eval": position],                                                        // 2: 0:4, the first failure
            ["eval": "document.querySelectorAll('#s0 .strip span').length"],           // 3: a cell per frame
            ["eval": "[].map.call(document.querySelectorAll('#s0 .strip span'),function(c){return c.style.background?1:0;}).join('')"],
            ["screenshot": shots + "/review-side.png"],
            ["key": "j"], ["eval": position],                                          // 7: 0:5
            ["key": "k"], ["key": "ArrowDown"], ["eval": position],                    // 10: 0:5 again
            ["key": "2"], ["sleep": 0.3], ["screenshot": shots + "/review-slider.png"],
            ["key": "3"], ["eval": "getComputedStyle(document.querySelector('#s0 .top')).opacity"],  // 15: 0.5
            ["key": "1"],
            ["key": "a"], ["wait": "document.body.dataset.accepted==='1'"],
            ["eval": position],                                                        // 19: 0:6, the next pending one
            ["eval": "document.getElementById('message').textContent"],               // 20
            ["key": "r"], ["wait": "document.querySelector('#s0 .strip span.rejected')!==null"], ["eval": position],  // 22, 23: 0:7
            ["key": "u"], ["wait": "document.querySelector('#s0 .strip span.rejected')===null"],                    // 25
            // Rejected again, then the page loaded again: the rejection is still there (the report keeps it).
            ["key": "k"], ["key": "r"], ["wait": "document.querySelector('#s0 .strip span.rejected')!==null"],      // 28
            ["eval": "document.body.dataset.ready='old'"],
            ["open": address, "width": 1280, "height": 800, "scale": 1],
            ["wait": "document.body&&document.body.dataset.ready==='1'"],
            ["eval": "[].map.call(document.querySelectorAll('#s0 .strip span'),function(c){return c.classList.contains('rejected')?'r':c.classList.contains('accepted')?'a':'.';}).join('')"],  // 32
            ["sleep": 0.3], ["screenshot": shots + "/review-accepted.png"],
        ])
        XCTAssertEqual(r[2] as? String, "0:4")
        XCTAssertEqual(r[3] as? Int, 10)
        XCTAssertEqual(r[4] as? String, "0000111111", "frames 4 to 9 coloured, 0 to 3 not")
        XCTAssertEqual(r[7] as? String, "0:5")
        XCTAssertEqual(r[10] as? String, "0:5")
        XCTAssertEqual(r[15] as? String, "0.5")
        XCTAssertEqual(r[19] as? String, "0:6")
        XCTAssertTrue((r[20] as? String ?? "").contains("replaced " + goldens + "/frame_00005.png"), "\(r[20])")
        XCTAssertEqual(r[22] as? Bool, true, "r marks the frame rejected")
        XCTAssertEqual(r[23] as? String, "0:7", "and goes to the next pending failure")
        XCTAssertEqual(r[25] as? Bool, true, "u takes the rejection back")
        XCTAssertEqual(r[28] as? Bool, true)
        XCTAssertEqual(r[32] as? String, ".....ar...", "after a reload: frame 5 accepted, frame 6 rejected")
        let after = try runTest()
        XCTAssertEqual(after.status, 1)
        XCTAssertEqual(failingFrames(after.stdout), [4, 6, 7, 8, 9], "frame 5 passes, the rest still fail: \(after.stdout)")
        XCTAssertEqual(try String(contentsOfFile: dir + "/review.out", encoding: .utf8).components(separatedBy: "accept: replaced").count, 2,
                       "one golden written")
    }
    /// The page as a reviewer clicks it: a frame's own button accepts it, and its expected pane then shows the golden
    /// the accept replaced (not the new golden, which is the actual frame); each frame carries its time; play shows
    /// golden beside actual frame after frame; the scene's button accepts the rest, and the page says the review is
    /// complete. Screenshots review-buttons.png, review-play.png and review-complete.png go to RENDER_SHOTS.
    func testButtonsPlayAndCompleteInChromium() throws {
        let (chromium, address, shots) = try reviewInChromium()
        let firstImage = "document.querySelector('#s0 .viewer .pane img')"
        let r = try chromium.run([
            ["open": address, "width": 1280, "height": 800, "scale": 1],
            ["wait": "document.body.dataset.ready==='1'"],
            ["eval": "document.querySelector('#s0 .caption span').textContent"],                    // 2
            ["eval": "document.querySelector('#s0 .acts button').click();1"],
            ["wait": "document.body.dataset.accepted==='1'"],
            ["key": "k"], ["eval": "document.body.dataset.position"],                                // 6: back on 0:4
            ["eval": firstImage + ".getAttribute('src')"],                                           // 7
            ["wait": firstImage + ".complete&&" + firstImage + ".naturalWidth===40"],
            ["eval": "document.querySelector('#s0 .viewer figcaption').textContent"],               // 9
            ["eval": "document.getElementById('complete').hidden"],                                  // 10
            ["sleep": 0.3], ["screenshot": shots + "/review-buttons.png"],
            ["key": "5"], ["sleep": 0.35], ["eval": "document.querySelector('#s0 .viewer p.control').textContent"],  // 15
            ["sleep": 0.3], ["eval": "document.querySelector('#s0 .viewer p.control').textContent"], // 17
            ["screenshot": shots + "/review-play.png"],
            ["key": "1"],
            ["eval": "document.querySelector('#s0 .acceptScene').click();1"],
            ["wait": "document.body.dataset.complete==='1'"],
            ["eval": "document.getElementById('complete').textContent"],                              // 22
            ["sleep": 0.3], ["screenshot": shots + "/review-complete.png"],
            // Frames 4 to 9 show one change (the same golden, the same actual file); the change pane shows its size:
            // #2060E0 → #E04020 is 192/255 in red and blue, on the square's 256 pixels.
            ["eval": "document.querySelector('#s0 .same').firstChild.textContent"],                      // 25
            ["wait": "document.querySelector('#s0 canvas.mag')&&document.querySelector('#s0 canvas.mag').dataset.largest"],
            ["eval": "document.querySelector('#s0 .pane .note').textContent"],                           // 27
        ])
        XCTAssertEqual(r[2] as? String, "t = 0.4 s · different · 256 px (21.333 %) · failure 1 of 6", "frame 4 at 10 fps")
        XCTAssertEqual(r[6] as? String, "0:4")
        XCTAssertTrue((r[7] as? String ?? "").hasPrefix("r/0/replaced/frame_00004.png"), "\(r[7])")
        XCTAssertEqual(r[9] as? String, "expected (the golden replaced by the accept)")
        XCTAssertEqual(r[10] as? Bool, true, "five frames still pending")
        let play = [r[15] as? String ?? "", r[17] as? String ?? ""]
        XCTAssertTrue(play.allSatisfy { $0.range(of: #"^frame \d+ · \d(\.\d+)? s · "#, options: .regularExpression) != nil }, "\(play)")
        XCTAssertNotEqual(play[0], play[1], "play steps through the frames")
        XCTAssertEqual(r[22] as? String, "Review complete: 6 accepted, 0 rejected, nothing pending. The next render test passes.")
        XCTAssertEqual(r[25] as? String, "The same change (identical golden and actual files) on frames 5, 6, 7, 8, 9.")
        XCTAssertEqual(r[27] as? String, "largest difference 192/255, on 256 px")
        let after = try runTest()
        XCTAssertEqual(after.status, 0, after.stdout + after.stderr)
    }

    /// Two views that move together (one offset on both) changed by the same amount on every frame: the report folds
    /// the second into the first (`MotionComparison.folded`), and the page shows one entry, one plot, naming both,
    /// instead of the same change twice.
    func testTheSameMotionChangeOnSeveralValuesIsShownOnce() throws {
        func pair(_ response: Double) -> String {
            """
            {"scene": 1, "name": "pair", "canvas": {"width": 80, "height": 40, "scale": 1, "background": "#FFFFFF"}, "fps": 10,
             "duration": 1, "state": {"x": -20},
             "body": {"type": "zstack", "children": [
               {"type": "rect", "id": "a", "fill": "#FF0000", "frame": {"width": 10, "height": 10}, "offset": {"x": "=x", "y": -8}},
               {"type": "rect", "id": "b", "fill": "#0000FF", "frame": {"width": 10, "height": 10}, "offset": {"x": "=x", "y": 8}}]},
             "timeline": [{"at": 0.2, "set": {"x": 20}, "animation": {"spring": {"response": \(response), "dampingFraction": 0.6}}}]}
            """
        }
        let scene = dir + "/pair.json", golden = dir + "/pair-goldens", report = dir + "/pair-report"
        try pair(0.4).write(toFile: scene, atomically: true, encoding: .utf8)
        XCTAssertEqual(try DiffCLI.run(["test", scene, "--golden", golden, "--artifacts", report]).status, 0)
        try pair(0.6).write(toFile: scene, atomically: true, encoding: .utf8)
        let failed = try DiffCLI.run(["test", scene, "--golden", golden, "--artifacts", report])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(failed.stdout.contains("a.x: ") && failed.stdout.contains("; the same change on b.x"), failed.stdout)
        XCTAssertFalse(failed.stdout.contains("  b.x: "), failed.stdout)
        let page = ReviewPage.html([try GoldenAcceptance(report: report)], token: "t")
        XCTAssertTrue(page.contains("Motion: 1 change "), page)
        XCTAssertTrue(page.contains("<h3>a.x</h3>") && page.contains("; the same change on b.x</p>"), page)
        XCTAssertEqual(page.components(separatedBy: "<svg").count - 1, 1, "one plot")
    }

    /// The motion track of a scene whose frames also fail, accepted alone from the page (m, then undone with u, then
    /// the button): the next `render test --motion-only` passes and the frames still fail.
    func testMotionAloneAcceptedInChromiumWhileFramesStillFail() throws {
        // The square appears at 0.6 s instead of 0.4 s, in orange: frames 4 to 9 and the motion fail.
        let later = TinyScenes.appearingSquare(fill: "#E04020").replacingOccurrences(of: "\"at\": 0.4", with: "\"at\": 0.6")
        XCTAssertNotEqual(later, TinyScenes.appearingSquare(fill: "#E04020"))
        try later.write(toFile: tiny, atomically: true, encoding: .utf8)
        let failed = try DiffCLI.run(["test", tiny, "--golden", goldens, "--artifacts", report])
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failingFrames(failed.stdout), failing, failed.stdout)
        XCTAssertTrue(failed.stdout.contains("motion differs from"), failed.stdout)
        let motionOnly = ["test", tiny, "--golden", goldens, "--artifacts", dir + "/again", "--motion-only"]
        XCTAssertEqual(try DiffCLI.run(motionOnly).status, 1, "the motion fails before")
        let golden = try Data(contentsOf: URL(fileURLWithPath: goldens + "/motion.json"))

        let (chromium, address, shots) = try reviewInChromium()
        let button = "document.querySelector('#s0 .acceptMotion')"
        let r = try chromium.run([
            ["open": address, "width": 1280, "height": 800, "scale": 1],
            ["wait": "document.body.dataset.ready==='1'"],
            ["eval": "\(button)!==null&&!\(button).disabled"],                       // 2: there, enabled
            ["key": "m"], ["wait": "document.body.dataset.changes==='1'"],
            ["eval": "document.getElementById('message').textContent"],               // 5
            ["eval": "\(button).disabled"],                                           // 6: accepted
            ["eval": "document.querySelector('#s0 .count').textContent"],             // 7
            ["eval": "document.querySelectorAll('#s0 .strip span.accepted').length"], // 8: no frame accepted
            ["key": "u"], ["wait": "document.body.dataset.changes==='2'"],
            ["eval": "\(button).disabled"],                                           // 11: pending again
            ["eval": "\(button).click()"], ["wait": "document.body.dataset.changes==='3'"],
            ["sleep": 0.3], ["screenshot": shots + "/review-motion.png"],
        ])
        XCTAssertEqual(r[2] as? Bool, true)
        XCTAssertTrue((r[5] as? String ?? "").contains("Accepted the motion of tiny: replaced " + goldens + "/motion.json"), "\(r[5])")
        XCTAssertEqual(r[6] as? Bool, true)
        XCTAssertTrue((r[7] as? String ?? "").hasSuffix("· motion accepted"), "\(r[7])")
        XCTAssertEqual(r[8] as? Int, 0)
        XCTAssertEqual(r[11] as? Bool, false, "u put the motion golden back")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: goldens + "/motion.json")), try Data(contentsOf: URL(fileURLWithPath: report + "/motion.json")),
                       "the button accepted it again: the report's actual track")
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: goldens + "/motion.json")), golden)
        let motion = try DiffCLI.run(motionOnly)
        XCTAssertEqual(motion.status, 0, "the motion passes: \(motion.stdout)")
        let after = try runTest()
        XCTAssertEqual(after.status, 1)
        XCTAssertEqual(failingFrames(after.stdout), failing, "every frame still fails: \(after.stdout)")
        XCTAssertFalse(after.stdout.contains("motion differs"), after.stdout)
        XCTAssertTrue(after.stdout.contains("motion unchanged"), after.stdout)
        let lines = try String(contentsOfFile: dir + "/review.out", encoding: .utf8)
        XCTAssertEqual(lines.components(separatedBy: "accept: replaced").count, 3, "motion.json written twice: \(lines)")
        XCTAssertFalse(lines.contains("frame_0"), "no frame written: \(lines)")
    }
}
