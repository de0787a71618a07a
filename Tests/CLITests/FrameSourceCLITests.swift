import Foundation
import Geometry
import ImageIO
import TestSupport
import XCTest

/// Every output shows exactly the pixels of the frames the main render writes for the same times (scene format §8):
/// strips, previews (page and APNG), `render test`, stills (`--at`) and dumps, on the scenes where the frames are hard
/// to get right — matched geometry in flight (unlock's bar → card after the charge and card → six cards a second
/// later, Dive Deeper's phantoms), scripted gestures (unlock's hold, the PiP fling) and timers (unlock's charge).
/// Every frame is compared, so the tests do not depend on when in the scene those moments fall.
///
/// The frames are rendered at 10 fps (5 for the long PiP scene) and scale 1 so that every output can be asked for the
/// same frames at the same
/// size (strips and previews draw at 1 pixel per point unless told otherwise) and compared pixel for pixel.
final class FrameSourceCLITests: CLITestCase {
    static let common = options(fps: 10)
    static func options(fps: Int) -> [String] { ["--fps", String(fps), "--scale", "1"] }
    static var scenes: URL { SceneGoldenTests.root.appendingPathComponent("Scenes") }
    func scene(_ name: String) -> String { Self.scenes.appendingPathComponent(name + ".json").path }

    /// The main render's frames of `name` (`fps`, scale 1), rendered once for the whole class.
    func frames(_ name: String, fps: Int = 10, _ extra: [String] = []) throws -> [RGBAImage] {
        let key = ([name, String(fps)] + extra).joined(separator: " ")
        if let cached = Self.cache[key] { return cached }
        let out = path("frames-\(name)")
        try expect(0, [scene(name), "--out", out, "-q"] + Self.options(fps: fps) + extra)
        let images = try files(in: out).filter { $0.hasPrefix("frame_") }.map { try PNGDecoder().decode(contentsOf: out + "/" + $0) }
        Self.cache[key] = images
        return images
    }
    nonisolated(unsafe) static var cache: [String: [RGBAImage]] = [:]
    override class func tearDown() { cache = [:] }

    /// Pixels of `image` inside the `w`×`h` rectangle at (`x`, `y`) of `sheet` that differ, skipping the top `skip` rows.
    func mismatches(_ sheet: RGBAImage, _ x: Int, _ y: Int, _ image: RGBAImage, skip: Int = 0) -> Int {
        var n = 0
        for j in skip..<image.height { for i in 0..<image.width where sheet[x + i, y + j] != image[i, j] { n += 1 } }
        return n
    }

    /// The frame indices of a contact sheet whose cells differ from the main render's frames.
    func stripDifferences(_ name: String, fps: Int = 10, _ extra: [String] = []) throws -> [Int] {
        let reference = try frames(name, fps: fps, extra)
        let out = path("strip-\(name).png")
        // One cell per frame: every 1/fps s is every frame. Ten columns keep the sheet roughly square.
        try expect(0, ["strip", scene(name), "--every", String(1 / Double(fps)), "--columns", "10", "--out", out, "-q"]
                   + Self.options(fps: fps) + extra)
        let sheet = try PNGDecoder().decode(contentsOf: out)
        let w = reference[0].width, h = reference[0].height
        XCTAssertEqual(sheet.width, 12 + 10 * (w + 12), "\(name): ten cells of \(w) px a row")
        // A cell is at (12 + column · (w + 12), 12 + row · (h + 36 + 12)); its top 3 rows may carry the orange haptic bar.
        return reference.indices.filter { k in
            mismatches(sheet, 12 + (k % 10) * (w + 12), 12 + (k / 10) * (h + 48), reference[k], skip: 3) > 0
        }
    }

    // MARK: - Strips

    func testStripCellsAreTheFramesWhileMatchedGeometryMoves() throws {
        // Fails when strips resolve frames without layout geometry: unlock's cells 60–67 and 70–76 and Dive Deeper's
        // 6–12 and 21–28 then showed a cross-fade in place where the frames move the bar into the card, the card into
        // six and the phantoms.
        XCTAssertEqual(try stripDifferences("unlock"), [])
        XCTAssertEqual(try stripDifferences("dive-deeper"), [])
    }

    func testStripCellsAreTheFramesOfAFlungWindowWithTheFingerShown() throws {
        XCTAssertEqual(try stripDifferences("fluid-pip", fps: 5, ["--show-touches"]), [])
    }

    // MARK: - Previews

    func testPreviewAnimationAndPageShowTheFrames() throws {
        let reference = try frames("unlock")
        let out = path("preview")
        try expect(0, ["preview", scene("unlock"), "--out", out, "-q"] + Self.common)
        // The page: it loads frames/frame_NNNNN.png by URL, one file per frame, in order.
        let html = String(decoding: try bytes(out + "/preview.html"), as: UTF8.self)
        XCTAssertTrue(html.contains("\"frames\":\"frames/\",\"events\""), "the page names its frame folder")
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/frames").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(files, (0..<reference.count).map { String(format: "frame_%05d.png", $0) })
        var pageDifferences: [Int] = []
        for (k, name) in files.enumerated() {
            if try PNGDecoder().decode(contentsOf: out + "/frames/" + name) != reference[k] { pageDifferences.append(k) }
        }
        XCTAssertEqual(pageDifferences, [], "page frames that differ from the rendered frames")
        // The APNG, decoded by Pillow (an independent reader) into raw RGBA, frame by frame.
        let animation = try PillowAnimation.frames(of: out + "/preview.png", scratch: path("raw"))
        XCTAssertEqual(animation.count, reference.count)
        let animationDifferences = zip(animation, reference).enumerated().filter { $0.element.0 != $0.element.1.pixels }.map(\.offset)
        XCTAssertEqual(animationDifferences, [], "APNG frames that differ from the rendered frames")
    }

    // MARK: - render test, stills, dumps, threads

    func testRenderTestRecordsTheFramesByteForByte() throws {
        let frames = path("frames-dive-deeper-files"), golden = path("golden")
        try expect(0, [scene("dive-deeper"), "--out", frames, "-q"] + Self.common)
        try expect(0, ["test", scene("dive-deeper"), "--golden", golden, "--record", "all", "--artifacts", path("artifacts"), "-q"] + Self.common)
        let names = try files(in: frames).filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(try files(in: golden), names + ["manifest.json", "motion.json"])
        XCTAssertEqual(try names.filter { try bytes(golden + "/" + $0) != bytes(frames + "/" + $0) }, [])
        // The golden folder's manifest has the render's pixel hashes and environment (the two sinks hash apart).
        let rendered = try json(frames + "/manifest.json"), recorded = try json(golden + "/manifest.json")
        let hashes = { (m: [String: Any]) in (m["frames"] as? [[String: Any]] ?? []).map { $0["hash"] as? String ?? "" } }
        XCTAssertEqual(hashes(recorded), hashes(rendered))
        XCTAssertEqual(hashes(recorded).count, names.count)
        XCTAssertEqual(recorded["environment"] as? NSDictionary, rendered["environment"] as? NSDictionary)
    }

    func testStillIsTheFrameShowingThatTime() throws {
        let reference = try frames("unlock")
        // 6.23 s falls between frames 62 (6.2 s) and 63: the still shows frame 62, while matched views move.
        let still = path("still")
        try expect(0, [scene("unlock"), "--out", still, "-q", "--at", "6.23"] + Self.common)
        XCTAssertEqual(try files(in: still).filter { $0.hasSuffix(".png") }, frameNames([62]))
        XCTAssertEqual(try PNGDecoder().decode(contentsOf: still + "/frame_00062.png"), reference[62])
    }

    /// `--at T --out NAME.png` writes that one frame as NAME.png, nothing beside it; a folder otherwise.
    func testStillToAPNGFileIsThatFrameAlone() throws {
        let reference = try frames("unlock")
        let folder = path("stills")
        let run = try expect(0, [scene("unlock"), "--out", folder + "/at-6.23.png", "--at", "6.23"] + Self.common)
        XCTAssertEqual(try files(in: folder), ["at-6.23.png"])
        XCTAssertEqual(try PNGDecoder().decode(contentsOf: folder + "/at-6.23.png"), reference[62])
        XCTAssertTrue(run.stdout.hasPrefix("frame 62 (t = 6.2 s, "), run.stdout)
        // A past-the-end time is refused and writes nothing.
        try expect(2, [scene("unlock"), "--out", folder + "/late.png", "--at", "999"] + Self.common)
        XCTAssertEqual(try files(in: folder), ["at-6.23.png"])
    }

    func testStillOnAFrameTimeIsThatFrameEvenWhenTheProductRoundsDown() throws {
        // 4.1 s is frame 246 at 60 fps (246 / 60 = 4.1 on the microsecond grid), though 4.1 × 60 is
        // 245.99999999999997 in binary floating point.
        XCTAssertLessThan(4.1 * 60, 246)
        let still = path("still"), frame = path("frame")
        try expect(0, [scene("unlock"), "--out", still, "-q", "--scale", "1", "--at", "4.1"])
        try expect(0, [scene("unlock"), "--out", frame, "-q", "--scale", "1", "--frames", "246"])
        XCTAssertEqual(try files(in: still).filter { $0.hasSuffix(".png") }, frameNames([246]))
        XCTAssertEqual(try bytes(still + "/frame_00246.png"), try bytes(frame + "/frame_00246.png"))
    }

    func testDumpDescribesTheFrameTheStillShows() throws {
        // Between frames 62 and 63 the dump is that of frame 62, as the still: same views, same display list.
        let between = try expect(0, ["dump", scene("unlock"), "--at", "6.23"] + Self.common).stdout
        let onFrame = try expect(0, ["dump", scene("unlock"), "--at", "6.2"] + Self.common).stdout
        XCTAssertTrue(between.hasPrefix("scene unlock at t = 6.23 s (frame 62"), String(between.prefix(120)))
        func body(_ s: String) -> Substring { s.drop { $0 != "\n" } }
        XCTAssertEqual(body(between), body(onFrame))
        XCTAssertNotEqual(body(onFrame), body(try expect(0, ["dump", scene("unlock"), "--at", "6.3"] + Self.common).stdout),
                          "matched views move between 6.2 s and 6.3 s, so equal dumps mean the same frame")
    }

    func testOneWorkerAndTwoWorkersAgreeWhileMatchedGeometryMoves() throws {
        let one = path("one"), two = path("two")
        try expect(0, [scene("unlock"), "--out", one, "-q", "--frames", "60-75", "--jobs", "1"] + Self.common)
        try expect(0, [scene("unlock"), "--out", two, "-q", "--frames", "60-75", "--jobs", "2"] + Self.common)
        let names = try files(in: one)
        XCTAssertEqual(names, try files(in: two))
        XCTAssertEqual(try names.filter { try bytes(one + "/" + $0) != bytes(two + "/" + $0) }, [])
    }
}
