import Foundation
import Geometry

/// An APNG (`APNGEncoder`) written to disk frame by frame as the frames are drawn, so a long animation never sits in
/// memory: the bytes go to a temporary file beside `path`, renamed over it by `finish()`. Until then readers see the
/// old file or none; a closed `FileWriteGate` (Ctrl-C) removes the temporary.
public final class APNGFile {
    public let path: String
    private let temporary: String
    private let handle: FileHandle
    private var encoder: APNGEncoder
    private var gateKey: Int?

    /// Starts `path` for `frameCount` frames, each shown `delayNumerator/delayDenominator` seconds, looping forever.
    public init(path: String, frameCount: Int, delayNumerator: UInt16, delayDenominator: UInt16) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())").path
        guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
            throw FileIOError(path: temporary, operation: "create", code: errno)
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
        encoder = APNGEncoder(frameCount: frameCount, delayNumerator: delayNumerator, delayDenominator: delayDenominator)
        let leftover = temporary
        gateKey = FileWriteGate.shared.register { unlink(leftover) }
    }

    deinit {
        // Not finished (an error on the way): leave no temporary behind.
        if let key = gateKey {
            try? handle.close()
            unlink(temporary)
            FileWriteGate.shared.unregister(key)
        }
    }

    /// Appends the next frame.
    public func append(_ frame: RGBAImage) throws {
        try write(try encoder.append(frame))
    }

    /// Closes the animation and moves it to `path`.
    public func finish() throws {
        try write(try encoder.finish())
        try handle.close()
        guard FileWriteGate.shared.enter() else { throw FileIOError(path: path, operation: "rename", code: ECANCELED) }
        defer { FileWriteGate.shared.leave() }
        if rename(temporary, path) != 0 { throw FileIOError(path: path, operation: "rename", code: errno) }
        if let key = gateKey { FileWriteGate.shared.unregister(key) }
        gateKey = nil
    }

    private func write(_ bytes: [UInt8]) throws {
        guard FileWriteGate.shared.enter() else { throw FileIOError(path: path, operation: "write", code: ECANCELED) }
        defer { FileWriteGate.shared.leave() }
        try handle.write(contentsOf: Data(bytes))
    }
}
