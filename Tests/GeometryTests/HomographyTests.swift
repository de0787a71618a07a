import Geometry
import XCTest

/// The projective map type and the rotation3D formula's guards.
final class HomographyTests: XCTestCase {
    func testInverseUndoesTheMapAndSingularHasNone() throws {
        let h = try XCTUnwrap(Homography(rows: [0.8, 0.1, 0.002, -0.2, 1.1, -0.001, 30, -12, 1.2]))
        let back = try XCTUnwrap(h.inverted)
        for p in [Point(0, 0), Point(120, -40), Point(33.5, 77.25)] {
            let q = try XCTUnwrap(h.apply(p))
            let r = try XCTUnwrap(back.apply(q), "W stays positive going back")
            XCTAssertEqual(r.x, p.x, accuracy: 1e-9); XCTAssertEqual(r.y, p.y, accuracy: 1e-9)
        }
        XCTAssertNil(Homography(rows: [1, 2, 0, 2, 4, 0, 5, 6, 1])?.inverted, "rows 1 and 2 are parallel")
        XCTAssertNil(Homography(rows: [1, 0, -0.01, 0, 1, 0, 0, 0, 1])?.apply(Point(200, 0)), "W = −1: behind the eye")
        XCTAssertNil(Homography(rows: [1, 0, -0.01, 0, 1, 0, 0, 0, 1])?.apply(Point(100, 0)), "W = 0: no division")
    }

    func testZeroAxisAndNonFiniteValuesMakeNoMap() {
        XCTAssertNil(Rotation3D(angle: 30, axis: (0, 0, 0)).homography(width: 10, height: 10))
        XCTAssertNil(Rotation3D(angle: .nan, axis: (0, 1, 0)).homography(width: 10, height: 10))
        XCTAssertNotNil(Rotation3D(angle: 30, axis: (0, 1, 0)).homography(width: 0, height: 0), "a view of no size still has a map")
        // Tiny and huge axes are directions like any other: the same map as the unit axis.
        let unit = Rotation3D(angle: 30, axis: (0, 1, 0)).homography(width: 10, height: 8)
        XCTAssertEqual(Rotation3D(angle: 30, axis: (0, 1e-300, 0)).homography(width: 10, height: 8), unit)
        XCTAssertEqual(Rotation3D(angle: 30, axis: (0, 1e300, 0)).homography(width: 10, height: 8), unit)
    }
}
