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
    /// The comparison of the pixels, when both sides were read (nil for a frame recorded, passed undrawn, or
    /// without a golden or an actual).
    public var pixels: PixelDifference?
    /// Paths of the inputs (nil when absent).
    public var actualPath: String?
    public var expectedPath: String?
    /// The diff image written for a frame with over-threshold pixels (red counted, yellow antialiasing, the rest the
    /// expected frame in faded grey), when the comparison was given a folder for them.
    public var diffPath: String?
    /// Seconds spent on this frame: reading and decoding both files, comparing, writing the diff image.
    public var seconds = 0.0

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

    /// The counts of `pixels` (0 when there are none), for the reports.
    public var differingPixels: Int { pixels?.differingPixels ?? 0 }
    public var antialiasedPixels: Int { pixels?.antialiasedPixels ?? 0 }
    public var totalPixels: Int { pixels?.totalPixels ?? 0 }
    public var ratio: Double { pixels?.ratio ?? 0 }
    public var compareSeconds: Double { pixels?.compareSeconds ?? 0 }

    /// One human sentence, e.g. "1,204 pixels differ (0.058 %)".
    public var message: String {
        switch status {
        case .same where sameDisplayList: return "same display list (not drawn)"
        case .same, .different, .sizeMismatch: return pixels?.words ?? status.rawValue
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
