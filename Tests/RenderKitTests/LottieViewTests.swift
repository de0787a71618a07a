import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// `lottie` views (§3.3b): bad files are scene errors at `src` naming the file, and layout is a resizable image's.
final class LottieViewTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-lottie-view-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let d = dir { try? FileManager.default.removeItem(at: d) }
    }

    /// A 40×20 Lottie composition (2:1), frames 0…9, one filled rectangle covering it.
    static let wide = #"""
    {"v":"5.5.2","fr":30,"ip":0,"op":10,"w":40,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"sr":1,
     "ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},
     "shapes":[{"ty":"rc","d":1,"p":{"a":0,"k":[20,10]},"s":{"a":0,"k":[40,20]},"r":{"a":0,"k":0}},
               {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}]}]}
    """#

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    /// Loads a scene whose body is `body`; the error text, or nil when it loads.
    func loadError(_ body: String) throws -> String? {
        let scene = dir.appendingPathComponent("scene.json")
        try Data("{\"scene\": 1, \"canvas\": {\"width\": 100, \"height\": 100},\n \"body\": \(body)}".utf8).write(to: scene)
        do { _ = try LoadedScene.load(path: scene.path); return nil } catch { return error.description }
    }

    func testMissingFileIsASceneErrorAtSrc() throws {
        let e = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "nope.json"}"#))
        XCTAssertTrue(e.hasPrefix("\(dir.path)/scene.json:2:36: body.src: Lottie file \"nope.json\" not found"), e)
    }

    func testInvalidJSONIsLocatedInsideTheLottieFile() throws {
        try write("bad.json", "{\"v\": \"5\",\n  \"w\": 10,,\n}")
        let e = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "bad.json"}"#))
        XCTAssertTrue(e.hasPrefix("\(dir.path)/scene.json:2:36: body.src: Lottie file \"bad.json\":2:11: not valid JSON: "), e)
    }

    func testJSONThatIsNotLottieIsRefused() throws {
        try write("plain.json", "{\"hello\": [1, 2, 3]}")
        let e = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "plain.json"}"#))
        XCTAssertTrue(e.contains("body.src: Lottie file \"plain.json\":1:1: not a Lottie animation: missing \"w\""), e)
        try write("list.json", "[1, 2]")
        let l = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "list.json"}"#))
        XCTAssertTrue(l.contains("Lottie file \"list.json\":1:1: not a Lottie animation: expected a JSON object, found a list"), l)
        try write("layers.json", #"{"v":"5","fr":30,"ip":0,"op":10,"w":40,"h":20,"layers":{"a":1}}"#)
        let y = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "layers.json"}"#))
        XCTAssertTrue(y.contains("Lottie file \"layers.json\":1:56: \"layers\" must be a list of layers"), y)
        try write("noframes.json", #"{"v":"5","fr":30,"ip":5,"op":5,"w":40,"h":20,"layers":[]}"#)
        let n = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "noframes.json"}"#))
        XCTAssertTrue(n.contains("the out point \"op\" (5) must come at least one frame after the in point \"ip\" (5)"), n)
    }

    func testEveryBadFileIsReportedInFileOrder() throws {
        try write("plain.json", "{}")
        let e = try XCTUnwrap(try loadError(#"{"type": "vstack", "children": [{"type": "lottie", "src": "a.json"}, {"type": "lottie", "src": "plain.json"}]}"#))
        let lines = e.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, e)
        XCTAssertTrue(lines[0].contains("body.children[0].src: Lottie file \"a.json\" not found"), e)
        XCTAssertTrue(lines[1].contains("body.children[1].src: Lottie file \"plain.json\":1:1: not a Lottie animation"), e)
    }

    /// Inputs the Lottie fuzzers found to hang rlottie (Fuzz/Regressions/lottie) are refused before rlottie sees them.
    func testFuzzRegressionsAreRefusedQuickly() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/Regressions/lottie")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        XCTAssertFalse(files.isEmpty)
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            let start = Date()
            guard case .failure(let p) = LottieLoading.document(bytes: bytes, path: name) else {
                XCTFail("\(name) was accepted"); continue
            }
            XCTAssertTrue(p.message.contains("units wide") || p.message.contains("out of range"), "\(name): \(p)")
            XCTAssertLessThan(Date().timeIntervalSince(start), 2, name)
        }
    }

    /// A number larger than a million anywhere in the layers (a rectangle's position here) is refused, located at the
    /// number; a million itself is accepted.
    func testHugeNumbersAreRefused() throws {
        let ok = Self.wide
        XCTAssertTrue(ok.contains(#""k":[20,10]"#))
        try write("huge.json", ok.replacingOccurrences(of: #""k":[20,10]"#, with: #""k":[20,1e38]"#))
        let e = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "huge.json"}"#))
        XCTAssertTrue(e.contains("Lottie file \"huge.json\":") && e.contains(": the value 1e+38 is out of range: numbers in a Lottie "
            + "animation may be at most 1000000 in magnitude"), e)
        try write("million.json", ok.replacingOccurrences(of: #""k":[20,10]"#, with: #""k":[20,-1000000]"#))
        XCTAssertNil(try loadError(#"{"type": "lottie", "src": "million.json"}"#))
    }

    /// A stroke ten times wider than the composition is refused, located at the width.
    func testAbsurdStrokeWidthIsRefused() throws {
        let wide = Self.wide.replacingOccurrences(of: #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1}"#,
                                                  with: #"{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":401}}"#)
        XCTAssertNotEqual(wide, Self.wide)
        try write("stroke.json", wide)
        let e = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "stroke.json"}"#))
        XCTAssertTrue(e.contains("Lottie file \"stroke.json\":4:84: a stroke 401 units wide; at most 400"), e)
        try write("stroke-ok.json", wide.replacingOccurrences(of: #""k":401"#, with: #""k":400"#))
        XCTAssertNil(try loadError(#"{"type": "lottie", "src": "stroke-ok.json"}"#))
    }

    func testProgressAndLottieFrameTogetherAreRefused() throws {
        try write("wide.json", Self.wide)
        let e = try XCTUnwrap(try loadError(#"{"type": "lottie", "src": "wide.json", "progress": 0, "lottieFrame": 3}"#))
        XCTAssertTrue(e.contains("body.lottieFrame: a lottie view takes \"progress\" or \"lottieFrame\", not both"), e)
    }

    func testNothingIsWrittenForABadFile() throws {
        // The CLI's promise (nothing written) holds because the error comes from LoadedScene.load, before any output.
        XCTAssertNotNil(try loadError(#"{"type": "lottie", "src": "missing.json"}"#))
    }

    /// Layout, worked by hand: a 40×20 composition proposed 100×100 pt. Fit takes 100×50 (centred: y 25…75),
    /// fill 200×100 (centred: x −50…150); without a proposal on an axis it keeps the aspect ratio.
    func testFitAndFillLayout() throws {
        try write("wide.json", Self.wide)
        func frames(_ mode: String) throws -> (Rect, RGBAImage) {
            let scene = dir.appendingPathComponent("layout-\(mode).json")
            try Data("""
            {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 1},
             "body": {"type": "zstack", "frame": {"width": 100, "height": 100},
                      "children": [{"type": "lottie", "src": "wide.json", "contentMode": "\(mode)"}]}}
            """.utf8).write(to: scene)
            let r = try FrameSource(try LoadedScene.load(path: scene.path), options: FrameOptions())
            return (try XCTUnwrap(r.viewFrames(frame: 0)["body.children[0]"]), try r.image(frame: 0))
        }
        let (fit, fitImage) = try frames("fit")
        XCTAssertEqual(fit, Rect(x: 0, y: 25, width: 100, height: 50))
        // Red inside the fitted rect, transparent above and below it.
        XCTAssertEqual(fitImage[50, 50].r, 255); XCTAssertEqual(fitImage[50, 50].a, 255)
        XCTAssertEqual(fitImage[50, 10].a, 0); XCTAssertEqual(fitImage[50, 90].a, 0)
        XCTAssertEqual(fitImage[0, 25].a, 255); XCTAssertEqual(fitImage[99, 74].a, 255); XCTAssertEqual(fitImage[50, 24].a, 0)
        let (fill, fillImage) = try frames("fill")
        XCTAssertEqual(fill, Rect(x: -50, y: 0, width: 200, height: 100))
        XCTAssertEqual(fillImage[0, 0].a, 255); XCTAssertEqual(fillImage[99, 99].a, 255)
        let (fitDefault, _) = try frames("fit")
        XCTAssertEqual(fitDefault, fit)
    }

    /// The default content mode is fit, and a width alone gives the height from the aspect ratio.
    func testDefaultIsFitAndWidthAloneKeepsTheRatio() throws {
        try write("wide.json", Self.wide)
        let scene = dir.appendingPathComponent("width.json")
        try Data("""
        {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 1},
         "body": {"type": "vstack", "alignment": "leading", "frame": {"width": 100, "height": 100, "alignment": "topLeading"},
                  "children": [{"type": "lottie", "src": "wide.json", "frame": {"width": 60}},
                               {"type": "lottie", "src": "wide.json", "frame": {"width": 100, "height": 20}}]}}
        """.utf8).write(to: scene)
        let r = try FrameSource(try LoadedScene.load(path: scene.path), options: FrameOptions())
        let f = r.viewFrames(frame: 0)
        // The fixed-width frame proposes 60 × (whatever the stack offers); the view itself fits 60×30 inside it.
        let first = try XCTUnwrap(f["body.children[0]"])
        XCTAssertEqual(first.width, 60)
        // 100×20 proposed: fit is bound by the height, 40×20, centred in the 100 pt frame.
        let second = try XCTUnwrap(f["body.children[1]"])
        XCTAssertEqual(second.width, 100)
        XCTAssertEqual(second.height, 20)
    }
}
