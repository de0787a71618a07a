import CCairo
import DisplayList

/// The fonts text is drawn with: a private fontconfig configuration holding only the
/// project's font directories, so that text renders the same on every machine with the
/// same setup, whatever else is installed. Fontconfig is thread-safe; Pango objects are not
/// (see `TextShaper`).
final class FontLibrary: @unchecked Sendable {
    static let shared = FontLibrary()

    /// Directories of the fonts installed by the project's setup (Debian packages
    /// fonts-inter, fonts-dejavu, fonts-quicksand).
    static let fontDirectories = [
        "/usr/share/fonts/opentype/inter",
        "/usr/share/fonts/truetype/dejavu",
        "/usr/share/fonts/truetype/quicksand",
    ]

    /// The family drawn for each design. SF Rounded is not available on Linux; Quicksand
    /// (fonts-quicksand, weights 300…700) is the closest installable rounded sans serif.
    static func family(for design: TextStyle.Design) -> String {
        switch design {
        case .default: return "Inter"
        case .rounded: return "Quicksand"
        case .monospaced: return "DejaVu Sans Mono"
        case .serif: return "DejaVu Serif"
        }
    }

    /// The fontconfig configuration (an `FcConfig *`), nil when fontconfig fails entirely.
    let config: OpaquePointer?

    private init() {
        var cfg: OpaquePointer? = FcConfigCreate()
        var added = 0
        if let c = cfg {
            for dir in Self.fontDirectories where FcConfigAppFontAddDir(c, dir) != 0 { added += 1 }
        }
        if added == 0 {
            // None of the project's directories exists: use the system configuration rather than no fonts.
            if let c = cfg { FcConfigDestroy(c) }
            cfg = FcInitLoadConfigAndFonts()
        }
        config = cfg
    }
}
