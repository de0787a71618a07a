import Geometry
import XCTest
@testable import SceneModel

/// `rotation3D` (scene-format §3 item 9): defaults, expressions, and errors with their JSON path.
final class LoaderRotation3DTests: XCTestCase {
    typealias S = LoaderTestSupport

    private func error(_ body: String) -> String {
        do { _ = try S.load(S.scene(body: body)); return "" } catch { return "\(error)" }
    }

    func testDefaultsAreCentreNoDepthAndPerspectiveOne() throws {
        let s = try S.load(S.scene(body: #"{"type": "rect", "rotation3D": {"angle": 30, "axis": [0, 1, 0]}}"#))
        let r = try XCTUnwrap(s.body.modifiers.rotation3D)
        XCTAssertEqual(r.angle.literal, 30)
        XCTAssertEqual([r.axis.x.literal, r.axis.y.literal, r.axis.z.literal], [0, 1, 0])
        XCTAssertEqual(r.anchor.literal, [0.5, 0.5])
        XCTAssertEqual(r.anchorZ.literal, 0)
        XCTAssertEqual(r.perspective.literal, 1)
    }

    func testEveryNumberMayBeAnExpression() throws {
        let body = #"{"type": "rect", "rotation3D": {"angle": "=t * 90", "axis": [0, "=t", 1], "anchor": [0, "=t"], "anchorZ": "=t", "perspective": "=1 - t"}}"#
        let r = try XCTUnwrap(try S.load(S.scene(body: body)).body.modifiers.rotation3D)
        XCTAssertNotNil(r.angle.expr)
        XCTAssertNotNil(r.axis.y.expr)
        XCTAssertEqual(r.axis.z.literal, 1)
        XCTAssertNotNil(r.anchor.y.expr)
        XCTAssertNotNil(r.anchorZ.expr)
        XCTAssertNotNil(r.perspective.expr)
    }

    func testZeroAxisIsASceneErrorAtTheAxis() {
        let e = error(#"{"type": "zstack", "children": [{"type": "rect", "rotation3D": {"angle": 30, "axis": [0, 0, 0]}}]}"#)
        XCTAssertTrue(e.contains("body.children[0].rotation3D.axis"), e)
        XCTAssertTrue(e.contains("no direction"), e)
    }

    func testWrongTypesAreErrorsWithTheirPath() {
        let cases: [(String, String, String)] = [
            (#"{"angle": "ninety", "axis": [0, 1, 0]}"#, "body.rotation3D.angle", "expected a number"),
            (#"{"angle": 30, "axis": [0, 1]}"#, "body.rotation3D.axis", "expected an axis [x, y, z], found a list of 2"),
            (#"{"angle": 30, "axis": "y"}"#, "body.rotation3D.axis", "expected an axis [x, y, z], found a string"),
            (#"{"angle": 30, "axis": [0, true, 0]}"#, "body.rotation3D.axis[1]", "expected a number"),
            (#"{"axis": [0, 1, 0]}"#, "body.rotation3D", "angle"),
            (#"{"angle": 30}"#, "body.rotation3D", "axis"),
            (#"{"angle": 30, "axis": [0, 1, 0], "anchor": "middle"}"#, "body.rotation3D.anchor", "unknown unit point"),
            (#"{"angle": 30, "axis": [0, 1, 0], "perspectiv": 1}"#, "body.rotation3D", "perspectiv"),
            (#"30"#, "body.rotation3D", "expected {angle, axis"),
        ]
        for (value, path, message) in cases {
            let e = error(#"{"type": "rect", "rotation3D": "# + value + "}")
            XCTAssertTrue(e.contains(path), "\(value): \(e)")
            XCTAssertTrue(e.contains(message), "\(value): \(e)")
        }
    }
}
