import Foundation
import Frames

/// One ffmpeg process that reads raw frames on its standard input; its standard error is collected for the message
/// when it fails.
final class FFmpegProcess: @unchecked Sendable {
    /// The `ffmpeg` executable on `PATH`, or nil.
    static func locate(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private var errorData = Data()
    private let errorsRead = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments`.
    init(executable: String, arguments: [String]) throws {
        // A write to an ffmpeg that has exited must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        // A pipe holds 64 KiB by default, a fraction of one frame: the drawing threads would stop and wait for ffmpeg
        // many times per frame. As much as Linux allows (fs.pipe-max-size, 1 MiB by default) lets a frame go in a few
        // writes while ffmpeg works on the one before. Measured on Scenes/unlock.json's mp4 (600 frames): see
        // docs/video.md. Where the call fails the default stays, which is only slower.
        #if os(Linux)
        let wanted = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? (1 << 20)
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, 1031 /* F_SETPIPE_SZ */, min(wanted, 16 << 20))
        #endif
        try process.run()
        let handle = errors.fileHandleForReading
        DispatchQueue.global().async { [self] in
            errorData = handle.readDataToEndOfFile()
            errorsRead.signal()
        }
    }

    var pid: Int32 { process.processIdentifier }

    /// Sends `bytes`; false when ffmpeg no longer reads (it has exited: `finish()` tells why).
    func write(_ bytes: [UInt8]) -> Bool {
        let fd = input.fileHandleForWriting.fileDescriptor
        return bytes.withUnsafeBytes { raw -> Bool in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }

    /// Ends the input, waits for ffmpeg to exit and returns its status and its standard error's last lines.
    func finish() -> (status: Int32, lastLines: [String]) {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        errorsRead.wait()
        let lines = String(decoding: errorData, as: UTF8.self).split(separator: "\n").map(String.init)
        return (process.terminationStatus, Array(lines.suffix(8)))
    }
}
