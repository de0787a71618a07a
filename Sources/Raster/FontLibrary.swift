import CCairo
import Foundation
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
        // A folder under the temporary directory is the last cache directory, so fontconfig always
        // has one it can write (it complains on stderr otherwise, e.g. with a read-only home).
        // The system's font caches are read (and the user's written when stale), so that
        // loading does not rescan the font files; only the listed directories are used.
        let dirs = Self.fontDirectories.map { "<dir>\($0)</dir>" }.joined()
        let xml = """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>\(dirs)<cachedir>/var/cache/fontconfig</cachedir>\
            <cachedir prefix="xdg">fontconfig</cachedir>\
            <cachedir>\(NSTemporaryDirectory())render-fontconfig</cachedir></fontconfig>
            """
        var cfg: OpaquePointer? = FcConfigCreate()
        if let c = cfg {
            let loaded = FcConfigParseAndLoadFromMemory(c, xml, 1) != 0 && FcConfigBuildFonts(c) != 0
            let families = loaded ? FcConfigGetFonts(c, FcSetSystem)?.pointee.nfont ?? 0 : 0
            if families == 0 {
                // None of the project's fonts is installed: the system configuration beats no fonts.
                FcConfigDestroy(c)
                cfg = FcInitLoadConfigAndFonts()
            }
        }
        config = cfg
    }
}
