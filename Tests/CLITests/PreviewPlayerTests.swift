import Foundation
import Geometry
import ImageIO
import XCTest

/// The preview page as a designer uses it, in headless Chromium: keys (the scrubber steps once), Home/End, the loop
/// range and speed, frame entry, `#frame=` followed in an open tab, the contact sheet, the events lanes, the pixel
/// ratio, two renders side by side, escaping, and frames as files (the page does not grow with the frame count).
final class PreviewPlayerTests: XCTestCase {
    var dir = ""
    var scene: String { dir + "/square.json" }
    var page: String { "file://" + dir + "/pv/preview.html" }

    override func setUpWithError() throws {
        dir = try DiffCLI.scratch("player")
        try DiffCLI.movingSquare().write(toFile: scene, atomically: true, encoding: .utf8)
        let r = try DiffCLI.run(["preview", scene, "--out", dir + "/pv", "-q", "--no-apng"])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

    var frame: [String: Any] { ["eval": "document.body.dataset.frame"] }

    func testKeysStepOnceEvenWithTheScrubberFocused() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let r = try chromium.run([
            ["open": page + "#frame=3"], ["wait": "document.body.dataset.drawn==='3'"],
            ["focus": "#scrub"], ["key": "ArrowRight"], frame,            // 4, not 5: the range input does not step too
            ["key": "ArrowLeft"], ["key": "ArrowLeft"], frame,           // 2
            ["key": "ArrowRight", "shift": true], frame,                // 9: 2 + 10, held at the last frame
            ["key": "Home"], frame, ["key": "End"], frame,              // 0, 9
            ["focus": "#play"], ["key": "ArrowLeft"], frame,            // 8: the same from a button
            ["eval": "document.activeElement.id"],
        ])
        XCTAssertEqual(r[4] as? String, "4", "\(r)")
        XCTAssertEqual(r[7] as? String, "2")
        XCTAssertEqual(r[9] as? String, "9")
        XCTAssertEqual(r[11] as? String, "0")
        XCTAssertEqual(r[13] as? String, "9")
        XCTAssertEqual(r[16] as? String, "8")
    }

    func testLoopRangeHomeEndAndSpeed() throws {
        let chromium = try ChromiumSteps(folder: dir)
        // Playing frames 2…4 for 2 s of virtual time at 10 fps: about 20 frames shown, so 6 loops, never outside.
        let full = try chromium.browse(["--dump-dom", page + "#frame=3&in=2&out=4&play"])
        let half = try chromium.browse(["--dump-dom", page + "#frame=3&in=2&out=4&speed=0.5&play"])
        func attr(_ dom: String, _ name: String) -> Int? {
            guard let r = dom.range(of: "data-\(name)=\"") else { return nil }
            return Int(dom[r.upperBound...].prefix { $0 != "\"" })
        }
        let loopsFull = try XCTUnwrap(attr(full, "loops")), loopsHalf = try XCTUnwrap(attr(half, "loops"))
        XCTAssertTrue((2...4).contains(try XCTUnwrap(attr(full, "frame"))), full.prefix(400).description)
        XCTAssertTrue((5...7).contains(loopsFull), "\(loopsFull) loops at 1×")
        XCTAssertTrue((2...4).contains(loopsHalf), "\(loopsHalf) loops at 0.5×: half as many frames shown")
        // Without loop, playing stops at the out point.
        let once = try chromium.browse(["--dump-dom", page + "#frame=2&in=2&out=4&loop=0&play"])
        XCTAssertEqual(attr(once, "frame"), 4)
        XCTAssertEqual(attr(once, "loops"), 0)
        XCTAssertFalse(once.contains("data-playing"))
        // Home and End go to the in and out points first, then to the first and last frames; I and O set them.
        let r = try chromium.run([
            ["open": page + "#frame=5&in=3&out=6"], ["wait": "document.body.dataset.drawn==='5'"],
            ["key": "Home"], frame, ["key": "Home"], frame, ["key": "End"], frame, ["key": "End"], frame,
            ["eval": "location.hash='#frame=1'"], ["wait": "document.body.dataset.frame==='1'"], ["key": "i"],
            ["eval": "location.hash='#frame=7'"], ["wait": "document.body.dataset.frame==='7'"], ["key": "o"],
            ["eval": "[document.body.dataset.in, document.body.dataset.out, location.hash].join(' ')"],
        ])
        XCTAssertEqual([r[3], r[5], r[7], r[9]].map { $0 as? String }, ["3", "0", "6", "9"], "\(r)")
        XCTAssertEqual(r[16] as? String, "1 7 #frame=7&in=1&out=7")
    }

    func testHashChangesFrameEntryContactSheetAndEvents() throws {
        let chromium = try ChromiumSteps(folder: dir)
        let r = try chromium.run([
            ["open": page + "#frame=2"], ["wait": "document.body.dataset.drawn==='2'"],
            ["eval": "location.hash='#frame=7'"], ["wait": "document.body.dataset.frame==='7'"],
            ["eval": "var i=document.getElementById('frameInput');i.value='5';i.dispatchEvent(new Event('change'));document.body.dataset.frame"],
            ["eval": "document.querySelectorAll('#sheet .cell')[9].click();document.body.dataset.frame"],
            ["eval": "Array.from(document.querySelectorAll('.lane')).map(function(l){return l.dataset.lane+':'+l.querySelectorAll('.ev').length;}).join(' ')"],
            ["eval": "document.querySelector('.lane[data-lane=haptic] .ev:last-of-type').click();document.body.dataset.frame"],
            ["eval": "Array.from(document.querySelectorAll('#eventRows tr')).map(function(t){return t.textContent;}).join('|')"],
        ])
        XCTAssertEqual(r[3] as? Bool, true, "the open page follows a new #frame=")
        XCTAssertEqual(r[4] as? String, "5", "\(r)")
        XCTAssertEqual(r[5] as? String, "9", "the tenth cell of the sheet is frame 9")
        // Haptics have their own lane: two haptics (0.2 s, 0.75 s), one timeline event, no timers.
        XCTAssertEqual(r[6] as? String, "haptic:2 timer:0 event:2")
        XCTAssertEqual(r[7] as? String, "8", "the haptic at 0.75 s is first shown in frame 8")
        // Event rows: time on the microsecond grid, frame, lane, name.
        XCTAssertEqual(r[8] as? String, "0.2000002eventtimeline[0]|0.2000002haptichaptic soft|0.7500008eventtimeline[1]|0.7500008haptichaptic success")
    }

    func testFramesAreFilesAndThePageStaysSmall() throws {
        let html = try String(contentsOfFile: dir + "/pv/preview.html", encoding: .utf8)
        XCTAssertFalse(html.contains("data:image"), "frames are loaded by URL, not embedded")
        for k in 0..<10 {
            XCTAssertEqual(try PNGDecoder().decode(contentsOf: dir + String(format: "/pv/frames/frame_%05d.png", k)).width, 80)
        }
        // Ten times the frames: the page grows by the events' few bytes at most, not by frames.
        let long = DiffCLI.movingSquare().replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 100")
        try long.write(toFile: dir + "/long.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try DiffCLI.run(["preview", dir + "/long.json", "--out", dir + "/long", "-q", "--no-apng"]).status, 0)
        let longHTML = try String(contentsOfFile: dir + "/long/preview.html", encoding: .utf8)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/long/frames").count, 100)
        XCTAssertLessThan(abs(longHTML.utf8.count - html.utf8.count), 200)
    }

    func testPixelRatio() throws {
        let chromium = try ChromiumSteps(folder: dir)
        XCTAssertEqual(try DiffCLI.run(["preview", scene, "--out", dir + "/x2", "-q", "--no-apng", "--scale", "2"]).status, 0)
        // At 2× on a 2× screen: a 160×80 frame shown at 80×40 CSS pixels, one frame pixel on each device pixel.
        let shot = dir + "/x2.png"
        let r = try chromium.run([
            ["open": "file://" + dir + "/x2/preview.html#frame=9", "width": 300, "height": 200, "scale": 2],
            ["wait": "document.body.dataset.drawn==='9'"],
            ["eval": "var c=document.getElementById('frame'),b=c.getBoundingClientRect();[c.width,c.height,b.width,b.height].join(' ')"],
            ["eval": "document.getElementById('caption').textContent"],
            ["screenshot": shot],
        ])
        XCTAssertEqual(r[2] as? String, "160 80 80 40", "\(r)")
        XCTAssertEqual(r[3] as? String, "square", "no scale warning when the frames match the screen")
        // The square is at x 50…70 pt in frame 9: device pixels 100…140, with sharp edges.
        let image = try PNGDecoder().decode(contentsOf: shot)
        XCTAssertTrue(image[100, 40] == (255, 0, 0, 255), "\(image[100, 40])")
        XCTAssertTrue(image[99, 40] == (255, 255, 255, 255), "\(image[99, 40])")
        XCTAssertTrue(image[139, 40] == (255, 0, 0, 255) && image[140, 40] == (255, 255, 255, 255))
    }

    func testTwoRendersSideBySideScrubTogether() throws {
        let chromium = try ChromiumSteps(folder: dir)
        // The other render: the square moving half as far (a variant), rendered at 5 fps with its manifest.
        let other = DiffCLI.movingSquare(distance: 20).replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 5")
        try other.write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try DiffCLI.run([dir + "/other.json", "--out", dir + "/other", "-q"]).status, 0)
        let r = try DiffCLI.run(["preview", scene, "--out", dir + "/cmp", "-q", "--no-apng", "--compare", dir + "/other"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let cmp = "file://" + dir + "/cmp/preview.html"
        let shot = dir + "/cmp.png"
        let s = try chromium.run([
            ["open": cmp + "#frame=9", "width": 400, "height": 300], ["wait": "document.body.dataset.drawn==='9'"],
            ["eval": "document.getElementById('compareCaption').textContent"],
            ["sleep": 0.3], ["screenshot": shot],
            ["key": "ArrowLeft"], ["key": "ArrowLeft"], ["eval": "document.getElementById('compareCaption').textContent"],
            ["key": "c"], ["eval": "document.getElementById('compareStage').hidden+' '+location.hash"],
        ])
        // Frame 9 (0.9 s) pairs with the other render's frame 4 (0.8 s, 5 fps); frame 7 (0.7 s) with its frame 3.
        XCTAssertEqual(s[2] as? String, "compared: \(dir)/other · frame 4", "\(s)")
        XCTAssertEqual(s[7] as? String, "compared: \(dir)/other · frame 3")
        XCTAssertEqual(s[9] as? String, "true #frame=7&compare=0")
        // Side by side: ours at x 0…80 (square at 50…70), the other at x 96…176 (its square at 30…50, so 126…146).
        let image = try PNGDecoder().decode(contentsOf: shot)
        XCTAssertTrue(image[60, 20] == (255, 0, 0, 255) && image[40, 20] == (255, 255, 255, 255), "\(image[60, 20])")
        XCTAssertTrue(image[136, 20] == (255, 0, 0, 255), "other's square at 136: \(image[136, 20])")
        XCTAssertTrue(image[156, 20] == (255, 255, 255, 255), "\(image[156, 20])")
        // Without its manifest, the other render's fps comes from --compare-fps (else the frames pair by index).
        try FileManager.default.removeItem(atPath: dir + "/other/manifest.json")
        // Pairing by frame number is never silent: the page says so, and warns when the frame counts differ.
        let warning = "warn frame 4 there · paired by frame number: the other render has no manifest.json (say its fps with --compare-fps) · frame counts differ (10 here, 5 there): the pairing is probably wrong"
        for (extra, paired, note) in [(["--compare-fps", "5"], "frame 2", " frame 2 there · paired by time: 10 fps here, 5 fps there"), ([], "frame 4", warning)] {
            XCTAssertEqual(try DiffCLI.run(["preview", scene, "--out", dir + "/cmp2", "-q", "--no-apng", "--compare", dir + "/other"] + extra).status, 0)
            let t = try chromium.run([["open": "file://" + dir + "/cmp2/preview.html#frame=4"], ["wait": "document.body.dataset.drawn==='4'"],
                                      ["eval": "document.getElementById('compareCaption').textContent"],
                                      ["eval": "document.getElementById('pairing').className+' '+document.getElementById('pairing').textContent"]])
            XCTAssertEqual(t[2] as? String, "compared: \(dir)/other · \(paired)", "\(extra)")
            XCTAssertEqual(t[3] as? String, note, "\(extra)")
        }
        // A folder without frames is refused with a message.
        let bad = try DiffCLI.run(["preview", scene, "--out", dir + "/bad", "-q", "--compare", dir + "/pv"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("has no frame_NNNNN.png files"), bad.stderr)
    }

    func testSceneStringsAreEscaped() throws {
        let chromium = try ChromiumSteps(folder: dir)
        // A name cannot hold a slash (it names the output folder); an event's id can.
        let name = "<img src=x onerror=\\\"document.body.dataset.owned=1\\\">"
        let id = "</script>" + name
        let text = DiffCLI.movingSquare()
            .replacingOccurrences(of: "\"name\": \"square\"", with: "\"name\": \"\(name)\"")
            .replacingOccurrences(of: "{\"at\": 0.75, \"haptic\": \"success\"}", with: "{\"at\": 0.75, \"id\": \"\(id)\", \"haptic\": \"success\"}")
        try text.write(toFile: dir + "/hostile.json", atomically: true, encoding: .utf8)
        let r = try DiffCLI.run(["preview", dir + "/hostile.json", "--out", dir + "/h", "-q", "--no-apng"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let html = try String(contentsOfFile: dir + "/h/preview.html", encoding: .utf8)
        XCTAssertFalse(html.contains("<img src=x"), "no scene text reaches the page as markup")
        let s = try chromium.run([
            ["open": "file://" + dir + "/h/preview.html#frame=8"], ["wait": "document.body.dataset.drawn==='8'"],
            ["eval": "[document.title, document.body.dataset.owned||'', document.querySelectorAll('img[src=x]').length].join('|')"],
            ["eval": "document.getElementById('now').textContent"],
        ])
        XCTAssertEqual(s[2] as? String, "<img src=x onerror=\"document.body.dataset.owned=1\"> — preview||0", "\(s)")
        XCTAssertTrue((s[3] as? String ?? "").contains("</script><img src=x"), "the event's name is shown as text: \(s[3])")
    }
}
