/// How hard the PNG encoder's deflate stage works. Levels are libdeflate's (1…12; zlib's scale is 1…9).
///
/// Chosen by measurement (before bands, RGB and per-band filters: see `PNGEncoder` for those) on a realistic
/// 1170×2532 RGBA frame (dark background, wide violet glow, white antialiased text strokes), adaptive row filters (≈10 ms of each total), release build, one core of the shared 2-core machine.
/// libpng's default — zlib level 6 with all filters, which is what Skia's default PNG encoder does — wrote
/// 484,632 bytes in 360–490 ms. libdeflate, total encode time and size relative to libpng:
///
/// | level | bytes   | × libpng | ms  |
/// |-------|---------|----------|-----|
/// | 1     | 691,398 | 1.43     | 41  |
/// | 3     | 635,322 | 1.31     | 40  |
/// | 4     | 584,523 | 1.21     | 46  |  ← `fast`
/// | 5     | 574,204 | 1.18     | 51  |
/// | 6     | 525,865 | 1.09     | 75  |  ← `default`
/// | 7     | 468,835 | 0.97     | 136 |
/// | 8     | 404,485 | 0.83     | 359 |  ← `small`
/// | 9     | 376,222 | 0.78     | 573 |
/// | 12    | 286,360 | 0.59     | ≈5000 |
///
/// Levels 1–3 are barely faster than 4 but exceed the 1.25× size budget against Skia, so `fast` is 4.
/// Level 8 is still no slower than libpng's default while 17 % smaller; 9 and up cost far more time than they save.
public enum PNGCompression: Sendable, Hashable, CaseIterable {
    /// Fastest within the size budget (≈1.2× libpng's default size); for previews and scratch renders.
    case fast
    /// The balance used for frames: a little larger than libpng's default at about a fifth of its time.
    case `default`
    /// Smaller than libpng's default (≈0.83×) at about its speed; for files that are kept or shipped.
    case small

    /// The libdeflate compression level for this case.
    public var level: Int32 {
        switch self {
        case .fast: return 4
        case .default: return 6
        case .small: return 8
        }
    }
}
