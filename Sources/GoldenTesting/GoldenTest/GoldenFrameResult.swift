import Formats
import Frames
import Raster
import RenderKit

/// The verdict on one frame (one file name) of a comparison.
public struct GoldenFrameResult: Sendable {
    /// File name, e.g. `frame_00012.png` (for a pair of files: the actual file's name).
    public var name: String
    /// Never `noGolden`: a frame without a golden is `extra` (with `noGolden` true in `render test`).
    public var status: GoldenStatus
    /// Pixels counted as different (pixelmatch's return value).
    public var differingPixels = 0
    /// Over-threshold pixels taken for antialiasing (not counted unless `includeAA`).
    public var antialiasedPixels = 0
    /// width × height, 0 when unknown.
    public var totalPixels = 0
    /// Pixel sizes (width, height) of each side, when read.
    public var actualSize: (Int, Int)?
    public var expectedSize: (Int, Int)?
    /// Paths of the inputs (nil when absent).
    public var actualPath: String?
    public var expectedPath: String?
    /// The diff image written for a frame with over-threshold pixels (red counted, yellow antialiasing, the rest the
    /// expected frame in faded grey), when the comparison was given a folder for them.
    public var diffPath: String?
    /// Seconds spent on this frame: reading and decoding both files, comparing, writing the diff image.
    public var seconds = 0.0
    /// Of which comparing the pixels (`ImageDiff`, diff image included).
    public var compareSeconds = 0.0

    /// `render test`: passed without being drawn or decoded, its display list and environment the same as its
    /// golden's.
    public var sameDisplayList = false
    /// `render test`, an `extra` frame: it has no golden and the record mode (`never`) did not record one.
    public var noGolden = false
    /// `render test`, a drawn frame: its `DisplayListDigest`, pixel hash and text faces, for the golden manifest.
    var displayListHash: String?
    var pixelHash: String?
    var faces: Set<FontFace> = []

    public init(name: String, status: GoldenStatus) { self.name = name; self.status = status }

    /// Whether this frame makes the comparison fail.
    public var failed: Bool { status.failed }

    /// `differingPixels / totalPixels`.
    public var ratio: Double { totalPixels > 0 ? Double(differingPixels) / Double(totalPixels) : 0 }

    /// One human sentence, e.g. "1,204 pixels differ (0.058 %)".
    public var message: String {
        switch status {
        case .same:
            if sameDisplayList { return "same display list (not drawn)" }
            return differingPixels == 0 ? "same" : counted(differingPixels, "pixel") + " differ" + (differingPixels == 1 ? "s" : "") + ", within the allowance"
        case .different:
            return counted(differingPixels, "pixel") + " differ" + (differingPixels == 1 ? "s" : "") + " (" + percent(ratio) + ")"
                + (antialiasedPixels > 0 ? ", \(antialiasedPixels) more look like antialiasing" : "")
        case .sizeMismatch:
            let a = actualSize.map { "\($0.0)×\($0.1)" } ?? "?", e = expectedSize.map { "\($0.0)×\($0.1)" } ?? "?"
            return "size differs: actual \(a) px, expected \(e) px"
        case .missing: return "missing: no actual frame for the expected one"
        case .extra, .noGolden: return noGolden ? "no golden: not recorded (record mode never)" : "extra: no expected frame for this one"
        case .recorded: return "recorded as a new golden"
        case .updated: return "golden updated"
        }
    }
}

/// A fraction as a percentage with 3 decimals, e.g. "0.058 %".
func percent(_ x: Double) -> String {
    let scaled = (x * 100_000).rounded() / 1000
    return "\(scaled) %"
}
