import Formats
import Foundation
import Frames
import Geometry

/// The settings a render folder's manifest.json records (fps, pixel size, scale, `--set` values), so that
/// `render diff` can warn when two folders were not rendered alike: their frames of the same name then show
/// different times, sizes or variants, and a pixel comparison says little.
struct RenderSettings {
    var values: [(key: String, value: String)]

    /// The settings in `folder`/manifest.json; nil when `folder` is not a folder or has no manifest.json.
    /// - Throws: a manifest.json that does not read as one, with the file and what is wrong.
    init?(folder: String) throws(FormatReadError) {
        var isFolder: ObjCBool = false
        let path = folder + "/manifest.json"
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
              FileManager.default.fileExists(atPath: path) else { return nil }
        let header = try FormatFile.read(Manifest.self, at: path).header
        values = [("fps", fmt(header.fps)), ("width", fmt(Double(header.width))), ("height", fmt(Double(header.height))),
                  ("scale", fmt(header.scale))]
        // Compared as compact JSON with sorted keys: the order of the --set values does not make the renders differ.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let overrides = header.overrides.flatMap { try? encoder.encode($0) }
        values.append(("--set values", overrides.map { String(decoding: $0, as: UTF8.self) } ?? "none"))
    }

    /// "fps 60 vs 30, width 80 vs 40", or nil when both agree.
    static func differences(_ a: RenderSettings, _ b: RenderSettings) -> String? {
        let other = Dictionary(b.values, uniquingKeysWith: { x, _ in x })
        let parts = a.values.compactMap { key, value -> String? in
            guard let theirs = other[key], theirs != value else { return nil }
            return "\(key) \(value) vs \(theirs)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
