import Foundation
import SceneJSON

/// Another Swift file of the project a translated file belongs to.
public struct SwiftProjectFile: Sendable {
    public let path: String
    public let source: String
    public init(path: String, source: String) { self.path = path; self.source = source }
}

/// The other Swift files a view file can use, as Xcode compiles every file of a target together: an app keeps its
/// colours in `extension Color { … }` in one file and its views in others (docs/swiftui-source.md, "Other files of
/// the project").
///
/// The project is the one SwiftProjectRoot finds (the folder of the nearest `.xcodeproj` or `.xcworkspace`, or the
/// `Package.swift` target the file is in).
/// Without one, the file stands alone: the other files of an arbitrary directory are not guessed to belong with it.
/// The files are read bounded: at most `maxFiles` files of at most `SwiftSceneTranslator.maxFileSize` bytes each and
/// `maxTotalSize` bytes in all, in directories at most `maxDepth` below the project's, skipping hidden directories
/// and build products.
public enum SwiftProject {
    public static let maxDepth = 12
    public static let maxFiles = 2_000
    public static let maxTotalSize = 32 << 20
    static let skipped: Set<String> = [".build", "build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// The bytes of `path` when it is a regular file (not a link, device or pipe) of at most `limit` bytes, read no
    /// further than that; nil otherwise.
    static func readRegularFile(_ path: String, atMost limit: Int) -> Data? {
        guard limit >= 0, let attrs = try? FileManager.default.attributesOfItem(atPath: path),
              attrs[.type] as? FileAttributeType == .typeRegular, let size = attrs[.size] as? Int, size <= limit,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: limit + 1), data.count <= limit else { return nil }
        return data
    }

    /// The directory whose `.swift` files are compiled with `path`, if it is in a project (SwiftProjectRoot).
    public static func root(of path: String) -> URL? { SwiftProjectRoot.directory(of: path) }

    /// The other `.swift` files of `path`'s project, in path order (none when it is in no project).
    public static func otherFiles(of path: String) -> [SwiftProjectFile] {
        guard let root = root(of: path) else { return [] }
        let own = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        var found: [String] = []
        var total = 0
        func walk(_ dir: URL, _ depth: Int) {
            guard depth <= maxDepth, found.count < maxFiles,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) && found.count < maxFiles {
                let url = dir.appendingPathComponent(name)
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir) else { continue }
                if isDir.boolValue {
                    // Symbolic links to directories are not followed (a link to `..` would never end).
                    if (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) == true { continue }
                    walk(url, depth + 1)
                } else if name.hasSuffix(".swift"), name != "Package.swift", url.resolvingSymlinksInPath().path != own,
                          (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) != true {
                    // Symbolic links to files are not read either: one could point anywhere on the machine.
                    found.append(url.path)
                }
            }
        }
        walk(root, 0)
        var files: [SwiftProjectFile] = []
        for p in found {
            guard let data = readRegularFile(p, atMost: min(SwiftSceneTranslator.maxFileSize, maxTotalSize - total)),
                  let text = String(data: data, encoding: .utf8) else { continue }
            total += data.count
            files.append(SwiftProjectFile(path: p, source: text))
        }
        return files
    }
}

/// An image set of an asset catalogue: the PNG file drawn and its pixels per point (`@3x` is 3).
public struct SwiftAssetImage: Sendable, Equatable {
    public var path: String
    public var scale: Double
    public init(path: String, scale: Double) { self.path = path; self.scale = scale }
}

/// A colour set of an asset catalogue (`Brand.colorset/Contents.json`): its sRGB colour for the light appearance and,
/// when the set has one, the dark; or why it cannot be read.
public struct SwiftAssetColor: Sendable, Equatable {
    public var light: String
    public var dark: String?
    /// The colour set's folder, for messages.
    public var path: String
    public init(light: String, dark: String? = nil, path: String) { self.light = light; self.dark = dark; self.path = path }
}

extension SwiftProject {
    /// Most colour or image sets read from one project.
    public static let maxAssetSets = 4_096

    /// The colour sets of the asset catalogues (`*.xcassets`) in `path`'s project, by name: a set inside a folder
    /// that provides a namespace is `Folder/Name`. A set that cannot be read maps to the reason.
    public static func assetColors(of path: String) -> [String: Result<SwiftAssetColor, AssetProblem>] {
        assetSets(of: path, kind: "colorset").mapValues { colorSet(at: $0.appendingPathComponent("Contents.json").path) }
    }

    /// The image sets of the project's asset catalogues, by name (as for colours): the PNG to draw and its scale.
    public static func assetImages(of path: String) -> [String: Result<SwiftAssetImage, AssetProblem>] {
        assetSets(of: path, kind: "imageset").mapValues { imageSet(at: $0) }
    }

    /// The folders `Name.<kind>` of the asset catalogues in `path`'s project, by name.
    static func assetSets(of path: String, kind: String) -> [String: URL] {
        guard let root = root(of: path) else { return [:] }
        var out: [String: URL] = [:]
        let fm = FileManager.default
        let suffix = "." + kind
        func walk(_ dir: URL, _ depth: Int, namespace: String, inCatalogue: Bool) {
            guard depth <= maxDepth, out.count < maxAssetSets, let names = try? fm.contentsOfDirectory(atPath: dir.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") && !skipped.contains(name) && out.count < maxAssetSets {
                let url = dir.appendingPathComponent(name)
                var isDir: ObjCBool = false
                guard fm.fileExists(atPath: url.path, isDirectory: &isDir), isDir.boolValue,
                      (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]).isSymbolicLink) != true else { continue }
                if inCatalogue && name.hasSuffix(suffix) {
                    let setName = namespace + String(name.dropLast(suffix.count))
                    if out[setName] == nil { out[setName] = url }
                } else if name.hasSuffix(".xcassets") {
                    walk(url, depth + 1, namespace: "", inCatalogue: true)
                } else if inCatalogue {
                    // A folder inside a catalogue: its sets are namespaced when it says so.
                    let provides = readRegularFile(url.appendingPathComponent("Contents.json").path, atMost: 1 << 20)
                        .flatMap { String(data: $0, encoding: .utf8) }
                        .flatMap { try? JSONParser.parse($0) }?["properties"]?["provides-namespace"]?.bool ?? false
                    walk(url, depth + 1, namespace: provides ? namespace + name + "/" : namespace, inCatalogue: true)
                } else {
                    walk(url, depth + 1, namespace: "", inCatalogue: false)
                }
            }
        }
        walk(root, 0, namespace: "", inCatalogue: false)
        return out
    }

    /// A set's `Contents.json` (at most 1 MiB), parsed; or why it cannot be, located in it.
    static func setContents(_ path: String) -> Result<JSONValue, AssetProblem> {
        guard let data = readRegularFile(path, atMost: 1 << 20), let text = String(data: data, encoding: .utf8) else {
            return .failure(AssetProblem(message: "\((path as NSString).deletingLastPathComponent) has no readable Contents.json (a regular file of at most 1 MiB)"))
        }
        do { return .success(try JSONParser.parse(text)) } catch {
            return .failure(AssetProblem(message: "\(path):\(error.location.line):\(error.location.column): \(error.message)"))
        }
    }

    /// One image set: its universal (or iPhone) PNG of the highest scale (a file without a scale is 1×). Only PNG
    /// files named in the set's own folder are read (the scene format draws PNGs).
    static func imageSet(at folder: URL) -> Result<SwiftAssetImage, AssetProblem> {
        let top: JSONValue
        switch setContents(folder.appendingPathComponent("Contents.json").path) {
        case .success(let t): top = t
        case .failure(let p): return .failure(p)
        }
        var best: SwiftAssetImage?
        var others: [String] = []
        for entry in top["images"]?.elements ?? [] {
            let idiom = entry["idiom"]?.string ?? "universal"
            // The light appearance's images: variants for dark or high contrast are not drawn.
            guard idiom == "universal" || idiom == "iphone", entry["appearances"] == nil, let file = entry["filename"]?.string else { continue }
            guard !file.contains("/"), !file.hasPrefix("."), file.lowercased().hasSuffix(".png") else { others.append(file); continue }
            let path = folder.appendingPathComponent(file).path
            guard let attrs = try? FileManager.default.attributesOfItem(atPath: path), attrs[.type] as? FileAttributeType == .typeRegular else { continue }
            let scale = entry["scale"]?.string.flatMap { Double($0.replacingOccurrences(of: "x", with: "")) } ?? 1
            guard scale > 0, scale <= 16 else { continue }
            if best == nil || scale > best!.scale { best = SwiftAssetImage(path: path, scale: scale) }
        }
        if let best { return .success(best) }
        if let other = others.first {
            return .failure(AssetProblem(message: "the image set \(folder.lastPathComponent) has \(other), and only PNG files are drawn"))
        }
        return .failure(AssetProblem(message: "the image set \(folder.lastPathComponent) has no universal or iPhone PNG file"))
    }

    /// Why a colour set cannot be read.
    public struct AssetProblem: Error, Sendable, Equatable {
        public var message: String
    }

    /// One colour set's `Contents.json`: its universal (or iPhone) colours, light (no appearance, or `light`) and
    /// dark (`luminosity` `dark`); high-contrast variants are not used. Components may be floats (0…1), 8-bit
    /// integers or `0xNN`; sRGB and extended sRGB (clamped) are taken as they are, Display P3 is converted to sRGB,
    /// gray gamma 2.2 to the sRGB grey of the same light.
    static func colorSet(at path: String) -> Result<SwiftAssetColor, AssetProblem> {
        let folder = (path as NSString).deletingLastPathComponent
        let top: JSONValue
        switch setContents(path) {
        case .success(let t): top = t
        case .failure(let p): return .failure(p)
        }
        var light: String?, dark: String?
        for entry in top["colors"]?.elements ?? [] {
            let idiom = entry["idiom"]?.string ?? "universal"
            guard idiom == "universal" || idiom == "iphone", let color = entry["color"] else { continue }
            let appearances = entry["appearances"]?.elements ?? []
            if appearances.contains(where: { $0["appearance"]?.string == "contrast" }) { continue }
            let isDark = appearances.contains { $0["appearance"]?.string == "luminosity" && $0["value"]?.string == "dark" }
            let hex: String
            switch assetColorHex(color) {
            case .success(let h): hex = h
            case .failure(let p): return .failure(AssetProblem(message: "\(path): \(p.message)"))
            }
            if isDark { if dark == nil { dark = hex } } else if light == nil { light = hex }
        }
        guard let light = light ?? dark else { return .failure(AssetProblem(message: "\(path): no universal or iPhone colour")) }
        return .success(SwiftAssetColor(light: light, dark: dark, path: folder))
    }

    /// A catalogue colour (`{"color-space": "srgb", "components": {"red": "0.5", …}}`) as `#RRGGBB[AA]` sRGB.
    public static func assetColorHex(_ color: JSONValue) -> Result<String, AssetProblem> {
        let space = color["color-space"]?.string ?? "srgb"
        let comps = color["components"]
        func component(_ key: String) -> Double? {
            guard let v = comps?[key] else { return nil }
            if let n = v.number { return n.isFinite ? n : nil }
            guard let s = v.string?.trimmingCharacters(in: .whitespaces) else { return nil }
            if s.lowercased().hasPrefix("0x") { return UInt8(s.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            // Only finite numbers: "nan" and "inf" parse as Doubles and would reach the conversion to bytes.
            guard let d = Double(s), d.isFinite else { return nil }
            return s.contains(".") ? d : d / 255
        }
        func clamp(_ x: Double) -> Double { x.isNaN ? 0 : min(max(x, 0), 1) }
        let alpha = clamp(component("alpha") ?? 1)
        func hex(_ r: Double, _ g: Double, _ b: Double) -> String {
            func c(_ x: Double) -> String { String(format: "%02X", Int((clamp(x) * 255).rounded())) }
            return "#" + c(r) + c(g) + c(b) + (alpha >= 1 ? "" : c(alpha))
        }
        func linear(_ x: Double) -> Double { x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
        func encoded(_ x: Double) -> Double { let v = clamp(x); return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        switch space {
        case "srgb", "extended-srgb", "extended-linear-srgb":
            guard let r = component("red"), let g = component("green"), let b = component("blue") else {
                return .failure(AssetProblem(message: "a colour without red, green and blue components"))
            }
            if space == "extended-linear-srgb" { return .success(hex(encoded(r), encoded(g), encoded(b))) }
            return .success(hex(r, g, b))
        case "display-p3":
            guard let r = component("red"), let g = component("green"), let b = component("blue") else {
                return .failure(AssetProblem(message: "a colour without red, green and blue components"))
            }
            // Display P3 and sRGB share the transfer curve and the D65 white; linear P3 → linear sRGB by the matrix
            // of their primaries (P3 → XYZ → sRGB, each from the primaries' and D65's chromaticities; rows sum to 1).
            let (lr, lg, lb) = (linear(r), linear(g), linear(b))
            let sr = 1.224940176281 * lr - 0.224940176281 * lg
            let sg = -0.042056954710 * lr + 1.042056954710 * lg
            let sb = -0.019637554590 * lr - 0.078636045551 * lg + 1.098273600141 * lb
            return .success(hex(encoded(sr), encoded(sg), encoded(sb)))
        case "gray-gamma-22", "extended-gray":
            guard let w = component("white") else { return .failure(AssetProblem(message: "a grey colour without a white component")) }
            let v = space == "gray-gamma-22" ? encoded(pow(clamp(w), 2.2)) : w
            return .success(hex(v, v, v))
        default:
            return .failure(AssetProblem(message: "the colour space \(space) is not supported (sRGB, Display P3 and grey are)"))
        }
    }

    /// The name Xcode (15 and later) gives a colour asset's generated symbol (`Color.brandPrimary` for the set
    /// "brand_primary" or "Brand Primary Color"): lower camel case of its words, a trailing "Color" dropped.
    public static func assetSymbol(_ name: String) -> String {
        let words = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard let first = words.first else { return name }
        var s = first.prefix(1).lowercased() + first.dropFirst() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if s.count > 5 && s.hasSuffix("Color") { s.removeLast(5) }
        return s
    }
}
