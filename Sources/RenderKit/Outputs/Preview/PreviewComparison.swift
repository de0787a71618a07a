import Formats
import Foundation
import Frames
import ImageIO

/// Another render's frames for the preview page to show beside the scene's own, scrubbed together: golden frames
/// (`render test --golden DIR`), or the output folder of a render of another variant. The folder holds
/// `frame_NNNNN.png` files; its `manifest.json`, when there, gives their fps, so that each frame of the page is
/// paired with the other render's frame showing the same time (goldens are often rendered at fewer frames per second).
public struct PreviewComparison: Sendable {
    /// What the page calls the other render (the folder as given unless set).
    public var label: String
    public var folder: String
    /// Frames per second of the other render; nil: the same as the page's.
    public var fps: Double?
    /// Frame files, index k at `files[k]`.
    public var files: [String]

    /// Why a folder cannot be compared with.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads the frame list (and fps) of `folder`.
    public init(folder: String, label: String? = nil) throws {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw Failure(description: "cannot read the folder to compare with, \(folder)")
        }
        var indexed: [Int: String] = [:]
        for name in names {
            if let frame = FrameFileName(name) { indexed[frame.index] = name }
        }
        guard !indexed.isEmpty else { throw Failure(description: "\(folder) has no frame_NNNNN.png files to compare with") }
        let count = (indexed.keys.max() ?? 0) + 1
        guard indexed.count == count else {
            let missing = (0..<count).first { indexed[$0] == nil } ?? 0
            throw Failure(description: "\(folder) lacks \(PreviewPage.frameFile(missing)) (frames to compare with must be numbered from 0 without gaps)")
        }
        self.folder = folder
        self.label = label ?? folder
        files = (0..<count).compactMap { indexed[$0] }
        fps = try Self.manifestFPS(folder + "/manifest.json")
    }

    /// The `fps` of the manifest.json at `path`, when there is one and its fps is positive.
    /// - Throws: a manifest.json that does not read as one, with the file and what is wrong.
    static func manifestFPS(_ path: String) throws(Failure) -> Double? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let fps: Double
        do { fps = try FormatFile.read(Manifest.self, at: path).header.fps } catch { throw Failure(description: error.description) }
        return fps.isFinite && fps > 0 ? fps : nil
    }

    /// Copies the frames, one file at a time, into `destination` (a page's `compare/` folder) under the page's frame
    /// names, and returns the comparison of the copy.
    public func copy(into destination: String) throws -> PreviewComparison {
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        var copied = self
        copied.folder = destination
        copied.files = []
        for (k, name) in files.enumerated() {
            let target = PreviewPage.frameFile(k)
            try writeFileAtomically(try readFileBytes(at: folder + "/" + name), to: destination + "/" + target)
            copied.files.append(target)
        }
        return copied
    }
}
