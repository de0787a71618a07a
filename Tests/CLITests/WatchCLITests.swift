import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ImageIO
import XCTest

/// `render watch` as a subprocess on a free port: what it serves and refuses over raw HTTP, and in headless Chromium
/// the page loading, scrubbing, and showing the new render after the scene file changes (and the errors of a bad edit
/// over the last good frames).
final class WatchCLITests: WatchTestCase {
    func testServesItsPageAndFramesOnlyAndRefusesWaysOut() throws {
        let address = try startWatch(["--port", String(try Self.freePort())])
        XCTAssertTrue(address.hasPrefix("http://127.0.0.1:"), address)
        let port = port(of: address)
        // Something outside the served files that must never come out, reachable by a symbolic link in the frames.
        let secret = dir + "/secret.png"
        try Data("secret".utf8).write(to: URL(fileURLWithPath: secret))
        // Each watcher renders into its own folder inside --out: run-PID.
        let own = dir + "/out/run-\(try XCTUnwrap(process).processIdentifier)"
        try FileManager.default.createSymbolicLink(atPath: own + "/1/frames/frame_09999.png", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: own + "/7", withDestinationPath: dir)
        func get(_ path: String, method: String = "GET", host: String = "127.0.0.1") throws -> Int {
            try Self.status(port: port, "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        }
        let expected: [(String, Int)] = [
            ("/", 200), ("/index.html", 200), ("/status", 200), ("/frames/1/frame_00003.png", 200),
            ("/frames/2/frame_00003.png", 404), ("/frames/1/frame_00010.png", 404),
            ("/../etc/passwd", 400), ("/frames/1/../../../etc/passwd", 400), ("/./index.html", 400),
            ("/%2e%2e/etc/passwd", 400), ("/%2E%2E/%2E%2E/etc/passwd", 400), ("/frames/1/..%2F..%2Fsecret.png", 400),
            ("/frames%2F1%2Fframe_00003.png", 400), ("/%252e%252e/etc/passwd", 400), ("/frames/1/frame_00003.png%00", 400),
            ("/frames/1//etc/passwd", 400), ("//etc/passwd", 400), ("/frames\\1\\frame_00003.png", 400),
            ("/etc/passwd", 404), ("/square.json", 404), ("/secret.png", 404), ("/frames/1/preview.html", 404),
            ("/frames/1/frame_09999.png", 404), ("/frames/7/secret.png", 404), ("/frames/7/frames/frame_00003.png", 404),
            ("http://127.0.0.1/../etc/passwd", 400),
        ]
        for (path, code) in expected {
            XCTAssertEqual(try get(path), code, path)
        }
        XCTAssertEqual(try get("/frames/1/frame_00003.png", method: "HEAD"), 200)
        XCTAssertEqual(try get("/", method: "POST"), 405)
        XCTAssertEqual(try get("/", method: "DELETE"), 405)
        XCTAssertEqual(try get("/", host: "evil.example"), 403, "a foreign Host (DNS rebinding) is refused")
        XCTAssertEqual(try get("/", host: "localhost:\(port)"), 200)
        // The frame served is the frame `render` writes.
        let (data, _) = try fetch(address + "frames/1/frame_00003.png")
        XCTAssertEqual(try PNGDecoder().decode(Array(data)), try PNGDecoder().decode(contentsOf: own + "/1/frames/frame_00003.png"))
    }

    /// Two watchers of one scene with the same --out, at different scales: each renders into a folder of its own and
    /// serves its own frames (they once shared `out/1/frames/` and overwrote each other's).
    func testTwoWatchersOfOneSceneServeTheirOwnFrames() throws {
        let one = try startWatch(["--port", String(try Self.freePort()), "--scale", "1"], name: "one")
        let two = try startWatch(["--port", String(try Self.freePort()), "--scale", "2"], name: "two")
        XCTAssertNotEqual(one, two)
        let small = try PNGDecoder().decode(Array(try fetch(one + "frames/1/frame_00003.png").0))
        let large = try PNGDecoder().decode(Array(try fetch(two + "frames/1/frame_00003.png").0))
        XCTAssertEqual(large.width, 2 * small.width, "each serves the frames it rendered")
        XCTAssertEqual(large.height, 2 * small.height)
        let folders = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasPrefix("run-") }.sorted()
        XCTAssertEqual(folders.count, 2, "\(folders)")
        // A watcher stopped with Ctrl-C takes its folder with it; the other's stays.
        let first = try XCTUnwrap(process)
        kill(first.processIdentifier, SIGINT)
        first.waitUntilExit()
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/run-\(first.processIdentifier)"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/run-\(try XCTUnwrap(others.first).processIdentifier)"))
    }

    /// `--out DIR` is shared with whatever else lives there: a watcher removes only the folders an earlier watcher
    /// made (they hold its marker, naming a process that is gone), never a `run-<number>` folder of another tool's (a
    /// CI run's), nor one reached through a symbolic link. Every file of those trees is compared before and after.
    func testRemovesOnlyFoldersAWatcherMade() throws {
        let out = dir + "/out", victim = dir + "/victim"
        let fm = FileManager.default
        // A process that is gone: its number names a watcher folder of the past.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = gone.processIdentifier
        func write(_ text: String, _ file: String) throws {
            try fm.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
        try write("artifact of CI run 2147483646\n", out + "/run-2147483646/junit.xml")
        try write("frames of CI run \(dead)\n", out + "/run-\(dead)7/frame_00000.png")
        try write("render watch \(dead)\n", out + "/run-\(dead)/.render-watch")
        try write("old frame\n", out + "/run-\(dead)/1/frames/frame_00000.png")
        try write("render watch \(dead)\n", victim + "/.render-watch")
        try write("keep me\n", victim + "/notes.txt")
        try fm.createSymbolicLink(atPath: out + "/run-\(dead)9", withDestinationPath: victim)
        try write("not a watcher's\n", out + "/notes.txt")
        var expected = try fileTree(out).filter { !$0.key.hasPrefix("run-\(dead)/") && $0.key != "run-\(dead)" }
        let victimBefore = try fileTree(victim)
        _ = try startWatch(["--port", String(try Self.freePort())])
        let own = "run-\(try XCTUnwrap(process).processIdentifier)"
        XCTAssertEqual(try String(contentsOfFile: out + "/" + own + "/.render-watch", encoding: .utf8),
                       "render watch \(try XCTUnwrap(process).processIdentifier)\n")
        XCTAssertEqual(try fileTree(out).filter { !$0.key.hasPrefix(own) }, expected, "only the gone watcher's folder is removed")
        let p = try XCTUnwrap(process)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        expected = expected.filter { !$0.key.hasPrefix(own) }
        XCTAssertEqual(try fileTree(out), expected, "a stopped watcher takes its own folder and nothing else")
        XCTAssertEqual(try fileTree(victim), victimBefore)
    }

    /// `--set` reaches every render of a watcher, as it reaches `render` (it was accepted and ignored): x = 0 puts the
    /// 20 pt square in the middle of the 80 pt canvas at frame 0, where the scene's own x = −20 leaves white. And an
    /// address other machines can reach is warned about before serving.
    func testSetReachesTheWatchersRendersAndAnOpenAddressIsWarnedAbout() throws {
        func middle(_ address: String) throws -> [UInt8] {
            let image = try PNGDecoder().decode(Array(try fetch(address + "frames/1/frame_00000.png").0))
            let i = (20 * image.width + 40) * 4
            return Array(image.pixels[i..<(i + 4)])
        }
        let plain = try startWatch(["--port", String(try Self.freePort()), "--scale", "1"], name: "plain")
        XCTAssertEqual(try middle(plain), [255, 255, 255, 255], "the scene as written: white in the middle")
        let set = try startWatch(["--port", String(try Self.freePort()), "--scale", "1", "--set", "x=0", "--host", "0.0.0.0"], name: "set")
        XCTAssertEqual(try middle(set.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")), [255, 0, 0, 255], "--set x=0: the square in the middle")
        let err = try String(contentsOfFile: dir + "/set.err", encoding: .utf8)
        XCTAssertTrue(err.contains("render watch: warning: serving on 0.0.0.0, reachable from every network this machine is on"), err)
        XCTAssertFalse(try String(contentsOfFile: dir + "/plain.err", encoding: .utf8).contains("warning"))
    }

    func testTakenPortGivesTheNextAndCtrlCStops() throws {
        // Hold a port the way another server would, then ask for it.
        let taken = try Self.freePort()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var a = Self.loopback(taken)
        let held = Self.with(&a) { bind(fd, $0, $1) == 0 } && listen(fd, 1) == 0
        XCTAssertTrue(held)
        let address = try startWatch(["--port", String(taken)], waitForRender: false)
        XCTAssertGreaterThan(port(of: address), taken, address)
        let p = try XCTUnwrap(process)
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertTrue(stderrText.contains("render watch: stopped"), stderrText)
        // Usage errors are status 2.
        XCTAssertEqual(try DiffCLI.run(["watch", scene, "--port", "70000"]).status, 2)
        XCTAssertEqual(try DiffCLI.run(["watch", scene, "--host", "example.com"]).status, 2)
    }

    func testPageShowsTheNewRenderAfterTheSceneChangesAndErrorsOverTheLastGoodFrames() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let address = try startWatch(["--port", String(try Self.freePort())])
        // The colour of the square's centre in the drawn frame, read back from the page's canvas.
        let colour = "(function(){var p=document.getElementById('frame').getContext('2d').getImageData(60,20,1,1).data;return p[0]+','+p[1]+','+p[2];})()"
        let blue = DiffCLI.movingSquare().replacingOccurrences(of: "#FF0000", with: "#0000FF")
        let broken = blue.replacingOccurrences(of: "\"#0000FF\"", with: "\"#<b>bold</b>\"")
        let r = try chromium.run([
            ["open": address + "#frame=9"], ["wait": "document.body.dataset.drawn==='9'"], ["eval": colour],
            // Scrub to frame 6 as a person would (the scrubber's input event), then edit the scene.
            ["eval": "var s=document.getElementById('scrub');s.value=6;s.dispatchEvent(new Event('input'));document.body.dataset.frame"],
            ["write": scene, "text": blue],
            ["wait": "document.body && document.body.dataset.generation==='2' && document.body.dataset.drawn==='6'", "timeout": 30],
            ["eval": "location.hash"],
            ["eval": "document.getElementById('frameInput').value='9';document.getElementById('frameInput').dispatchEvent(new Event('change'));1"],
            ["wait": "document.body.dataset.drawn==='9'"], ["eval": colour],
            // A bad edit: the errors show over the page, the frames stay.
            ["write": scene, "text": broken],
            ["wait": "!document.getElementById('errors').hidden", "timeout": 30],
            ["eval": "document.getElementById('errorLines').textContent"],
            ["eval": "document.getElementById('errorLines').children.length"],
            ["eval": "document.body.dataset.generation+' '+document.getElementById('status').textContent"],
            ["eval": colour],
        ])
        XCTAssertEqual(r[2] as? String, "255,0,0", "\(r)")
        XCTAssertEqual(r[3] as? String, "6")
        XCTAssertEqual(r[5] as? Bool, true, "reloaded with the new render at the same frame: \(r)")
        XCTAssertEqual(r[6] as? String, "#frame=6", "the time was kept across the reload")
        XCTAssertEqual(r[9] as? String, "0,0,255", "the new render is shown")
        let lines = try XCTUnwrap(r[12] as? String)
        XCTAssertTrue(lines.hasPrefix(scene + ":3:35: body.fill:"), lines)
        XCTAssertTrue(lines.contains("\"#<b>bold</b>\" is not a colour"), "shown as text: \(lines)")
        XCTAssertEqual(r[13] as? Int, 0, "no markup from the scene in the page")
        XCTAssertEqual(r[14] as? String, "2 scene has problems")
        XCTAssertEqual(r[15] as? String, "0,0,255", "the last good frames stay")
        XCTAssertTrue(stderrText.contains(scene + ":3:35: body.fill:"), "the located error in the terminal too: \(stderrText)")
        XCTAssertTrue(stdoutText.contains("(render 2)"), stdoutText)
        // The page with the errors, reloaded, shows them escaped from the start.
        let (page, code) = try fetch(address)
        XCTAssertEqual(code, 200)
        XCTAssertTrue(String(decoding: page, as: UTF8.self).contains("&quot;#&lt;b&gt;bold&lt;/b&gt;&quot; is not a colour"))
    }

    func testAnImageTheSceneUsesChangingRendersAgain() throws {
        // The image lives in a folder of its own (assets/), which is watched because the scene uses it.
        try FileManager.default.createDirectory(atPath: dir + "/assets", withIntermediateDirectories: true)
        try DiffCLI.write(DiffCLI.solid(4, 4, [255, 0, 0, 255]), dir + "/assets/dot.png")
        let text = """
        {"scene": 1, "name": "dot", "canvas": {"width": 8, "height": 8, "scale": 1, "background": "#FFFFFF"}, "fps": 2,
         "duration": 1, "body": {"type": "image", "src": "assets/dot.png", "frame": {"width": 8, "height": 8}}}
        """
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let address = try startWatch(["--port", String(try Self.freePort())])
        func centre(_ generation: Int) throws -> [UInt8] {
            let (data, code) = try fetch(address + "frames/\(generation)/frame_00000.png")
            XCTAssertEqual(code, 200)
            let image = try PNGDecoder().decode(Array(data))
            let p = image[4, 4]
            return [p.0, p.1, p.2]
        }
        XCTAssertEqual(try centre(1), [255, 0, 0])
        let (before, _) = try fetch(address + "status")
        let version = try XCTUnwrap((try JSONSerialization.jsonObject(with: before) as? [String: Any])?["version"] as? Int)
        // Saved the way editors do: a new file renamed over the old one.
        try DiffCLI.write(DiffCLI.solid(4, 4, [0, 0, 255, 255]), dir + "/assets/.dot.png.new")
        XCTAssertEqual(rename(dir + "/assets/.dot.png.new", dir + "/assets/dot.png"), 0)
        var generation = 1
        let deadline = Date().addingTimeInterval(30)
        while generation < 2, Date() < deadline {
            let (data, _) = try fetch(address + "status?since=\(version)")
            generation = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["generation"] as? Int ?? 0
        }
        XCTAssertEqual(generation, 2, stdoutText + stderrText)
        XCTAssertEqual(try centre(2), [0, 0, 255])
        // Nothing else in the folder is watched: a file beside the scene changing renders nothing.
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/notes.txt"))
        Thread.sleep(forTimeInterval: 0.5)
        let (after, _) = try fetch(address + "status")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: after) as? [String: Any])?["generation"] as? Int, 2)
    }

    func testFramesFollowTheScreensPixelRatio() throws {
        let chromium = try ChromiumSteps(folder: dir)
        // The scene's canvas is 80 × 40 points at scale 1; the screen is 2×.
        let address = try startWatch(["--port", String(try Self.freePort())])
        let shot = dir + "/watch-dpr2.png"
        let r = try chromium.run([
            ["open": address + "#frame=9", "emulate": false],
            ["eval": "window.devicePixelRatio"],
            ["wait": "document.body && document.body.dataset.generation==='2' && document.body.dataset.drawn==='9'", "timeout": 30],
            ["eval": Self.shownFrameWidth],
            ["eval": "var c=document.getElementById('frame'),b=c.getBoundingClientRect();[c.width,c.height,b.width,b.height].join(' ')"],
            ["eval": "document.getElementById('caption').textContent"],
            ["eval": "location.hash"],
            ["screenshot": shot],
            // Reloaded by hand at the right scale: no further render.
            ["eval": "location.reload();1"], ["sleep": 0.5],
            ["wait": "document.body && document.body.dataset.drawn==='9'"], ["sleep": 1],
            ["eval": "document.body.dataset.generation"],
        ], flags: ["--force-device-scale-factor=2"])
        XCTAssertEqual(r[1] as? Double ?? (r[1] as? Int).map(Double.init), 2, "the browser's screen: \(r)")
        XCTAssertEqual(r[2] as? Bool, true, "a second render after the page told its ratio: \(r) \(stdoutText)")
        XCTAssertEqual(r[3] as? Int, 2 * 80, "one frame pixel per device pixel")
        XCTAssertEqual(r[4] as? String, "160 80 80 40", "shown at one CSS pixel per point")
        XCTAssertEqual(r[5] as? String, "square", "no mismatch left to report")
        XCTAssertEqual(r[6] as? String, "#frame=9", "the time was kept across the reload")
        XCTAssertEqual(r[12] as? String, "2", "the same ratio again renders nothing: \(stdoutText)")
        XCTAssertEqual(try servedFrameWidth(address, generation: 2), 160)
        // Frame 9 has the square at 50…70 pt: device pixels 100…140 in the screenshot, with sharp edges.
        let image = try PNGDecoder().decode(contentsOf: shot)
        XCTAssertTrue(image[99, 40] == (255, 255, 255, 255) && image[100, 40] == (255, 0, 0, 255), "\(image[99, 40]) \(image[100, 40])")
        XCTAssertTrue(image[139, 40] == (255, 0, 0, 255) && image[140, 40] == (255, 255, 255, 255), "\(image[139, 40]) \(image[140, 40])")
    }

    /// The window moves to a 2× screen while the page is open: the page reloads at the same frame and the frames are
    /// rendered again at 2×.
    func testFramesFollowAMoveToAnotherScreen() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let address = try startWatch(["--port", String(try Self.freePort())])
        let r = try chromium.run([
            ["open": address + "#frame=9", "scale": 1],
            ["wait": "document.body && document.body.dataset.drawn==='9'"],
            ["eval": "document.body.dataset.generation+' '+window.devicePixelRatio"],
            ["emulate": 2],
            ["wait": "document.body && document.body.dataset.generation==='2' && document.body.dataset.drawn==='9'", "timeout": 30],
            ["eval": Self.shownFrameWidth],
            ["eval": "location.hash"],
        ])
        XCTAssertEqual(r[2] as? String, "1 1", "first shown at 1×: \(r)")
        XCTAssertEqual(r[4] as? Bool, true, "rendered again after the move: \(r) \(stdoutText)")
        XCTAssertEqual(r[5] as? Int, 160, "one frame pixel per device pixel on the new screen")
        XCTAssertEqual(r[6] as? String, "#frame=9", "the time was kept")
    }

    func testGivenScaleStaysWhateverTheScreen() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let address = try startWatch(["--port", String(try Self.freePort()), "--scale", "1"])
        let r = try chromium.run([
            ["open": address + "#frame=9", "emulate": false],
            ["wait": "document.body && document.body.dataset.drawn==='9'"],
            ["sleep": 1.5],
            ["eval": "document.body.dataset.generation"],
            ["eval": Self.shownFrameWidth],
            ["eval": "document.getElementById('caption').textContent"],
        ], flags: ["--force-device-scale-factor=2"])
        XCTAssertEqual(r[3] as? String, "1", "no second render: \(r) \(stdoutText)")
        XCTAssertEqual(r[4] as? Int, 80)
        XCTAssertEqual(r[5] as? String, "square · drawn at 1×, screen 2× (fixed by --scale; without it the frames follow the screen)")
        XCTAssertFalse(stdoutText.contains("(render 2)"), stdoutText)
    }

    /// The page's screen, told by `POST /screen` with the page's token, renders at the nearest allowed scale; a
    /// ratio on a GET does nothing.
    func testScreenRatioRendersAtTheNearestAllowedScale() throws {
        let address = try startWatch(["--port", String(try Self.freePort())])
        let port = port(of: address), token = try pageToken(address)
        let first = try XCTUnwrap(try statusObject(address)["version"] as? Int)
        // Not numbers above 0: refused. The same scale as now (1): nothing happens. On a GET: ignored.
        for junk in ["abc", "nan", "-1", "0", "1e400", "inf", "%3Cb%3E"] {
            XCTAssertEqual(try Self.postScreen(port: port, ratio: junk, token: token), 400, junk)
        }
        XCTAssertEqual(try Self.postScreen(port: port, ratio: "1", token: token), 200)
        _ = try fetch(address + "status?ratio=2")
        XCTAssertEqual(try statusObject(address)["version"] as? Int, first, "no render for a ratio that is no scale, is the scale already or came on a GET")
        // A 1.6 screen: the nearest quarter, 1.5 (120 pixels for 80 points); 100: the largest scale, 8; 0.01: 0.25.
        for (ratio, width, generation) in [("1.6", 120, 2), ("100", 640, 3), ("0.01", 20, 4)] {
            XCTAssertEqual(try Self.postScreen(port: port, ratio: ratio, token: token), 200)
            var s = try statusObject(address)
            let deadline = Date().addingTimeInterval(30)
            while s["generation"] as? Int != generation, Date() < deadline, let v = s["version"] as? Int {
                s = try statusObject(address, since: v)
            }
            XCTAssertEqual(s["generation"] as? Int, generation, ratio + " " + stderrText)
            XCTAssertEqual(try servedFrameWidth(address, generation: generation), width, ratio)
        }
        // Each re-render said why.
        XCTAssertTrue(stdoutText.contains("render watch: the page's screen has pixel ratio 1.6, so the frames are drawn at 1.5×: rendering again"), stdoutText)
        XCTAssertTrue(stdoutText.contains("at 1.5× (render 2)"), stdoutText)
    }

    func testACanvasTooBigAtTheScreensScaleStaysAtItsOwn() throws {
        // 4,000 points wide: 32,000 pixels at 8×, more than the renderer draws a side.
        let text = """
        {"scene": 1, "name": "wide", "canvas": {"width": 4000, "height": 2, "scale": 1, "background": "#FFFFFF"}, "fps": 1,
         "duration": 1, "body": {"type": "rect", "fill": "#FF0000", "frame": {"width": 20, "height": 2}}}
        """
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let address = try startWatch(["--port", String(try Self.freePort())])
        XCTAssertEqual(try Self.postScreen(port: port(of: address), ratio: "8", token: try pageToken(address)), 200)
        let deadline = Date().addingTimeInterval(30)
        while !stdoutText.contains("(render 2)"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let s = try statusObject(address)
        XCTAssertEqual(s["generation"] as? Int, 2, stdoutText + stderrText)
        XCTAssertEqual(s["errors"] as? [String], [], "not a problem of the scene")
        XCTAssertEqual(try servedFrameWidth(address, generation: 2), 4000)
        XCTAssertTrue(stderrText.contains("not drawn at the screen's 8×: the canvas is 32000×16 px at scale 8"), stderrText)
    }

    func testTwoScreensDoNotTakeTurnsForEver() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let address = try startWatch(["--port", String(try Self.freePort())])
        // This tab is on a 2× screen and asks for 2×; right after, "another page" on a 1× screen asks for 1× through
        // the same request. The other page asked last: the tab ends at 1× and does not ask again.
        let r = try chromium.run([
            ["open": address + "#frame=3", "scale": 2],
            // The tab asked at once (its POST): the frames of render 2 are at 2×.
            ["wait": "document.body && document.body.dataset.generation==='2' && document.body.dataset.drawn==='3'"],
            ["eval": "fetch('screen?ratio=1',{method:'POST',headers:{'X-Render-Token':JSON.parse(document.getElementById('data').textContent).watch.token}}).then(function(r){return r.status;})"],
            ["wait": "document.body && document.body.dataset.drawn==='3' && document.getElementById('caption').textContent.indexOf('asked for 2')>0", "timeout": 30],
            ["sleep": 1.5],
            ["eval": "document.body.dataset.generation"],
            ["eval": Self.shownFrameWidth],
            ["eval": "document.getElementById('caption').textContent"],
            ["eval": "document.body.dataset.drawn"],
        ])
        XCTAssertEqual(r[1] as? Bool, true, "the tab asked for 2× and got it: \(r) \(stdoutText)")
        XCTAssertEqual(r[2] as? Int, 200)
        XCTAssertNotNil(r[3] as? Bool, "\(r) \(stdoutText)")
        let generation = try XCTUnwrap(Int(r[5] as? String ?? ""), "\(r)")
        XCTAssertTrue(stdoutText.contains("(render \(generation))") && !stdoutText.contains("(render \(generation + 1))"),
                      "no render after the tab settled: \(stdoutText)")
        XCTAssertEqual(r[6] as? Int, 80, "the frames of the page that asked last")
        XCTAssertEqual(r[7] as? String, "square · drawn at 1×, screen 2× (asked for 2×: see the terminal of render watch)")
        XCTAssertEqual(r[8] as? String, "3", "the time was kept")
    }
}
