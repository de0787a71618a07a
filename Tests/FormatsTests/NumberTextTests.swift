import XCTest
import Formats

/// The number notations, against hand-written expectations.
final class NumberTextTests: XCTestCase {
    func testShortest() {
        let cases: [(Double, String)] = [(60, "60"), (0.5, "0.5"), (-0.0, "0"), (0.1, "0.1"), (1e-7, "1e-07"),
                                         (999_999_999_999_999, "999999999999999"), (1e15, "1000000000000000.0"), (1e16, "1e+16"), (-2.5, "-2.5"),
                                         (.nan, "null"), (-.infinity, "null")]
        for (x, text) in cases { XCTAssertEqual(NumberText.shortest(x), text, "\(x)") }
    }

    func testMicrosecondsTrimsTheBinaryNoise() {
        let cases: [(Double, String)] = [(0.1 + 0.2, "0.3"), (2.105, "2.105"), (0, "0"), (3, "3"), (-0.5, "-0.5"),
                                         (0.000_000_4, "0"), (0.000_001, "0.000001"), (1.000_000_6, "1.000001"),
                                         (1e12, "1000000000000"), (1e13 + 0.5, "10000000000000.5")]
        for (x, text) in cases { XCTAssertEqual(NumberText.microseconds(x), text, "\(x)") }
    }

    func testFourDecimals() {
        let cases: [(Double, String)] = [(0.123456, "0.1235"), (0.5, "0.5"), (-0.00001, "0"), (-0.5, "-0.5"), (2, "2"),
                                         (1e15, "1000000000000000"), (1e20, "100000000000000000000"),
                                         (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")]
        for (x, text) in cases { XCTAssertEqual(NumberText.fourDecimals(x), text, "\(x)") }
    }

    func testFourDecimalsReadsBackToItself() {
        // A merge decodes the manifest's --set numbers and writes them again: the text must not move.
        for x in [0.1235, 1000000000000000, 100000000000000000000, -0.5, 12345.6789] {
            let text = NumberText.fourDecimals(x)
            XCTAssertEqual(NumberText.fourDecimals(Double(text)!), text)
        }
    }
}
