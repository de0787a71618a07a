import Formats
import Geometry
import ImageIO

/// The frame goldens as a `GoldenStrategy`: a frame's pixels, kept as a PNG file (`frame_NNNNN.png`), compared the
/// way pixelmatch counts (`GoldenComparison.difference`) with the diff image as evidence.
struct FrameGolden: GoldenStrategy {
    /// The comparison's options (threshold, allowance, diff colours), one thread per frame: frames are compared side
    /// by side on the pump's threads.
    let comparison: GoldenComparison

    func encode(_ image: RGBAImage) throws(GoldenTest.Failure) -> [UInt8] {
        do { return try PNGEncoder().encode(image) } catch { throw .input("cannot encode a frame as PNG: \(error)") }
    }

    func decode(_ bytes: [UInt8], path: String) throws(GoldenTest.Failure) -> RGBAImage {
        do { return try PNGDecoder().decode(bytes) } catch { throw .input("\(path): \(error)") }
    }

    func compare(golden: RGBAImage, actual: RGBAImage) throws(GoldenTest.Failure) -> PixelDifference {
        do { return try comparison.difference(actual, golden, diffImage: true) } catch { throw .input("\(error)") }
    }

    /// Pixels are compared as drawn: encoding every frame to PNG would cost more than comparing it.
    var comparesAsWritten: Bool { false }
}
