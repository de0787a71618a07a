import XCTest
@testable import Formats

/// A motion series rounds its values to its step by division (fast) and must give the Double that printing to the
/// step's decimals and reading back gives, as motion goldens were written that way: against hand-written values, and
/// against the printing path on values of every magnitude and sign.
final class MotionSeriesRoundingTests: XCTestCase {
    func testHandWorkedValues() {
        let cases: [(Double, Double, String)] = [(12.3454, 0.001, "12.345"), (12.3456, 0.001, "12.346"),
                                                 (0.30000000000000004, 0.001, "0.3"), (-0.0004, 0.001, "0.0"),
                                                 (0.99996, 0.0001, "1.0"), (0.12344, 0.0001, "0.1234"),
                                                 (-273.15, 0.001, "-273.15"), (1e12 + 0.25, 0.001, "1000000000000.25")]
        for (x, step, text) in cases {
            XCTAssertEqual("\(MotionSeries.rounded(x, step: step))", text, "\(x) to \(step)")
        }
        XCTAssertEqual(MotionSeries.rounded(-0.0001, step: 0.001).sign, .plus, "never -0")
    }

    func testDivisionAgreesWithPrintingAtEveryMagnitude() {
        var generator = SystemRandomNumberGenerator()
        for step in [0.001, 0.0001] {
            for exponent in -6...13 {
                for _ in 0..<400 {
                    let x = Double.random(in: -1...1, using: &generator) * pow(10, Double(exponent))
                    let fast = MotionSeries.rounded(x, step: step), printed = MotionSeries.roundedByPrinting(x, step: step)
                    XCTAssertEqual(fast.bitPattern, printed.bitPattern, "\(x) to \(step): \(fast) against \(printed)")
                }
            }
            // Halfway cases and the boundary of the division path.
            for n in [0.5, 1.5, 2.5, 999_999_999.0, 1_000_000_000.0, -999_999_999.5] {
                let x = n * step
                XCTAssertEqual(MotionSeries.rounded(x, step: step).bitPattern, MotionSeries.roundedByPrinting(x, step: step).bitPattern, "\(x)")
            }
        }
    }
}
