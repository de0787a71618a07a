import Foundation
import ImageIO
import XCTest

/// The player's view tools in headless Chromium, on the page `render watch` serves (over http, where the page may
/// read its frames' pixels): zoom with square pixels, fit, the background behind transparency, the onion skin's
/// trail, and the other render side by side, over this one and as a difference, with the pairing said on the page.
/// Screenshots are checked pixel by pixel; with RENDER_SCREENSHOTS=DIR they are also kept there to be looked at.
final class PreviewViewToolsTests: WatchTestCase {
    func testZoomOnionSkinAndCompareModes() throws {
        let chromium = try ChromiumSteps(folder: dir)
        // The other render: the square moving half as far, at 5 fps, with its manifest.
        let other = DiffCLI.movingSquare(distance: 20).replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 5")
        try other.write(toFile: dir + "/other.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try DiffCLI.run([dir + "/other.json", "--out", dir + "/other", "-q"]).status, 0)
        let address = try startWatch(["--port", String(try Self.freePort()), "--scale", "1", "--compare", dir + "/other"])
        let shots = ["zoom", "onion", "overlay", "diff"].map { dir + "/tools-\($0).png" }
        let onionPixel = { (x: Int, y: Int) in
            "Array.from(document.getElementById('onion').getContext('2d').getImageData(\(x),\(y),1,1).data).join(',')"
        }
        let r = try chromium.run([
            ["open": address + "#frame=5&compare=0", "width": 600, "height": 400],
            ["wait": "document.body && document.body.dataset.drawn==='5'"],
            // Zoom: Z doubles the frame on screen with square pixels; F fits it to the window; 1 is back to 100 %.
            ["key": "z"], ["sleep": 0.3],
            ["eval": "var c=document.getElementById('frame');c.getBoundingClientRect().width+' '+c.classList.contains('pixelated')+' '+location.hash"],
            ["screenshot": shots[0]],
            ["key": "f"], ["eval": "document.body.dataset.zoom+' '+document.getElementById('frame').getBoundingClientRect().width"],
            ["key": "1"],
            // Onion skin, one frame each side: frame 4 (square at 26…46) red, frame 6 (42…62) green, where they
            // differ from frame 5 (34…54).
            ["key": "n"], ["wait": "document.body.dataset.onionDrawn==='5'"],
            ["eval": onionPixel(30, 20)], ["eval": onionPixel(58, 20)], ["eval": onionPixel(40, 20)], ["eval": onionPixel(10, 20)],
            ["sleep": 0.2], ["screenshot": shots[1]], ["key": "n"],
            // Compare: on (C), then V: overlay at half opacity, then the difference. Frame 5 (0.5 s) pairs with the
            // other's frame 2 (0.4 s), its square at 18…38.
            ["key": "c"], ["key": "v"], ["sleep": 0.5],
            ["eval": "document.body.dataset.cmpMode+' '+document.getElementById('compareStage').hidden+' '+document.getElementById('overlay').hidden"],
            ["eval": "document.getElementById('compareCaption').textContent+' | '+document.getElementById('pairing').textContent"],
            ["screenshot": shots[2]],
            ["key": "v"], ["sleep": 0.5], ["screenshot": shots[3]],
            ["eval": "location.hash"],
            ["eval": "getComputedStyle(document.getElementById('mixLabel')).display"],
            ["key": "b"], ["eval": "document.querySelector('.box').className"],
        ])
        XCTAssertEqual(r[4] as? String, "160 true #frame=5&compare=0&zoom=2", "\(r)")
        let fit = try XCTUnwrap((r[7] as? String)?.split(separator: " ").compactMap { Double($0) })
        XCTAssertGreaterThan(fit.first ?? 0, 2, "fit fills the 600 px window")
        XCTAssertEqual(fit.last ?? 0, 80 * (fit.first ?? 0), accuracy: 0.5)
        // Half the frame's colour and half the tint (red 255,55,95; green 48,209,88), at alpha 180 for the nearest
        // frames (a channel may be one off: the canvas keeps premultiplied colours).
        func near(_ value: Any, _ expected: [Int], _ message: String) {
            let got = (value as? String)?.split(separator: ",").compactMap { Int($0) } ?? []
            XCTAssertTrue(got.count == 4 && zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(message): \(value)")
        }
        near(r[11], [255, 27, 47, 180], "frame 4's square where frame 5 has none, tinted red")
        near(r[12], [151, 104, 44, 180], "frame 6's square where frame 5 has none, tinted green")
        near(r[13], [151, 232, 171, 180], "frame 6's white where frame 5's square is (frame 4 is red there too: no trail of it)")
        XCTAssertEqual(r[14] as? String, "0,0,0,0", "no trail where nothing moves")
        XCTAssertEqual(r[21] as? String, "overlay true false")
        XCTAssertEqual(r[22] as? String, "compared: \(dir)/other · frame 2 | frame 2 there · paired by time: 10 fps here, 5 fps there")
        XCTAssertEqual(r[27] as? String, "#frame=5&cmp=diff")
        XCTAssertEqual(r[28] as? String, "none", "the opacity slider only in overlay mode")
        XCTAssertEqual(r[30] as? String, "box bg-white")

        // Zoom 2: the square of frame 5 (34…54 pt) covers device pixels 68…107, edges sharp.
        let zoomed = try PNGDecoder().decode(contentsOf: shots[0])
        XCTAssertTrue(zoomed[67, 40] == (255, 255, 255, 255) && zoomed[68, 40] == (255, 0, 0, 255), "\(zoomed[67, 40]) \(zoomed[68, 40])")
        XCTAssertTrue(zoomed[107, 40] == (255, 0, 0, 255) && zoomed[108, 40] == (255, 255, 255, 255), "\(zoomed[107, 40]) \(zoomed[108, 40])")
        // Overlay at 0.5: the other's square alone (x 25) is half red over white; both squares (x 36) red.
        let overlay = try PNGDecoder().decode(contentsOf: shots[2])
        let half = overlay[25, 20]
        XCTAssertTrue(half.0 == 255 && abs(Int(half.1) - 128) <= 2 && abs(Int(half.2) - 128) <= 2, "\(half)")
        XCTAssertTrue(overlay[36, 20] == (255, 0, 0, 255), "\(overlay[36, 20])")
        // Difference: where only one render is red, cyan; where both agree, black.
        let diff = try PNGDecoder().decode(contentsOf: shots[3])
        XCTAssertTrue(diff[25, 20] == (0, 255, 255, 255) && diff[45, 20] == (0, 255, 255, 255), "\(diff[25, 20]) \(diff[45, 20])")
        XCTAssertTrue(diff[36, 20] == (0, 0, 0, 255) && diff[70, 20] == (0, 0, 0, 255), "\(diff[36, 20]) \(diff[70, 20])")
        if let keep = ProcessInfo.processInfo.environment["RENDER_SCREENSHOTS"] {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            for shot in shots { try? FileManager.default.copyItem(atPath: shot, toPath: keep + "/" + (shot as NSString).lastPathComponent) }
        }
    }
}
