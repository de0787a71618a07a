import Geometry
import XCTest
@testable import SceneModel

/// `shadowMode` and `compositingGroup` (scene-format §3 item 8, §4): defaults, values, errors.
final class LoaderShadowModeTests: XCTestCase {
    typealias S = LoaderTestSupport

    func testDefaultsAreChainedAndNotAGroup() throws {
        let s = try S.load(S.scene(body: #"{"type": "zstack", "children": [{"type": "rect", "shadows": [{"radius": 4}]}]}"#))
        XCTAssertEqual(s.body.modifiers.shadowMode, .chained, "SwiftUI's chained shadows are the default")
        XCTAssertFalse(s.body.modifiers.compositingGroup)
        XCTAssertEqual(s.body.childViews.first?.modifiers.shadowMode, .chained)
    }

    func testValuesAreRead() throws {
        let body = #"{"type": "zstack", "compositingGroup": true, "children": [{"type": "rect", "shadowMode": "independent"}]}"#
        let s = try S.load(S.scene(body: body))
        XCTAssertTrue(s.body.modifiers.compositingGroup)
        XCTAssertEqual(s.body.childViews.first?.modifiers.shadowMode, .independent)
    }

    func testWrongValuesAreSceneErrorsWithTheirPath() {
        func error(_ body: String) -> String {
            do { _ = try S.load(S.scene(body: body)); return "" } catch { return "\(error)" }
        }
        let mode = error(#"{"type": "rect", "shadowMode": "independant"}"#)
        XCTAssertTrue(mode.contains("body.shadowMode"), mode)
        XCTAssertTrue(mode.contains("did you mean \"independent\""), mode)
        let group = error(#"{"type": "zstack", "compositingGroup": "yes", "children": []}"#)
        XCTAssertTrue(group.contains("body.compositingGroup"), group)
        XCTAssertTrue(group.contains("expected true or false"), group)
    }
}
