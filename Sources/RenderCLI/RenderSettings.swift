import Foundation
import Frames
import Geometry

/// The settings a render folder's manifest.json records (fps, pixel size, scale, `--set` values), so that
/// `render diff` can warn when two folders were not rendered alike: their frames of the same name then show
/// different times, sizes or variants, and a pixel comparison says little.
struct RenderSettings {
    var values: [(key: String, value: String)]

    /// The keys compared, in the manifest's order.
    static let keys = ["fps", "width", "height", "scale"]

    /// The settings in `folder`/manifest.json; nil when the folder has none or it cannot be read.
    init?(folder: String) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue,
              let data = FileManager.default.contents(atPath: folder + "/manifest.json"),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        values = Self.keys.compactMap { key in
            (object[key] as? NSNumber).map { (key, fmt($0.doubleValue)) }
        }
        // Absent when the render had none; compared as text with sorted keys.
        let overrides = object["overrides"].flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
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
