import Frames
import RenderKit
import Snapshot

/// A colour of the diff image's marks (pixelmatch's `diffColor` and `aaColor`).
public typealias DiffMarkColour = ImageDiff.MarkColour

/// How two renders are compared: pixelmatch's per-pixel test, then a per-frame allowance.
public struct GoldenOptions: Sendable {
    /// YIQ sensitivity 0…1 (pixelmatch's `threshold`, default 0.1).
    public var threshold: Double = 0.1
    /// Count antialiasing-like pixels too (pixelmatch's `includeAA`).
    public var includeAA = false
    /// A frame passes with at most this many counted pixels…
    public var maxDiffPixels = 0
    /// …or with at most this fraction (0…1) of its pixels counted: the larger allowance wins, as in Playwright.
    public var maxDiffRatio = 0.0
    /// Threads comparing frames.
    public var jobs = 1

    // MARK: - The diff image (pixelmatch's options of the same names)

    /// Opacity 0…1 of the grey picture under the marks (pixelmatch's `alpha`, default 0.1).
    public var alpha = 0.1
    /// Colour of counted pixels (default red) and of antialiasing-like ones (default yellow).
    public var diffColor = ImageDiff.MarkColour(r: 255, g: 0, b: 0)
    public var aaColor = ImageDiff.MarkColour(r: 255, g: 255, b: 0)
    /// Only the counted pixels, on transparency.
    public var diffMask = false
    /// Which image the grey picture is drawn from. pixelmatch draws its first image: `render diff` passes its first
    /// argument (ACTUAL) first, as `pixelmatch actual.png expected.png diff.png` would; `render test` draws the golden.
    public var background = Side.actual

    /// One of the two images compared.
    public enum Side: String, Sendable { case actual, expected }

    public init() {}

    /// pixelmatch's defaults (threshold 0.1, antialiasing not counted): `render diff`'s, for renders that may come
    /// from different renderers or machines.
    public static var pixelmatch: GoldenOptions { GoldenOptions() }

    /// Every changed pixel counts (threshold 0, antialiasing included): `render test`'s, for goldens this renderer
    /// recorded on the same machine image, where the same scene gives the same bytes.
    public static var exact: GoldenOptions {
        var o = GoldenOptions()
        o.threshold = 0
        o.includeAA = true
        o.background = .expected
        return o
    }

    /// Whether `differing` counted pixels out of `total` are within the allowance.
    public func passes(differing: Int, total: Int) -> Bool {
        differing <= maxDiffPixels || Double(differing) <= maxDiffRatio * Double(total)
    }
}
