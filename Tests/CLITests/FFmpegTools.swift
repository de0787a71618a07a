import Foundation
import TestSupport
import XCTest

/// ffprobe and ffmpeg as the video tests use them: independent readers of the files `render --format …` writes.
enum FFmpegTools {
    /// The executable `name` on PATH, or nil.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { String($0) + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// ffmpeg and ffprobe, or a missing tool (a skip, or a failure under CI=true).
    @discardableResult
    static func require() throws -> (ffmpeg: String, ffprobe: String) {
        guard let ffmpeg = locate("ffmpeg"), let ffprobe = locate("ffprobe") else {
            throw missingTool("ffmpeg and ffprobe (Debian package ffmpeg) are not installed: video files not checked")
        }
        return (ffmpeg, ffprobe)
    }

    /// Runs `executable`; returns its standard output, failing (throwing) on a non-zero exit with its standard error.
    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ffmpeg-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out"), errURL = scratch.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(command: ([executable] + arguments).joined(separator: " "), status: process.terminationStatus,
                              stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
        }
        return try Data(contentsOf: outURL)
    }

    /// ffprobe's facts about the first video stream (frames counted by decoding) and the container:
    /// `codec_name`, `profile`, `width`, `height`, `pix_fmt`, `nb_read_frames`, `color_space`, `TAG:alpha_mode`,
    /// `duration` (the container's, seconds).
    static func probe(_ file: String) throws -> [String: String] {
        let tools = try require()
        let text = String(decoding: try run(tools.ffprobe, [
            "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=codec_name,profile,width,height,pix_fmt,nb_read_frames,color_space:stream_tags=alpha_mode:format=duration",
            "-of", "default=noprint_wrappers=1", file]), as: UTF8.self)
        var facts: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, facts[parts[0]] == nil { facts[parts[0]] = parts[1] }
        }
        return facts
    }

    /// Every frame of `file` decoded by ffmpeg to 8-bit RGBA, cropped to `width`×`height` from the top left (padding
    /// dropped). `decoder` goes before `-i` (`-c:v libvpx-vp9` reads VP9's alpha); `bt709` converts Y′CbCr with the
    /// BT.709 matrix the files are tagged with (ffmpeg 5.1's automatic conversion assumes BT.601 whatever the tag),
    /// with accurate rounding (the default rounding alone is off by a level in dark areas).
    static func frames(of file: String, width: Int, height: Int, decoder: [String] = [], bt709: Bool = false) throws -> [[UInt8]] {
        let tools = try require()
        let convert = (bt709 ? "scale=in_color_matrix=bt709:in_range=tv:flags=accurate_rnd+full_chroma_int," : "") + "format=rgba,crop=\(width):\(height):0:0"
        let raw = [UInt8](try run(tools.ffmpeg, ["-v", "error"] + decoder + ["-i", file, "-vf", convert,
                                                   "-f", "rawvideo", "-pix_fmt", "rgba", "-"]))
        let size = width * height * 4
        XCTAssertEqual(raw.count % size, 0, "\(file): decoded bytes are not whole \(width)×\(height) frames")
        return stride(from: 0, to: raw.count - raw.count % size, by: size).map { Array(raw[$0..<$0 + size]) }
    }
}

/// A tool that ran and failed: the test fails with its message.
struct ToolFailure: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var stderr: String
    var description: String { "\(command) exited with \(status): \(stderr)" }
}

/// How far decoded frames are from the PNG frames of the same render, in levels of 255.
struct FrameDifference {
    /// The largest, over frames and channels (R, G, B, A), of the mean absolute difference.
    var meanPerChannel = 0.0
    /// The largest, over frames, of the mean absolute RGB difference on flat areas: pixels whose 5×5 neighbourhood is
    /// one colour in the PNG frame (edges are where 4:2:0 chroma and block transforms differ most).
    var flatMean = 0.0
    /// The largest difference of any channel of any pixel.
    var maximum = 0

    /// Compares frame by frame; `decoded` and `expected` must be the same count (checked by the caller).
    init(_ decoded: [[UInt8]], _ expected: [[UInt8]], width: Int, height: Int) {
        for (a, b) in zip(decoded, expected) {
            var sums = [0, 0, 0, 0], flatSum = 0, flatCount = 0
            for y in 0..<height {
                for x in 0..<width {
                    let i = 4 * (y * width + x)
                    let flat = Self.isFlat(b, x: x, y: y, width: width, height: height)
                    for c in 0..<4 {
                        let d = abs(Int(a[i + c]) - Int(b[i + c]))
                        sums[c] += d
                        maximum = max(maximum, d)
                        if flat && c < 3 { flatSum += d; flatCount += 1 }
                    }
                }
            }
            let pixels = Double(width * height)
            meanPerChannel = max(meanPerChannel, sums.map { Double($0) / pixels }.max() ?? 0)
            if flatCount > 0 { flatMean = max(flatMean, Double(flatSum) / Double(flatCount)) }
        }
    }

    private static func isFlat(_ image: [UInt8], x: Int, y: Int, width: Int, height: Int) -> Bool {
        let i = 4 * (y * width + x)
        for dy in -2...2 {
            for dx in -2...2 {
                let j = 4 * (min(max(y + dy, 0), height - 1) * width + min(max(x + dx, 0), width - 1))
                if image[j] != image[i] || image[j + 1] != image[i + 1] || image[j + 2] != image[i + 2] || image[j + 3] != image[i + 3] {
                    return false
                }
            }
        }
        return true
    }

    var summary: String {
        String(format: "mean per channel %.3f, flat areas %.3f, max %d (of 255)", meanPerChannel, flatMean, maximum)
    }
}
