/// What a render's pixels depend on besides the scene and its options — the environment fingerprint every manifest
/// carries: the renderer's version, the libraries that draw and encode as linked at run time, and each font file
/// text was drawn with (its name and a SHA-256 prefix). It never changes the pixels or their hash; it lets
/// `render test` tell a changed environment from a changed scene when pixels differ.
public struct RenderEnvironment: Codable, Equatable, Sendable {
    /// `render --version`'s text, e.g. "render 0.9.0".
    public var renderer: String
    /// Cairo, pixman, Pango, HarfBuzz, FreeType, fontconfig, libpng, libdeflate, in that order.
    public var libraries: [Library]
    /// Sorted by file name.
    public var fonts: [Font]

    /// The renderer's version: the one place it is defined (`render --version` prints it).
    public static let rendererVersion = "render 0.9.0"

    public struct Library: Codable, Equatable, Sendable {
        public var name: String
        public var version: String
        public init(name: String, version: String) { self.name = name; self.version = version }
    }

    public struct Font: Codable, Equatable, Sendable {
        /// The file's name without its folder (folders differ between machines, the file does not).
        public var file: String
        /// The first 16 hex digits of the SHA-256 of the file.
        public var sha256: String
        public init(file: String, sha256: String) { self.file = file; self.sha256 = sha256 }
    }

    public init(renderer: String = RenderEnvironment.rendererVersion, libraries: [Library], fonts: [Font]) {
        self.renderer = renderer; self.libraries = libraries; self.fonts = fonts
    }

    /// This environment with `other`'s fonts added: the fonts of a render whose frames were drawn in parts (shards,
    /// `--frames` runs), so that the parts together list what the whole render would.
    public func addingFonts(of other: RenderEnvironment) -> RenderEnvironment {
        var all = fonts
        for f in other.fonts where !all.contains(f) { all.append(f) }
        var e = self
        e.fonts = all.sorted { ($0.file, $0.sha256) < ($1.file, $1.sha256) }
        return e
    }

    /// How this environment differs from `golden`'s, one phrase each, e.g. ["cairo 1.16.0 → 1.18.0",
    /// "font Inter.ttc changed"]; empty when they are the same. Fonts are compared only where both used the file:
    /// a font only one side drew with is the scene's doing, not the environment's.
    public func differences(from golden: RenderEnvironment) -> [String] {
        var out: [String] = []
        if renderer != golden.renderer { out.append("\(golden.renderer) → \(renderer)") }
        let before = Dictionary(golden.libraries.map { ($0.name, $0.version) }, uniquingKeysWith: { a, _ in a })
        for lib in libraries where before[lib.name] != lib.version {
            out.append("\(lib.name) \(before[lib.name] ?? "absent") → \(lib.version)")
        }
        let goldenFonts = Dictionary(golden.fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { a, _ in a })
        for font in fonts {
            if let was = goldenFonts[font.file], was != font.sha256 { out.append("font \(font.file) changed") }
        }
        return out
    }
}
