import Foundation
import XCTest
@testable import Motion

final class CubicBezierCurveTests: XCTestCase {
    static let curves: [CubicBezierCurve] = [
        .easeIn, .easeOut, .easeInOut, .caDefault, .linear,
        CubicBezierCurve(x1: 0.68, y1: -0.55, x2: 0.265, y2: 1.55),  // overshoots both ways
        CubicBezierCurve(x1: 1, y1: 0, x2: 0, y2: 1),  // dx/dt = 0 mid-way: Newton must fall back
        CubicBezierCurve(x1: 0, y1: 1, x2: 1, y2: 0),
    ]

    /// The curve sampled at 2²⁰ + 1 parameters: x is monotone, so y at a progress is read off by
    /// interpolating between the two samples around it.
    private struct DenseSamples {
        var xs: [Double] = []
        var ys: [Double] = []

        init(_ c: CubicBezierCurve) {
            let n = 1 << 20
            xs.reserveCapacity(n + 1)
            ys.reserveCapacity(n + 1)
            for i in 0...n {
                let t = Double(i) / Double(n), u = 1 - t
                xs.append(3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t)
                ys.append(3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t)
            }
        }

        /// Index i with xs[i] ≤ x ≤ xs[i + 1].
        func bracket(_ x: Double) -> Int {
            var lo = 0, hi = xs.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if xs[mid] <= x { lo = mid } else { hi = mid }
            }
            return lo
        }

        func y(at x: Double) -> Double {
            let i = bracket(x)
            let span = xs[i + 1] - xs[i]
            let f = span > 0 ? (x - xs[i]) / span : 0
            return ys[i] + f * (ys[i + 1] - ys[i])
        }

        /// Where x barely moves (a vertical tangent) many samples share one x to within rounding, and the
        /// curve's y there is only known to lie within their range: that range, or nil when x is resolved.
        func unresolvedRange(at x: Double) -> ClosedRange<Double>? {
            let i = bracket(x)
            var lo = i, hi = i + 1
            while lo > 0, xs[lo - 1] >= x - 1e-12 { lo -= 1 }
            while hi < xs.count - 1, xs[hi + 1] <= x + 1e-12 { hi += 1 }
            guard hi - lo > 2 else { return nil }
            let window = ys[lo...hi]
            return (window.min() ?? 0)...(window.max() ?? 0)
        }

        func slope(at x: Double) -> Double {
            let i = bracket(x)
            return (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i])
        }
    }

    func testValueAgreesWithDenseSampling() {
        for curve in Self.curves {
            let samples = DenseSamples(curve)
            for i in 0...1000 {
                let x = Double(i) / 1000
                if let range = samples.unresolvedRange(at: x) {
                    XCTAssertTrue(range.contains(curve.value(at: x)), "\(curve) at \(x)")
                } else {
                    XCTAssertEqual(curve.value(at: x), samples.y(at: x), accuracy: 1e-6, "\(curve) at \(x)")
                }
                let t = curve.parameter(forProgress: x)
                XCTAssertEqual(curve.point(atParameter: t).x, x, accuracy: 1e-9, "\(curve) solve at \(x)")
            }
        }
    }

    func testSlopeAgreesWithDenseSampling() {
        for curve in Self.curves where curve != CubicBezierCurve(x1: 1, y1: 0, x2: 0, y2: 1) {
            let samples = DenseSamples(curve)
            for i in 1..<100 {
                let x = Double(i) / 100
                let expected = samples.slope(at: x)
                XCTAssertEqual(curve.slope(at: x), expected, accuracy: 1e-4 * max(1, abs(expected)), "\(curve) at \(x)")
            }
        }
        // Where dx/dt vanishes at an end, the slope is the finite limit y''/x'' (L'Hôpital): easeOut at 0
        // has x'' = 6·0.58, y'' = 6.
        XCTAssertEqual(CubicBezierCurve.easeOut.slope(at: 0), 1 / 0.58, accuracy: 1e-5)
    }

    func testEndsAndClamping() {
        for curve in Self.curves {
            XCTAssertEqual(curve.value(at: 0), 0)
            XCTAssertEqual(curve.value(at: 1), 1)
            XCTAssertEqual(curve.value(at: -0.5), 0)
            XCTAssertEqual(curve.value(at: 1.5), 1)
        }
        // Control x outside 0…1 is clamped (CSS), keeping x monotone.
        let wild = CubicBezierCurve(x1: -1, y1: 0, x2: 2, y2: 1)
        XCTAssertEqual(wild.x1, 0)
        XCTAssertEqual(wild.x2, 1)
    }

    func testNamedCurvesAreCoreAnimations() {
        let expected: [(CubicBezierCurve, [Double])] = [
            (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]), (.easeInOut, [0.42, 0, 0.58, 1]),
            (.caDefault, [0.25, 0.1, 0.25, 1]), (.linear, [0, 0, 1, 1]),
        ]
        for (curve, points) in expected {
            XCTAssertEqual([curve.x1, curve.y1, curve.x2, curve.y2], points)
        }
        // easeInOut is point-symmetric about (0.5, 0.5); linear is the identity.
        for x in stride(from: 0.0, through: 1, by: 0.05) {
            XCTAssertEqual(CubicBezierCurve.easeInOut.value(at: x) + CubicBezierCurve.easeInOut.value(at: 1 - x), 1,
                           accuracy: 1e-9)
            XCTAssertEqual(CubicBezierCurve.linear.value(at: x), x, accuracy: 1e-9)
        }
    }
}
