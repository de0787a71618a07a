import CCairo
import DisplayList
import Foundation

/// What the raster stage's pixels depend on besides the display list: the libraries as linked at run time and the
/// font files text is drawn with. A manifest records them (the environment fingerprint) so that a pixel test failing
/// after a library or font update can say so instead of blaming the scene.
public enum RasterEnvironment {
    /// (name, version) of Cairo, pixman, Pango, HarfBuzz, FreeType and fontconfig, each asked of the library loaded
    /// in this process (not the headers it was compiled against), in that order.
    public static let libraryVersions: [(name: String, version: String)] = [
        ("cairo", String(cString: cairo_version_string())),
        ("pixman", String(cString: pixman_version_string())),
        ("pango", String(cString: pango_version_string())),
        ("harfbuzz", String(cString: hb_version_string())),
        ("freetype", freeTypeVersion()),
        ("fontconfig", dotted(Int(FcGetVersion()), 10_000, 100)),
    ]

    /// FreeType tells its version only through a library handle: one is made and dropped for the question.
    private static func freeTypeVersion() -> String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// fontconfig's packed version (major · 10000 + minor · 100 + revision) as "2.14.1".
    private static func dotted(_ v: Int, _ major: Int, _ minor: Int) -> String {
        "\(v / major).\(v % major / minor).\(v % minor)"
    }

    /// The font file fontconfig gives, in `FontLibrary`'s configuration, for each face text is drawn in: the paths,
    /// sorted and without repeats. Only the face Pango asks for is named, not fallbacks for glyphs it lacks.
    public static func fontFiles(for faces: Set<FontFace>) -> [String] {
        guard let config = FontLibrary.shared.config else { return [] }
        var files = Set<String>()
        for face in faces {
            guard let pattern = FcPatternCreate() else { continue }
            defer { FcPatternDestroy(pattern) }
            _ = FontLibrary.family(for: face.design).withCString { family in
                family.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
            }
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(min(1000, max(100, face.weight)))))
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let match = FcFontMatch(config, pattern, &result) else { continue }
            defer { FcPatternDestroy(match) }
            var file: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file {
                files.insert(String(cString: file))
            }
        }
        return files.sorted()
    }

    /// Hex digits of the SHA-256 of the file at `path`, nil when it cannot be read. Remembered per path for the life
    /// of the process: font files do not change under a running renderer, and a render asks once per manifest.
    public static func fileDigest(_ path: String, prefix digits: Int) -> String? {
        digestLock.lock()
        defer { digestLock.unlock() }
        if let d = digests[path] { return String(d.prefix(digits)) }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let d = ContentDigest.sha256([UInt8](data))
        digests[path] = d
        return String(d.prefix(digits))
    }

    nonisolated(unsafe) private static var digests: [String: String] = [:]
    private static let digestLock = NSLock()
}

/// A face text is drawn in: the family `FontLibrary` picks for the design, at the weight.
public struct FontFace: Hashable, Sendable {
    public var design: TextStyle.Design
    public var weight: Int
    public init(design: TextStyle.Design, weight: Int) { self.design = design; self.weight = weight }

    /// The faces of the text commands in `list`, layer masks included.
    public static func used(in list: DisplayList) -> Set<FontFace> {
        var faces = Set<FontFace>()
        for command in list.commands {
            switch command {
            case .text(let t): faces.insert(FontFace(design: t.style.design, weight: t.style.weight))
            case .beginLayer(let layer): if let mask = layer.mask { faces.formUnion(used(in: mask)) }
            default: break
            }
        }
        return faces
    }
}
