import Foundation
import Frames
import ImageIO

/// `render merge` for video chunks: checks that the N chunks of one render are all there, agree on the scene, its
/// settings and the encoding, and hold consecutive blocks of frames that together cover the scene exactly once; then
/// joins them in shard order with ffmpeg's concat demuxer and `-c copy`, so the packets are copied, not re-encoded
/// (each chunk starts with a keyframe, and the demuxer shifts each chunk's timestamps to follow the previous one).
/// The file appears whole or not at all, like every video `render` writes.
enum VideoShardMerge {
    static func merge(_ chunks: [ShardFile.Video], into out: String?, defaultFolder: String,
                      verify: Bool, searchPath: String? = ProcessInfo.processInfo.environment["PATH"])
        throws(ShardMergeError) -> ShardMerge.Summary {
        guard let first = chunks.first else { throw ShardMergeError("no video chunks to join") }
        let ordered = try ShardMerge.inOrder(chunks)
        if let other = ordered.first(where: { $0.manifest.video != first.manifest.video }) {
            throw ShardMergeError("\(other.path) and \(first.path) were encoded differently (format, quality or alpha differ)")
        }
        var next = 0
        for c in ordered {
            let expected = c.shard.frames(of: c.header.frameCount), chunk = c.manifest.chunk
            guard chunk.firstFrame == expected.lowerBound, chunk.frames == expected.count, chunk.firstFrame == next else {
                throw ShardMergeError("\(c.path): shard \(c.shard) should hold frames \(expected.lowerBound)…\(expected.upperBound - 1), "
                    + "but lists \(chunk.frames) from frame \(chunk.firstFrame)")
            }
            next += chunk.frames
            guard FileManager.default.fileExists(atPath: c.chunkPath) else {
                throw ShardMergeError("shard \(c.shard): \(c.chunkPath) is listed in \(c.path) but does not exist")
            }
        }
        let frameCount = first.header.frameCount
        guard next == frameCount else {
            throw ShardMergeError("the chunks hold \(next) frames but the scene has \(frameCount)")
        }
        let output = try outputPath(out, format: first.format, scene: first.header.scene, defaultFolder: defaultFolder)
        if let clash = ordered.first(where: { ShardMerge.sameFolder($0.chunkPath, output) }) {
            throw ShardMergeError("the joined file \(output) would replace the chunk of shard \(clash.shard); give --out another name")
        }
        let fps = first.header.fps
        // Each chunk's exact duration, F frames / fps, in whole microseconds (the concat demuxer's unit) taken as
        // differences of rounded start times, so the rounding never adds up along the chunks.
        let starts = ordered.map { Int64((Double($0.manifest.chunk.firstFrame) * 1_000_000 / fps).rounded()) }
            + [Int64((Double(frameCount) * 1_000_000 / fps).rounded())]
        let parts = ordered.enumerated().map { k, c in (path: c.chunkPath, microseconds: starts[k + 1] - starts[k]) }
        try join(parts, format: first.format, to: output, searchPath: searchPath)
        if verify {
            let packets = try countPackets(output, searchPath: searchPath)
            guard packets == frameCount else {
                unlink(output)
                throw ShardMergeError("\(output) holds \(packets) frames after joining, not \(frameCount); removed it")
            }
        }
        return ShardMerge.Summary(shards: ordered.count, frames: frameCount, copied: 0, manifestPath: output, video: first.format)
    }

    /// `--out` when it names a file of the chunks' format, `--out/<scene>.<ext>` when it names a folder (or has no video
    /// extension), else `<first folder>/<scene>.<ext>`.
    static func outputPath(_ out: String?, format: VideoFormat, scene: String, defaultFolder: String) throws(ShardMergeError) -> String {
        let name = scene + "." + format.fileExtension
        guard let out else { return defaultFolder + "/" + name }
        if let asked = VideoFormat(fileName: out) {
            guard asked == format else {
                throw ShardMergeError("--out \(out) asks for \(asked.rawValue), but the chunks are \(format.rawValue); "
                    + "chunks are joined without re-encoding, so the file keeps their format")
            }
            return out
        }
        return out + "/" + name
    }

    /// Runs ffmpeg's concat demuxer over `chunks` (in order) with stream copy into a temporary file beside `output`,
    /// then renames it into place.
    static func join(_ chunks: [(path: String, microseconds: Int64)], format: VideoFormat, to output: String,
                     searchPath: String?) throws(ShardMergeError) {
        guard let ffmpeg = FFmpegProcess.locate(path: searchPath) else {
            throw ShardMergeError("joining \(format.rawValue) chunks needs ffmpeg, which is not on PATH: install the Debian package ffmpeg")
        }
        let url = URL(fileURLWithPath: output)
        let folder = url.deletingLastPathComponent().path
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw ShardMergeError("cannot create \(folder): \(explain(error, known: folder))")
        }
        let temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())"
        let list = temporary + ".concat.txt"
        defer { unlink(list) }
        // The concat list's syntax: a `file '…'` line per chunk (a quote inside the path is written '\''), and its
        // `duration`, which places the next chunk's first frame. Without it the demuxer takes the container's
        // duration, which a MOV rounds to milliseconds: at 60 fps each join would then shift the frames after it.
        let lines = chunks.map { chunk -> String in
            let absolute = URL(fileURLWithPath: chunk.path).standardizedFileURL.path
            return "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'\n"
                + "duration \(chunk.microseconds)us"
        }
        do { try writeFileAtomically(Array((lines.joined(separator: "\n") + "\n").utf8), to: list) } catch {
            throw ShardMergeError("cannot write \(list): \(explain(error))")
        }
        // -safe 0: the list holds absolute paths. -map 0:v: the chunks hold one video stream and nothing else.
        // +faststart as in a single mp4 render: the index goes before the frames.
        var arguments = ["-hide_banner", "-nostats", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list,
                         "-map", "0:v", "-c", "copy"]
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        arguments += ["-f", format.muxer, temporary]
        let status: Int32, lastLines: [String]
        do {
            let process = try FFmpegProcess(executable: ffmpeg, arguments: arguments)
            (status, lastLines) = process.finish()
        } catch {
            unlink(temporary)
            throw ShardMergeError("cannot run ffmpeg: \(explain(error))")
        }
        guard status == 0 else {
            unlink(temporary)
            throw ShardMergeError(VideoError.ffmpegFailed(format, status: status, lastLines: lastLines).description)
        }
        guard rename(temporary, output) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            throw ShardMergeError("cannot move the joined file to \(output): \(why)")
        }
    }

    /// The video packets (frames) in `file`, counted by ffprobe.
    static func countPackets(_ file: String, searchPath: String?) throws(ShardMergeError) -> Int {
        let ffprobe = (searchPath ?? "").split(separator: ":").map { String($0) + "/ffprobe" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let ffprobe else { throw ShardMergeError("--verify on video needs ffprobe (Debian package ffmpeg), which is not on PATH") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffprobe)
        process.arguments = ["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets",
                             "-of", "default=noprint_wrappers=1:nokey=1", file]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw ShardMergeError("cannot run ffprobe: \(explain(error))") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, let count = Int(text) else {
            throw ShardMergeError("ffprobe cannot count the frames of \(file)")
        }
        return count
    }
}
