import Formats
import Frames
import Geometry
import ImageIO

/// How an image differs from its golden, as pixelmatch counts (`ImageDiff`): the difference of the frame goldens
/// (`FrameGolden`), and the one comparison `render diff` makes of two files (`GoldenComparison`).
public struct PixelDifference: GoldenDifference {
    /// `same` (possibly with counted pixels, within the allowance), `different` or `sizeMismatch`.
    public var status: GoldenStatus = .same
    /// Pixels counted as different (pixelmatch's return value).
    public var differingPixels = 0
    /// Over-threshold pixels taken for antialiasing (not counted unless `includeAA`).
    public var antialiasedPixels = 0
    /// width × height; 0 when the sizes differ.
    public var totalPixels = 0
    /// Pixel sizes (width, height) of each side.
    public var actualSize: (Int, Int)
    public var expectedSize: (Int, Int)
    /// Seconds spent comparing the pixels, the diff image included.
    public var compareSeconds = 0.0
    /// Red counted pixels, yellow antialiasing, the rest the picture `GoldenOptions.background` names in faded grey;
    /// nil when no pixel is over the threshold (or none was asked for).
    public var diffImage: RGBAImage?

    public init(actualSize: (Int, Int), expectedSize: (Int, Int)) {
        self.actualSize = actualSize; self.expectedSize = expectedSize
    }

    /// The counts without the diff image: what a result keeps once the image is written (or not wanted), so that a
    /// long run does not hold every frame's.
    public var withoutImage: PixelDifference {
        var d = self
        d.diffImage = nil
        return d
    }

    /// `differingPixels / totalPixels`.
    public var ratio: Double { totalPixels > 0 ? Double(differingPixels) / Double(totalPixels) : 0 }

    /// The comparison in a sentence, e.g. "1,204 pixels differ (0.058 %)".
    public var words: String {
        let differ = counted(differingPixels, "pixel") + " differ" + (differingPixels == 1 ? "s" : "")
        switch status {
        case .sizeMismatch:
            return "size differs: actual \(actualSize.0)×\(actualSize.1) px, expected \(expectedSize.0)×\(expectedSize.1) px"
        case .different:
            return differ + " (" + percent(ratio) + ")" + (antialiasedPixels > 0 ? ", \(antialiasedPixels) more look like antialiasing" : "")
        default:
            return differingPixels == 0 ? "same" : differ + ", within the allowance"
        }
    }

    public var findings: [String] { status.failed ? [words] : [] }

    /// The diff image, as `diff/NAME` in the report folder.
    public func evidence(for name: String) throws(GoldenTest.Failure) -> [GoldenEvidence] {
        guard let diffImage else { return [] }
        do { return [GoldenEvidence(path: "diff/" + name, bytes: try PNGEncoder(compression: .fast).encode(diffImage))] } catch {
            throw .input("cannot encode the diff image of \(name): \(error)")
        }
    }
}
