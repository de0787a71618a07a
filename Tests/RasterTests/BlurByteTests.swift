import XCTest
@testable import Raster

/// `GaussianBlur.byte`, the vectorisable float → byte conversion of the blur's read-back, against the
/// checked conversion it replaces, Int32(max(0, min(255, v))), on every float near each byte boundary and a sweep.
final class BlurByteTests: XCTestCase {
    func testByteTruncatesLikeTheCheckedConversion() {
        var values: [Float] = [-1e30, -256, -1, -0.0, 0, 255, 255.5, 256, 300, 1e30]
        for n in 0...256 {
            // The neighbours of each integer and half-integer: where rounding and truncation part.
            for base in [Float(n), Float(n) + 0.5] {
                var lo = base, hi = base
                for _ in 0..<8 { lo = lo.nextDown; hi = hi.nextUp; values += [lo, hi] }
                values.append(base)
            }
        }
        for i in 0..<100_000 { values.append(Float(i) * 0.002611 - 5) }
        for v in values {
            XCTAssertEqual(GaussianBlur.byte(v), UInt8(truncatingIfNeeded: Int32(max(0, min(255, v)))), "v = \(v)")
        }
    }
}
