import Formats
import Foundation
import Frames
import ImageIO

/// The output folder's rules: create it if needed, refuse a path that is a file, and never
/// remove anything the renderer did not write (only frames listed in our own earlier manifest).
public enum OutputFolder {
    public static func prepare(_ dir: String) throws(RenderError) {
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

    /// The manifest.json an earlier render of ours left in `dir`, or nil. One that does not read as ours (a frame
    /// entry naming anything but a frame file in the folder, say) is someone else's: nothing it lists is touched.
    public static func earlierManifest(_ dir: String) -> Manifest? {
        guard let m = try? FormatFile.read(Manifest.self, at: dir + "/manifest.json"), m.shard == nil else { return nil }
        return m
    }

    /// Whether two manifests' headers describe the same render: scene, fps, frame count, duration, pixel size, scale
    /// and `--set` values (in any order: a decoded manifest has them sorted by name). Frames of the same render can be
    /// listed together; frames of another may not.
    public static func sameRender(_ a: RenderHeader, _ b: RenderHeader) -> Bool {
        func sorted(_ o: ManifestOverrides?) -> ManifestOverrides? {
            guard let o, !o.isEmpty else { return nil }
            return ManifestOverrides(state: o.state.sorted { $0.name < $1.name }, colors: o.colors.sorted { $0.name < $1.name })
        }
        var x = a, y = b
        x.overrides = sorted(a.overrides)
        y.overrides = sorted(b.overrides)
        return x == y
    }

    /// Removes the frame files `frames` of an earlier render that this render did not write again (`keeping`); only
    /// files an earlier manifest of ours lists are ever removed. Returns how many were there to remove.
    public static func remove(_ frames: [Manifest.Frame], keeping: Set<String>, in dir: String) -> Int {
        var removed = 0
        for frame in frames where !keeping.contains(frame.file.description) {
            if (try? FileManager.default.removeItem(atPath: dir + "/" + frame.file.description)) != nil { removed += 1 }
        }
        return removed
    }
}
