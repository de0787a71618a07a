import Foundation
import TestSupport
import XCTest

/// Video shards: `render SCENE --shard K/N --format mp4|webm|mov` in N separate processes, joined by `render merge`
/// with ffmpeg's concat demuxer and stream copy, against one run of the same render. ffprobe and ffmpeg, not our code,
/// read the files back:
/// - lossless chunks decode to exactly the frames of one lossless run (H.264 and VP9 lossless, ProRes is checked for
///   the frame count only, being lossy);
/// - lossy chunks decode, joined, to exactly the frames the chunks decode to on their own (so nothing was re-encoded),
///   with the stream parameters and frame count of one run, and one frame duration between every two frames (no
///   frame dropped or doubled at a join).
final class VideoShardTests: CLITestCase {
    /// 48×32 pt at 60 fps for 0.75 s: 45 frames, 4 shards of 11, 11, 11 and 12. A square slides and changes colour
    /// every frame, so a frame out of place at a join shows.
    static let scene = """
    {"scene": 1, "name": "slide", "canvas": {"width": 48, "height": 32, "scale": 1, "background": "#102030"},
     "fps": 60, "duration": 0.75, "state": {"x": -18, "f": 0},
     "body": {"type": "rect", "fill": "=mix('#FF2050', '#20FF50', f)", "frame": {"width": 12, "height": 12}, "offset": {"x": "=x", "y": 0}},
     "timeline": [{"at": 0, "set": {"x": 18, "f": 1}, "animation": {"linear": 0.75}}]}
    """
    static let width = 48, height = 32, frameCount = 45, shards = 4

    /// Renders the scene once (`single.<ext>`) and as `shards` chunks in their own folders, each in its own process,
    /// then merges the chunks into `joined.<ext>`. Returns the paths.
    func renderShardedAndSingle(ext: String, options: [String] = []) throws -> (single: String, joined: String, chunks: [String]) {
        try FFmpegTools.require()
        let scene = try writeScene(Self.scene)
        try expect(0, [scene, "--out", path("single.\(ext)"), "-q"] + options)
        var chunks: [String] = []
        for k in 1...Self.shards {
            let chunk = path("worker\(k)/slide-\(k).\(ext)")
            try expect(0, [scene, "--shard", "\(k)/\(Self.shards)", "--format", ext, "--out", chunk, "-q"] + options)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path("worker\(k)/manifest.shard-\(k)-of-\(Self.shards).json")))
            chunks.append(chunk)
        }
        let merged = try expect(0, ["merge"] + (1...Self.shards).map { path("worker\($0)") } + ["--out", path("joined.\(ext)"), "--verify"])
        XCTAssertTrue(merged.stdout.contains("joined 4 \(ext) chunks: 45 frames"), merged.stdout)
        return (path("single.\(ext)"), path("joined.\(ext)"), chunks)
    }

    func decoded(_ file: String) throws -> [[UInt8]] {
        try FFmpegTools.frames(of: file, width: Self.width, height: Self.height)
    }

    func testLosslessMP4ShardsJoinedDecodeToTheFramesOfOneRun() throws {
        let files = try renderShardedAndSingle(ext: "mp4", options: ["--quality", "lossless"])
        let single = try decoded(files.single), joined = try decoded(files.joined)
        XCTAssertEqual(single.count, Self.frameCount)
        XCTAssertEqual(joined.count, Self.frameCount)
        for i in 0..<min(single.count, joined.count) { XCTAssertEqual(joined[i], single[i], "frame \(i)") }
    }

    func testLosslessWebMShardsJoinedDecodeToTheFramesOfOneRun() throws {
        let files = try renderShardedAndSingle(ext: "webm", options: ["--quality", "lossless"])
        let single = try decoded(files.single), joined = try decoded(files.joined)
        XCTAssertEqual(joined.count, Self.frameCount)
        XCTAssertEqual(joined, single)
        try checkTimestamps(files.joined)
    }

    func testLossyMP4ShardsAreCopiedNotReencoded() throws {
        let files = try renderShardedAndSingle(ext: "mp4")
        // Copied packets decode to the very frames each chunk decodes to by itself.
        let joined = try decoded(files.joined)
        let chunks = try files.chunks.map(decoded)
        XCTAssertEqual(chunks.map(\.count), [11, 11, 11, 12])
        XCTAssertEqual(joined, Array(chunks.joined()), "the joined file's frames are the chunks' frames, unchanged")
        // The stream is the one a single run writes, with as many frames.
        let keys = ["codec_name", "profile", "pix_fmt", "width", "height", "r_frame_rate", "time_base", "color_space", "nb_read_frames"]
        XCTAssertEqual(try streamFacts(files.joined, keys), try streamFacts(files.single, keys))
        XCTAssertEqual(try streamFacts(files.joined, ["nb_read_frames"])["nb_read_frames"], "\(Self.frameCount)")
        try checkTimestamps(files.joined)
    }

    func testMOVShardsJoinWithEveryFrame() throws {
        let files = try renderShardedAndSingle(ext: "mov")
        let joined = try decoded(files.joined)
        XCTAssertEqual(joined, Array(try files.chunks.map(decoded).joined()))
        XCTAssertEqual(try streamFacts(files.joined, ["codec_name", "pix_fmt", "nb_read_frames"]),
                       try streamFacts(files.single, ["codec_name", "pix_fmt", "nb_read_frames"]))
        try checkTimestamps(files.joined)
    }

    // MARK: - Refusals

    func testMergeRefusesMissingMismatchedAndUnjoinableChunks() throws {
        try FFmpegTools.require()
        let scene = try writeScene(Self.scene)
        for k in 1...2 { try expect(0, [scene, "--shard", "\(k)/2", "--format", "mp4", "--out", path("a/s\(k).mp4"), "-q"]) }
        try expect(0, [scene, "--shard", "2/2", "--format", "mp4", "--quality", "low", "--out", path("low/s2.mp4"), "-q"])
        try expect(0, [scene, "--shard", "2/2", "--format", "mp4", "--fps", "30", "--out", path("fps/s2.mp4"), "-q"])
        try expect(0, [scene, "--shard", "2/2", "--out", path("png"), "-q"])

        // Only shard 1 of 2: refused, nothing written.
        try FileManager.default.createDirectory(atPath: path("one"), withIntermediateDirectories: true)
        for name in ["s1.mp4", "manifest.shard-1-of-2.json"] { try FileManager.default.copyItem(atPath: path("a/" + name), toPath: path("one/" + name)) }
        let missing = try expect(1, ["merge", path("one"), "--out", path("m1.mp4")])
        XCTAssertTrue(missing.stderr.contains("missing shard 2/2"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("m1.mp4")))

        // Shard 2 encoded at another quality, or rendered at another fps.
        let quality = try expect(1, ["merge", path("one"), path("low"), "--out", path("m2.mp4")])
        XCTAssertTrue(quality.stderr.contains("encoded differently"), quality.stderr)
        let fps = try expect(1, ["merge", path("one"), path("fps"), "--out", path("m3.mp4")])
        XCTAssertTrue(fps.stderr.contains("different renders"), fps.stderr)
        // PNG shard 2 with video shard 1.
        let mixed = try expect(1, ["merge", path("one"), path("png"), "--out", path("m4.mp4")])
        XCTAssertTrue(mixed.stderr.contains("merge one render at a time"), mixed.stderr)
        // Shard 2 twice.
        try FileManager.default.createDirectory(atPath: path("again"), withIntermediateDirectories: true)
        for name in ["s2.mp4", "manifest.shard-2-of-2.json"] { try FileManager.default.copyItem(atPath: path("a/" + name), toPath: path("again/" + name)) }
        let twice = try expect(1, ["merge", path("a"), path("again"), "--out", path("m5.mp4")])
        XCTAssertTrue(twice.stderr.contains("appears twice"), twice.stderr)
        // A chunk deleted after rendering.
        try FileManager.default.removeItem(atPath: path("a/s2.mp4"))
        let gone = try expect(1, ["merge", path("a"), "--out", path("m6.mp4")])
        XCTAssertTrue(gone.stderr.contains("does not exist"), gone.stderr)
        for m in 1...6 { XCTAssertFalse(FileManager.default.fileExists(atPath: path("m\(m).mp4")), "m\(m).mp4") }

        // Formats whose chunks cannot be joined by copying are refused before rendering.
        for ext in ["gif", "apng", "webp"] {
            let run = try expect(2, [scene, "--shard", "1/2", "--format", ext, "--out", path("x/x.\(ext)")])
            XCTAssertTrue(run.stderr.contains("cannot be joined without re-encoding"), run.stderr)
        }
        // More shards than frames would leave a chunk empty.
        let empty = try expect(2, [scene, "--shard", "1/46", "--format", "mp4", "--out", path("e/e.mp4")])
        XCTAssertTrue(empty.stderr.contains("would be empty"), empty.stderr)
    }

    // MARK: - Helpers

    /// ffprobe's `keys` of the first video stream (frames counted by decoding).
    func streamFacts(_ file: String, _ keys: [String]) throws -> [String: String] {
        let tools = try FFmpegTools.require()
        let text = String(decoding: try FFmpegTools.run(tools.ffprobe, [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=" + keys.joined(separator: ","),
            "-of", "default=noprint_wrappers=1", file]), as: UTF8.self)
        var facts: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { facts[parts[0]] = parts[1] }
        }
        return facts
    }

    /// The decoded frames' timestamps, in seconds, go up by one frame (1/60 s, within the container's timestamp
    /// precision: WebM counts whole milliseconds) from 0, with no gap or repeat at the joins.
    func checkTimestamps(_ file: String) throws {
        let tools = try FFmpegTools.require()
        let text = String(decoding: try FFmpegTools.run(tools.ffprobe, [
            "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time", "-of", "csv=p=0", file]), as: UTF8.self)
        // One line per frame; a frame with side data (an H.264 keyframe's SEI) has more fields after a comma.
        let times = text.split(separator: "\n").compactMap { line in
            line.split(separator: ",", omittingEmptySubsequences: false).first.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        }
        XCTAssertEqual(times.count, Self.frameCount)
        for (i, t) in times.enumerated() {
            XCTAssertEqual(t, Double(i) / 60, accuracy: 0.0011, "frame \(i) of \(file)")
        }
    }
}
