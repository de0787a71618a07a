import Foundation
import ImageIO
import TestSupport
import XCTest

/// `render --format mp4|webm|mov|gif|apng|webp` (or `--out NAME.<ext>`): each file is read back by tools independent of
/// ours (ffprobe counts the frames by decoding them and gives the duration; ffmpeg, or Pillow for animated WebP,
/// decodes them), and its frames are compared with the PNG frames of the same render. Tolerances, in levels of 255:
///
/// | format | tolerance | why |
/// |---|---|---|
/// | apng, webp lossless | exact | lossless |
/// | mov (ProRes 4444, 10-bit 4:4:4) | mean per channel ≤ 1, max ≤ 8 | fine quantisation, no chroma subsampling |
/// | mp4 (H.264 CRF 22), webm (VP9 CRF 24) | flat areas mean ≤ 3, mean per channel ≤ 6 | 4:2:0 chroma is half resolution: edges of a 41×31 frame weigh a lot |
/// | webp (quality 90) | flat areas mean ≤ 3, mean per channel ≤ 8 | lossy 4:2:0 too, and libwebp filters edges harder than x264 |
/// | gif | mean per channel ≤ 2 | a 256-colour palette made from these frames, dithered |
final class VideoOutputTests: CLITestCase {
    /// 41×31 pt (odd, so mp4 pads), 10 fps, 1 s = 10 frames: a red circle springs across a blue-grey background past a
    /// still white bar; frames 0–1 are equal (the move starts at 0.2 s), so frame reuse happens too.
    static let opaque = """
    {"scene": 1, "canvas": {"width": 41, "height": 31, "scale": 1, "background": "#203040"}, "fps": 10, "duration": 1,
     "state": {"x": -12},
     "body": {"type": "zstack", "children": [
       {"type": "rect", "fill": "white", "frame": {"width": 30, "height": 4}, "offset": {"x": 0, "y": 10}},
       {"type": "circle", "fill": "#FF3030", "frame": {"width": 12, "height": 12}, "offset": {"x": "=x", "y": -3}}]},
     "timeline": [{"at": 0.2, "set": {"x": 12}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.9}}}]}
    """
    /// The same without a background: every format but mp4 keeps the alpha channel.
    static let transparent = opaque.replacingOccurrences(of: ", \"background\": \"#203040\"", with: "")
    static let width = 41, height = 31, frameCount = 10

    // MARK: - Each format

    func testMP4IsH264PaddedToEvenSizeWithAllFramesAndDuration() throws {
        let (file, expected) = try renderBoth(ext: "mp4")
        let facts = try FFmpegTools.probe(file)
        XCTAssertEqual(facts["codec_name"], "h264")
        XCTAssertEqual(facts["pix_fmt"], "yuv420p")
        XCTAssertEqual(facts["color_space"], "bt709")
        // Odd sizes are padded to even on the right and bottom.
        XCTAssertEqual(facts["width"], "42")
        XCTAssertEqual(facts["height"], "32")
        try checkCountAndDuration(facts)
        let decoded = try FFmpegTools.frames(of: file, width: Self.width, height: Self.height, bt709: true)
        try checkLossy(decoded, expected, flat: 3, mean: 6)
        // The padding repeats the edge (smear): the added column is within the codec's tolerance of the last one.
        let padded = try FFmpegTools.frames(of: file, width: 42, height: 32, bt709: true)
        let first = try XCTUnwrap(padded.first)
        for y in [0, 15, 30] {
            for c in 0..<3 {
                XCTAssertLessThanOrEqual(abs(Int(first[4 * (y * 42 + 41) + c]) - Int(first[4 * (y * 42 + 40) + c])), 6, "row \(y)")
            }
        }
        // faststart: the index (moov) comes before the media data (mdat).
        let bytes = try self.bytes(file)
        let moov = try XCTUnwrap(bytes.range(of: Data("moov".utf8))), mdat = try XCTUnwrap(bytes.range(of: Data("mdat".utf8)))
        XCTAssertLessThan(moov.lowerBound, mdat.lowerBound, "-movflags +faststart puts moov first")
    }

    /// Flat colours survive the mp4 end to end: eight 16×16 pt patches, each on its own 16×16 macroblock, decoded by
    /// ffmpeg with the BT.709 matrix the stream is tagged with: the middle 8×8 px of each patch within ±2 levels of the
    /// colour the scene gives (measured: at most 1 off after x264 at CRF 22). Saturated, because that is where the
    /// BT.709 and BT.601 matrices part: converted with BT.601's weights, these patches come back 7–22 levels off (grey
    /// 2), which the frame comparison above, on a blue-grey scene of small shapes, does not see.
    func testMP4FlatColoursComeBackWithinTwoLevels() throws {
        try FFmpegTools.require()
        let colours: [(hex: String, rgb: [Int])] = [
            ("#E03020", [224, 48, 32]), ("#30C050", [48, 192, 80]), ("#2040D0", [32, 64, 208]), ("#E0D030", [224, 208, 48]),
            ("#30C0D0", [48, 192, 208]), ("#C030C0", [192, 48, 192]), ("#808080", [128, 128, 128]), ("#F0A060", [240, 160, 96]),
        ]
        // Patch n at column n % 4, row n / 4; offsets are from the centre of the 64×32 canvas.
        let patches = colours.enumerated().map { n, c in
            #"{"type": "rect", "fill": "\#(c.hex)", "frame": {"width": 16, "height": 16}, "offset": {"x": \#(16 * (n % 4) - 24), "y": \#(16 * (n / 4) - 8)}}"#
        }
        let scene = try writeScene("""
        {"scene": 1, "canvas": {"width": 64, "height": 32, "scale": 1, "background": "#000000"}, "fps": 10, "duration": 0.1,
         "body": {"type": "zstack", "children": [\(patches.joined(separator: ", "))]}}
        """, named: "patches.json")
        try expect(0, [scene, "--out", path("patches.mp4"), "--quiet"])
        let frame = try XCTUnwrap(FFmpegTools.frames(of: path("patches.mp4"), width: 64, height: 32, bt709: true).first)
        var report: [String] = []
        for (n, c) in colours.enumerated() {
            var worst = 0, seen: [Int] = []
            for y in (16 * (n / 4) + 4)..<(16 * (n / 4) + 12) {
                for x in (16 * (n % 4) + 4)..<(16 * (n % 4) + 12) {
                    let px = (0..<3).map { Int(frame[4 * (y * 64 + x) + $0]) }
                    let e = zip(px, c.rgb).map { abs($0 - $1) }.max()!
                    if e > worst { worst = e; seen = px }
                }
            }
            report.append("\(c.hex) \(worst)")
            XCTAssertLessThanOrEqual(worst, 2, "\(c.hex) \(c.rgb) decoded as \(seen): \(worst) levels off")
        }
        print("mp4 flat colours, worst level difference: " + report.joined(separator: ", "))
    }

    func testWebMIsVP9WithoutAlphaOnAnOpaqueBackground() throws {
        let (file, expected) = try renderBoth(ext: "webm")
        let facts = try FFmpegTools.probe(file)
        XCTAssertEqual(facts["codec_name"], "vp9")
        XCTAssertEqual(facts["pix_fmt"], "yuv420p")
        XCTAssertNil(facts["TAG:alpha_mode"])
        try checkCountAndDuration(facts)
        let decoded = try FFmpegTools.frames(of: file, width: Self.width, height: Self.height, decoder: ["-c:v", "libvpx-vp9"], bt709: true)
        try checkLossy(decoded, expected, flat: 3, mean: 6)
    }

    func testWebMKeepsAlphaOnATransparentBackground() throws {
        let (file, expected) = try renderBoth(ext: "webm", scene: Self.transparent)
        let facts = try FFmpegTools.probe(file)
        XCTAssertEqual(facts["codec_name"], "vp9")
        XCTAssertEqual(facts["TAG:alpha_mode"], "1")
        try checkCountAndDuration(facts)
        // libvpx-vp9 as the decoder: ffmpeg's own VP9 decoder drops the alpha plane.
        let decoded = try FFmpegTools.frames(of: file, width: Self.width, height: Self.height, decoder: ["-c:v", "libvpx-vp9"], bt709: true)
        XCTAssertEqual(decoded.count, Self.frameCount)
        // Colour under alpha 0 is undefined, so only alpha is compared: the background must stay transparent.
        let alphaOnly = { (frames: [[UInt8]]) in frames.map { f in f.enumerated().map { $0.offset % 4 == 3 ? $0.element : 0 } } }
        let difference = FrameDifference(alphaOnly(decoded), alphaOnly(expected), width: Self.width, height: Self.height)
        XCTAssertLessThanOrEqual(difference.meanPerChannel, 6, difference.summary)
        XCTAssertEqual(decoded.first?[3], 0, "the top left corner is transparent")
    }

    func testMOVIsProRes4444WithAlpha() throws {
        let (file, expected) = try renderBoth(ext: "mov", scene: Self.transparent)
        let facts = try FFmpegTools.probe(file)
        XCTAssertEqual(facts["codec_name"], "prores")
        XCTAssertEqual(facts["profile"], "4444")
        XCTAssertEqual(facts["pix_fmt"].map { $0.hasPrefix("yuva444p") }, true, "\(facts)")
        try checkCountAndDuration(facts)
        let decoded = try FFmpegTools.frames(of: file, width: Self.width, height: Self.height, bt709: true)
        // Straight alpha: colour where alpha is 0 is the encoder's choice, so compare premultiplied-visible pixels only.
        let visible = { (frames: [[UInt8]], alphaFrom: [[UInt8]]) in
            zip(frames, alphaFrom).map { f, a in f.enumerated().map { a[$0.offset - $0.offset % 4 + 3] == 0 ? 0 : $0.element } }
        }
        let difference = FrameDifference(visible(decoded, expected), visible(expected, expected), width: Self.width, height: Self.height)
        XCTAssertEqual(decoded.count, Self.frameCount)
        XCTAssertLessThanOrEqual(difference.meanPerChannel, 1, difference.summary)
        XCTAssertLessThanOrEqual(difference.maximum, 8, difference.summary)
    }

    func testGIFHasEveryFrameWithinThePaletteTolerance() throws {
        let (file, expected) = try renderBoth(ext: "gif")
        let facts = try FFmpegTools.probe(file)
        XCTAssertEqual(facts["codec_name"], "gif")
        try checkCountAndDuration(facts)
        let decoded = try FFmpegTools.frames(of: file, width: Self.width, height: Self.height)
        XCTAssertEqual(decoded.count, Self.frameCount)
        let difference = FrameDifference(decoded, expected, width: Self.width, height: Self.height)
        XCTAssertLessThanOrEqual(difference.meanPerChannel, 2, difference.summary)
    }

    /// Browsers play GIF delays under 2/100 s as 10/100 s, so a 60 fps scene becomes 50 fps: 50 frames, still 1 s.
    func testGIFAbove50FPSKeepsItsDuration() throws {
        try FFmpegTools.require()
        let scene = try writeScene(Self.opaque)
        let run = try expect(0, [scene, "--fps", "60", "--out", path("fast.gif")])
        XCTAssertTrue(run.stdout.hasPrefix("60 frames (41×31 px, resampled to 50 fps) → "), run.stdout)
        let facts = try FFmpegTools.probe(path("fast.gif"))
        XCTAssertEqual(facts["nb_read_frames"], "50", "\(facts)")
        XCTAssertEqual(try XCTUnwrap(Double(facts["duration"] ?? ""), "\(facts)"), 1.0, accuracy: 0.001)
    }

    func testAPNGIsExactWithAndWithoutAlpha() throws {
        for (scene, name) in [(Self.opaque, "opaque"), (Self.transparent, "transparent")] {
            let (file, expected) = try renderBoth(ext: "apng", scene: scene, name: name)
            let facts = try FFmpegTools.probe(file)
            XCTAssertEqual(facts["codec_name"], "apng", name)
            XCTAssertEqual(facts["nb_read_frames"], String(Self.frameCount), name)
            let decoded = try FFmpegTools.frames(of: file, width: Self.width, height: Self.height)
            XCTAssertEqual(decoded.count, Self.frameCount, name)
            XCTAssertTrue(decoded == expected, "\(name): APNG frames differ from the PNG frames: "
                + FrameDifference(decoded, expected, width: Self.width, height: Self.height).summary)
            // Pillow, a second reader, gives each frame 1/10 s.
            let pillow = try PillowAnimation.frames(of: file, scratch: path("pillow-\(name)"))
            XCTAssertTrue(pillow == expected, "\(name): Pillow reads other frames")
        }
    }

    /// Frames drawn on several threads reach ffmpeg in order: the same file whatever --jobs is. For mp4 each thread
    /// converts to yuv420p only what changed since its own previous frame, which is another frame for each --jobs,
    /// and x264 runs on a fixed number of threads.
    func testJobsDoNotChangeTheFile() throws {
        try FFmpegTools.require()
        // Held at frames 1–2 (the move starts at 0.2 s) and 5–9: frame 8 starts a run of frames on a thread that may or may not have drawn 4–7.
        let scene = try writeScene(Self.opaque.replacingOccurrences(
            of: "{\"spring\": {\"response\": 0.5, \"dampingFraction\": 0.9}}", with: "{\"linear\": 0.2}"))
        for ext in ["apng", "mp4"] {
            // The summary's count of held frames is the scene's too, not the threads' (it differed between runs once).
            let reused = try ["1", "3"].map { jobs in
                let run = try expect(0, [scene, "--out", path("jobs\(jobs).\(ext)"), "--jobs", jobs, "--progress", "none"])
                return run.stdout.components(separatedBy: "KiB").last ?? ""
            }
            XCTAssertEqual(reused[0], reused[1], ext)
            XCTAssertTrue(reused[0].contains(", 7 reused"), "\(ext): frames 1, 2 and 5–9 are held: \(reused[0])")
            XCTAssertEqual(try bytes(path("jobs1.\(ext)")), try bytes(path("jobs3.\(ext)")), ext)
        }
    }

    /// ffmpeg 5.1 cannot decode animated WebP, so Pillow reads it. libwebp merges equal neighbouring frames into one
    /// longer frame: the durations, expanded to 1/10 s steps, must give back every frame.
    func testWebPFramesAndDurationsLossyAndLossless() throws {
        for (quality, flat, mean) in [("high", 3.0, 8.0), ("lossless", 0.0, 0.0)] {
            let (file, expected) = try renderBoth(ext: "webp", extra: ["--quality", quality], name: quality)
            let (frames, durations) = try PillowWebP.frames(of: file, scratch: path("webp-\(quality)"))
            XCTAssertEqual(durations.reduce(0, +), 1000, "\(quality): total duration in ms")
            var expanded: [[UInt8]] = []
            for (frame, ms) in zip(frames, durations) {
                XCTAssertEqual(ms % 100, 0, "\(quality): a frame lasts a whole number of 1/10 s")
                expanded += Array(repeating: frame, count: ms / 100)
            }
            XCTAssertEqual(expanded.count, Self.frameCount, quality)
            let difference = FrameDifference(expanded, expected, width: Self.width, height: Self.height)
            XCTAssertLessThanOrEqual(difference.flatMean, flat, "\(quality): " + difference.summary)
            XCTAssertLessThanOrEqual(difference.meanPerChannel, mean, "\(quality): " + difference.summary)
        }
    }

    // MARK: - Choosing the format

    func testFormatAndOutNameMustAgreeAndQualityNeedsAVideo() throws {
        let scene = try writeScene(Self.opaque)
        let mismatch = try expect(2, [scene, "--format", "mp4", "--out", path("a.webm")])
        XCTAssertTrue(mismatch.stderr.contains("--format mp4 does not match --out"), mismatch.stderr)
        let quality = try expect(2, [scene, "--quality", "low", "--out", path("frames")])
        XCTAssertTrue(quality.stderr.contains("--quality applies to video formats"), quality.stderr)
        let still = try expect(2, [scene, "--format", "gif", "--at", "0.5"])
        XCTAssertTrue(still.stderr.contains("--at renders a still PNG"), still.stderr)
    }

    /// `--format` without `--out` writes Output/<name>.<ext>; `--frames` encodes part of the scene.
    func testDefaultPathAndFrameRange() throws {
        try FFmpegTools.require()
        let scene = try writeScene(Self.opaque)
        try expect(0, [scene, "--format", "gif", "--frames", "2-6", "--quiet"])
        let facts = try FFmpegTools.probe(path("Output/scene.gif"))
        XCTAssertEqual(facts["nb_read_frames"], "5")
        XCTAssertEqual(Double(facts["duration"] ?? ""), 0.5)
    }

    // MARK: - Failures

    func testMissingFFmpegIsAnErrorNamingTheDebianPackage() throws {
        let scene = try writeScene(Self.opaque)
        let run = try render.run([scene, "--out", path("a.mp4")], environment: ["PATH": path("nowhere")])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("needs ffmpeg, which is not on PATH: install the Debian package ffmpeg"), run.stderr)
        XCTAssertEqual(try files(in: folder.path), ["scene.json"])
    }

    /// An ffmpeg that fails: its last standard error lines are in the message, and no file (or temporary) is left.
    func testFFmpegFailureIsReportedWithItsLastLines() throws {
        let bin = path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try Data("#!/bin/sh\ncat > /dev/null\necho 'first line' >&2\necho 'Unknown encoder libx264' >&2\nexit 3\n".utf8)
            .write(to: URL(fileURLWithPath: bin + "/ffmpeg"))
        XCTAssertEqual(chmod(bin + "/ffmpeg", 0o755), 0)
        let scene = try writeScene(Self.opaque)
        let run = try render.run([scene, "--out", path("out/a.mp4")], environment: ["PATH": bin])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("ffmpeg failed to write mp4 (exit status 3)"), run.stderr)
        XCTAssertTrue(run.stderr.contains("ffmpeg: Unknown encoder libx264"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("out")), [], "no file and no temporary")
    }

    func testInterruptedEncodeLeavesNoFile() throws {
        try interruptEncode(FaultInterruptTests.longScene, file: "long.mp4", afterFrames: 20)
    }

    /// Frames slower than the grace period (0.5 s): the process exits without waiting for them, and the write gate's
    /// clean-up stops ffmpeg and removes its temporary file.
    func testInterruptDuringSlowFramesLeavesNoFile() throws {
        try interruptEncode(FaultInterruptTests.slowScene, file: "slow.mov", afterFrames: 1)
    }

    /// Sends SIGINT once `afterFrames` frames have gone to ffmpeg and its temporary file exists; then the process must
    /// exit with 130 and leave the output folder empty.
    private func interruptEncode(_ text: String, file name: String, afterFrames: Int) throws {
        try FFmpegTools.require()
        let scene = try writeScene(text)
        let out = path("out")
        let started = try render.start([scene, "--out", out + "/" + name, "--progress", "json"])
        let process = started.process
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The guard only keeps a broken binary from hanging the test.
        let deadline = Date().addingTimeInterval(120)
        while !started.errorText.contains("\"done\": \(afterFrames),")
                || !((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).contains(where: { $0.hasPrefix("." + name + ".tmp-") }) {
            if !process.isRunning || Date() > deadline { return XCTFail("the encode did not get going: \(started.errorText)") }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        try started.errorHandle.close()
        XCTAssertTrue(started.errorText.contains("the render was interrupted"), started.errorText)
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130, started.errorText)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "no file and no temporary")
    }

    // MARK: - Helpers

    /// Renders `scene` as PNG frames and as `NAME.ext`; returns the file's path and the PNG frames' RGBA bytes.
    private func renderBoth(ext: String, scene text: String = opaque, extra: [String] = [],
                            name: String = "scene") throws -> (file: String, frames: [[UInt8]]) {
        try FFmpegTools.require()
        let scene = try writeScene(text, named: name + ".json")
        let frames = path(name + "-frames"), file = path(name + "." + ext)
        try expect(0, [scene, "--out", frames, "--quiet"])
        try expect(0, [scene, "--out", file, "--quiet"] + extra)
        let expected = try frameNames(0..<Self.frameCount).map { try PNGDecoder().decode(contentsOf: frames + "/" + $0).pixels }
        XCTAssertNotEqual(expected.first, expected.last, "the scene must move, or a frame mix-up could not show")
        return (file, expected)
    }

    private func checkCountAndDuration(_ facts: [String: String], file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(facts["nb_read_frames"], String(Self.frameCount), "\(facts)", file: file, line: line)
        let duration = try XCTUnwrap(Double(facts["duration"] ?? ""), "\(facts)", file: file, line: line)
        XCTAssertEqual(duration, 1.0, accuracy: 0.001, file: file, line: line)
    }

    private func checkLossy(_ decoded: [[UInt8]], _ expected: [[UInt8]], flat: Double, mean: Double,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(decoded.count, expected.count, file: file, line: line)
        let difference = FrameDifference(decoded, expected, width: Self.width, height: Self.height)
        print("decoded vs PNG frames: \(difference.summary)")
        XCTAssertLessThanOrEqual(difference.flatMean, flat, difference.summary, file: file, line: line)
        XCTAssertLessThanOrEqual(difference.meanPerChannel, mean, difference.summary, file: file, line: line)
    }
}

/// An animated WebP as Pillow reads it: each stored frame's RGBA bytes and its duration in milliseconds.
enum PillowWebP {
    static func frames(of path: String, scratch: String) throws -> (frames: [[UInt8]], durations: [Int]) {
        guard (try? Python.run(["-c", "from PIL import features; assert features.check('webp')"])) == 0 else {
            throw missingTool("python3 with Pillow and WebP support is not installed (python3-pil): WebP not decoded")
        }
        let script = """
        import sys
        from PIL import Image
        im = Image.open(sys.argv[1])
        durations = []
        for k in range(im.n_frames):
            im.seek(k); im.load()
            open('%s/%d.raw' % (sys.argv[2], k), 'wb').write(im.convert('RGBA').tobytes())
            durations.append(str(im.info['duration']))
        open(sys.argv[2] + '/durations', 'w').write(' '.join(durations))
        """
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let status = try Python.run(["-c", script, path, scratch])
        guard status == 0 else { throw PillowDecodeFailure(path: path, status: status) }
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch + "/durations")), as: UTF8.self)
        let durations = text.split(separator: " ").compactMap { Int($0) }
        let frames = try (0..<durations.count).map { k in
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: scratch + "/\(k).raw")))
        }
        return (frames, durations)
    }
}
