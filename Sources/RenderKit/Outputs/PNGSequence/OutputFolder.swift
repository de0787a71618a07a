import Formats
import Foundation
import Frames
import ImageIO

/// The output folder's rules: create it if needed, refuse a path that is a file, and never
/// remove anything the renderer did not write (only frames listed in our own earlier manifest).
enum OutputFolder {
    static func prepare(_ dir: String) throws(RenderError) {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            if !isDir.boolValue { throw .output("--out \(dir) is a file, not a folder; nothing was written") }
            if access(dir, W_OK) != 0 { throw .output("cannot write to \(dir): \(String(cString: strerror(errno)))") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw .output("cannot create the output folder \(dir): \(explain(error, known: dir))")
        }
    }

    /// After a full render, removes frames that an earlier render of ours wrote (named in the
    /// manifest.json we wrote then) and this render did not write again. A manifest.json that does not read as one of
    /// ours (a frame entry naming anything but a frame file in the folder, say) is someone else's: nothing is removed.
    static func removeStaleFrames(_ dir: String, keeping: Set<String>, renderedAll: Bool) throws {
        guard renderedAll, let earlier = try? FormatFile.read(Manifest.self, at: dir + "/manifest.json") else { return }
        for frame in earlier.frames where !keeping.contains(frame.file.description) {
            try? FileManager.default.removeItem(atPath: dir + "/" + frame.file.description)
        }
    }
}
