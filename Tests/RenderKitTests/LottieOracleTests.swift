import Foundation
import Geometry
import Frames
import RenderKit
import TestSupport
import XCTest

/// `lottie` views (scene format §3.3b) against an independent oracle: rlottie called directly by a small C
/// program compiled here with `cc` (not our Swift wrapper, not our pipeline). The frame number the oracle draws
/// is worked out here from the file's own `ip` and `op` (read with Foundation's JSONSerialization), as the spec
/// states it: frame ip + p·(op − ip), whole frames, the last one op − 1.
final class LottieOracleTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let icons = ["home", "search", "heart", "profile"]

    /// The C oracle: `oracle FILE FRAME WIDTH HEIGHT OUT [POS]` writes rlottie's premultiplied ARGB32 pixels, a frame
    /// counted from the in point, and prints rlottie's frame count. With POS (0…1) it draws, and prints on a second
    /// line, rlottie's own frame at that position (`lottie_animation_get_frame_at_pos`) instead of FRAME.
    static let oracleSource = #"""
    #include <rlottie_capi.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>
    int main(int argc, char **argv) {
        if (argc != 6 && argc != 7) return 2;
        FILE *f = fopen(argv[1], "rb"); if (!f) return 3;
        fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
        char *d = malloc(n + 1); if (fread(d, 1, n, f) != (size_t)n) return 3; d[n] = 0; fclose(f);
        Lottie_Animation *a = lottie_animation_from_data(d, "", "");
        if (!a) return 4;
        size_t frame = strtoul(argv[2], 0, 10), w = strtoul(argv[3], 0, 10), h = strtoul(argv[4], 0, 10);
        if (argc == 7) frame = lottie_animation_get_frame_at_pos(a, strtof(argv[6], 0));
        uint32_t *buf = calloc(w * h, 4);
        lottie_animation_render(a, frame, buf, w, h, w * 4);
        FILE *o = fopen(argv[5], "wb"); fwrite(buf, 4, w * h, o); fclose(o);
        printf("%zu\n", lottie_animation_get_totalframe(a));
        if (argc == 7) printf("%zu\n", frame);
        lottie_animation_destroy(a);
        return 0;
    }
    """#

    var work: URL!
    var oracle: URL!

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("render-lottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let source = work.appendingPathComponent("oracle.c")
        try Data(Self.oracleSource.utf8).write(to: source)
        oracle = work.appendingPathComponent("oracle")
        let flags = try runTool("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "rlottie"]).output
            .split(whereSeparator: \.isWhitespace).map(String.init)
        let cc = try runTool("/usr/bin/env", ["cc", "-O1", "-o", oracle.path, source.path] + flags)
        guard cc.status == 0 else {
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail("cc cannot build the rlottie oracle: \(cc.output)") }
            throw XCTSkip("cc cannot build the rlottie oracle (needs cc and librlottie-dev): \(cc.output)")
        }
        for name in Self.icons {
            try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Scenes/assets/icon-\(name).json"),
                                             to: work.appendingPathComponent("assets/icon-\(name).json"))
        }
    }

    override func tearDownWithError() throws {
        if let w = work { try? FileManager.default.removeItem(at: w) }
    }

    /// rlottie's own picture of `frame` at w×h px, converted to straight-alpha RGBA8 by the usual rounding.
    func oracleImage(_ file: URL, frame: Int, width: Int, height: Int) throws -> (RGBAImage, frames: Int) {
        let (image, printed) = try runOracle(file, frame: frame, width: width, height: height)
        return (image, printed.first ?? -1)
    }

    /// rlottie's own frame at position `p` (0…1; counted from the in point) and its picture at w×h px.
    func oracleImage(_ file: URL, position p: Double, width: Int, height: Int) throws -> (RGBAImage, frame: Int) {
        let (image, printed) = try runOracle(file, frame: 0, width: width, height: height, position: p)
        return (image, printed.count == 2 ? printed[1] : -1)
    }

    /// Runs the oracle; its picture and the numbers it printed, one a line.
    func runOracle(_ file: URL, frame: Int, width: Int, height: Int, position: Double? = nil) throws -> (RGBAImage, [Int]) {
        let out = work.appendingPathComponent("oracle-\(UUID().uuidString).raw")
        let r = try runTool(oracle.path, [file.path, String(frame), String(width), String(height), out.path]
                        + (position.map { [String($0)] } ?? []))
        XCTAssertEqual(r.status, 0, r.output)
        let raw = [UInt8](try Data(contentsOf: out))
        XCTAssertEqual(raw.count, width * height * 4)
        var px = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            // Native (little-endian) ARGB32: bytes B, G, R, A, colour premultiplied by alpha.
            let b = Int(raw[4 * i]), g = Int(raw[4 * i + 1]), rr = Int(raw[4 * i + 2]), a = Int(raw[4 * i + 3])
            func straight(_ c: Int) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
            px[4 * i] = straight(rr); px[4 * i + 1] = straight(g); px[4 * i + 2] = straight(b); px[4 * i + 3] = UInt8(a)
        }
        return (RGBAImage(width: width, height: height, pixels: px), r.output.split(separator: "\n").map { Int($0) ?? -1 })
    }

    /// Our picture: one `lottie` view filling a w×h pt canvas at `scale`, on a transparent canvas.
    func rendered(_ icon: String, key: String, value: Double, size: Double = 60, scale: Double = 2,
                  contentMode: String = "fit") throws -> RGBAImage {
        let scene = """
        {"scene": 1, "canvas": {"width": \(size), "height": \(size), "scale": \(scale)},
         "body": {"type": "lottie", "src": "assets/icon-\(icon).json", "\(key)": \(value), "contentMode": "\(contentMode)",
                  "frame": {"width": \(size), "height": \(size)}}}
        """
        let path = work.appendingPathComponent("scene-\(UUID().uuidString).json")
        try Data(scene.utf8).write(to: path)
        return try FrameSource(try LoadedScene.load(path: path.path), options: FrameOptions()).image(frame: 0)
    }

    /// ip and op as the file states them.
    func inOut(_ icon: String) throws -> (ip: Double, op: Double) {
        let data = try Data(contentsOf: work.appendingPathComponent("assets/icon-\(icon).json"))
        let o = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (try XCTUnwrap(o["ip"] as? Double), try XCTUnwrap(o["op"] as? Double))
    }

    /// Mean absolute difference over every channel of every pixel, in 0…255 units.
    func meanError(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0
        for i in a.pixels.indices { sum += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(sum) / Double(a.pixels.count)
    }

    /// Each of the scene's icons at progress 0, ¼, ½ and 1, drawn by render (60×60 pt at scale 2: 120×120 px)
    /// and by rlottie directly at 120×120 px: mean error at most 2/255.
    func testFramesMatchRlottieDrawingTheSameFrame() throws {
        var report: [String] = []
        for icon in Self.icons {
            let (ip, op) = try inOut(icon)
            for p in [0, 0.25, 0.5, 1] {
                let frame = min(Int((p * (op - ip)).rounded()), Int(op - ip) - 1)
                let ours = try rendered(icon, key: "progress", value: p)
                let (theirs, count) = try oracleImage(work.appendingPathComponent("assets/icon-\(icon).json"), frame: frame,
                                                      width: 120, height: 120)
                XCTAssertEqual(count, Int(op - ip), "rlottie counts op − ip frames")
                XCTAssertGreaterThan(totalAlpha(theirs), 0, "\(icon) frame \(frame) blank in rlottie")
                let e = meanError(ours, theirs)
                report.append("\(icon) p=\(p) frame \(frame): mean error \(String(format: "%.4f", e))/255")
                XCTAssertLessThanOrEqual(e, 2, "\(icon) at progress \(p) (frame \(frame)): mean error \(e)/255")
            }
        }
        print("lottie vs rlottie:\n" + report.joined(separator: "\n"))
    }

    /// `lottieFrame` counts as the file counts: frame ip + k is rlottie's frame k.
    func testLottieFrameMatchesRlottie() throws {
        let (ip, _) = try inOut("search")
        let ours = try rendered("search", key: "lottieFrame", value: ip + 17)
        let (theirs, _) = try oracleImage(work.appendingPathComponent("assets/icon-search.json"), frame: 17, width: 120, height: 120)
        XCTAssertLessThanOrEqual(meanError(ours, theirs), 2)
    }

    /// Progress 1 is the last frame rlottie draws (op − 1), never blank; past 1 stays there; below 0 is frame 0.
    func testProgressOneIsTheLastDrawnFrame() throws {
        for icon in Self.icons {
            let (ip, op) = try inOut(icon)
            let last = Int(op - ip) - 1
            let one = try rendered(icon, key: "progress", value: 1)
            XCTAssertGreaterThan(totalAlpha(one), 0, "\(icon) blank at progress 1")
            let (oracleLast, _) = try oracleImage(work.appendingPathComponent("assets/icon-\(icon).json"), frame: last, width: 120, height: 120)
            XCTAssertLessThanOrEqual(meanError(one, oracleLast), 2)
            XCTAssertEqual(try rendered(icon, key: "progress", value: 7).pixels, one.pixels, "\(icon): progress past 1")
            XCTAssertEqual(try rendered(icon, key: "lottieFrame", value: op + 100).pixels, one.pixels, "\(icon): frame past op")
            XCTAssertEqual(try rendered(icon, key: "progress", value: -3).pixels, try rendered(icon, key: "progress", value: 0).pixels)
        }
    }

    // MARK: - An in point other than 0

    /// A file whose in point is not 0 (every icon's is): ip 30, op 90 (60 frames), a 4×64 bar moving one unit
    /// to the right per frame over a 64×64 composition, layer and keyframes in the file's own frame numbers.
    /// Frame 30 + k puts the bar's centre at x = k + 2, so a picture says which frame it is.
    static let lateStart = """
    {"v":"5.5.2","nm":"late","fr":30,"ip":30,"op":90,"w":64,"h":64,"ddd":0,"assets":[],"layers":[{"ddd":0,"ind":1,"ty":4,
     "nm":"bar","sr":1,"ao":0,"ip":30,"op":90,"st":0,"bm":0,
     "ks":{"p":{"a":1,"k":[{"t":30,"s":[0,0],"e":[60,0],"i":{"x":[1],"y":[1]},"o":{"x":[0],"y":[0]}},{"t":90,"s":[60,0]}]},
           "a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}},
     "shapes":[{"ty":"gr","nm":"g","np":2,"it":[
       {"ty":"rc","nm":"r","d":1,"p":{"a":0,"k":[2,32]},"s":{"a":0,"k":[4,64]},"r":{"a":0,"k":0}},
       {"ty":"fl","nm":"f","c":{"a":0,"k":[1,1,1,1]},"o":{"a":0,"k":100},"r":1},
       {"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]}]}
    """

    /// The alpha-weighted mean x of a picture's pixels, in pixels from the left edge (pixel centres at x + ½).
    func centreX(_ img: RGBAImage) -> Double {
        var sum = 0.0, weight = 0.0
        for y in 0..<img.height {
            for x in 0..<img.width {
                let a = Double(img.pixels[4 * (y * img.width + x) + 3])
                sum += a * (Double(x) + 0.5); weight += a
            }
        }
        return weight > 0 ? sum / weight : -1
    }

    /// With ip ≠ 0, progress p shows the frame rlottie's own `lottie_animation_get_frame_at_pos` gives for p, and
    /// `lottieFrame` ip + 17 is rlottie's frame 17. rlottie maps a position by truncating p·(op − ip − 1), where the
    /// scene format rounds p·(op − ip) (so progress 1 reaches op − 1 and ½ is the middle frame); at p = ¼, ½ and ¾ of
    /// 60 frames that puts ours exactly one frame after rlottie's (15, 30, 45 against 14, 29, 44), and never more.
    /// Frames are read from the pictures (the bar moves 1 px a frame), ours at 64×64 px against rlottie's.
    func testInPointOtherThanZeroMatchesRlottiesFrameAtPosition() throws {
        let file = work.appendingPathComponent("assets/icon-late.json")
        try Data(Self.lateStart.utf8).write(to: file)
        for p in [0.25, 0.5, 0.75] {
            let (theirs, frame) = try oracleImage(file, position: p, width: 64, height: 64)
            XCTAssertGreaterThan(frame, 0, "rlottie's frame at \(p)")
            let ours = try rendered("late", key: "progress", value: p, size: 64, scale: 1)
            let shift = centreX(ours) - centreX(theirs)
            XCTAssertEqual(shift, 1, accuracy: 0.01,
                           "progress \(p): ours is \(shift) frames after rlottie's frame \(frame) at that position (1 expected)")
        }
        let ours = try rendered("late", key: "lottieFrame", value: 30 + 17, size: 64, scale: 1)
        let (theirs, _) = try oracleImage(file, frame: 17, width: 64, height: 64)
        XCTAssertLessThanOrEqual(meanError(ours, theirs), 2, "lottieFrame 47 of a file starting at 30")
    }
}
