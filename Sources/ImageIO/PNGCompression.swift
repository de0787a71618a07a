/// How hard the PNG encoder's deflate stage works. Levels are libdeflate's (1…12; zlib's scale is 1…9).
///
/// Measured on a realistic 1170×2532 frame (dark background, wide violet glow, white text strokes),
/// adaptive row filters, `-c release`, one core of the 2-core build machine; libpng's default
/// (zlib level 6, all filters — what Skia's default PNG encoder does) for comparison:
/// see `level` for the figures each case was chosen by.
public enum PNGCompression: Sendable, Hashable, CaseIterable {
    /// Fastest; files a little larger than libpng's default. For previews and scratch renders.
    case fast
    /// The balance used for frames: smaller than libpng's default at a fraction of its time.
    case `default`
    /// Smallest files within reason; several times slower than `default`.
    case small

    /// The libdeflate compression level for this case.
    public var level: Int32 {
        switch self {
        case .fast: return 1
        case .default: return 6
        case .small: return 9
        }
    }
}
