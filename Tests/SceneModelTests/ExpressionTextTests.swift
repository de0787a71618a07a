import XCTest
@testable import SceneModel

final class ExpressionTextTests: XCTestCase {
    func testSceneStringsAndConditions() throws {
        XCTAssertTrue(Expr.isExpression("=progress * 300"))
        XCTAssertFalse(Expr.isExpression("progress"))
        XCTAssertNil(try Expr.parseValue("#FF0000"))
        XCTAssertNotNil(try Expr.parseValue("=1"))
        // With or without `=`, conditions parse to the same tree, offsets shifted by the `=`.
        let bare = try Expr.parse("stage == 0"), marked = try Expr.parse("=stage == 0")
        XCTAssertEqual(bare.offset, 0)
        XCTAssertEqual(marked.offset, 1)
        XCTAssertEqual(marked.length, bare.length)
        guard case .binary(.equal, let l, let r) = marked.kind else { return XCTFail("\(marked.kind)") }
        XCTAssertEqual(l.kind, .variable("stage"))
        XCTAssertEqual([l.offset, l.length, r.offset, r.length], [1, 5, 10, 1])
    }

    func testNodeOffsetsSpanParenthesesAndCalls() throws {
        let e = try Expr.parse("=  (a + b) * clamp(x, 0, 1)")
        guard case .binary(.multiply, let l, let r) = e.kind else { return XCTFail("\(e.kind)") }
        XCTAssertEqual([e.offset, e.length], [3, 24])
        XCTAssertEqual([l.offset, l.length], [3, 7])
        XCTAssertEqual([r.offset, r.length], [13, 14])
        // Offsets count Unicode scalars: the é before the error is one scalar, not two UTF-8 bytes.
        do { _ = try Expr.parse("'é' + #"); XCTFail() } catch { XCTAssertEqual(error.offset, 6) }
    }

    func testDottedNamesAndDependencies() throws {
        let e = try Expr.parse("gesture.velocity.y + progress * gesture.velocity.y + t")
        XCTAssertEqual(e.variableNames, ["gesture.velocity.y", "progress", "t"])
        XCTAssertEqual(try Expr.parse("max(true ? a : b, 1)").variableNames, ["a", "b"])
    }

    func testInterpolation() {
        XCTAssertEqual(StringTemplate.interpolate("card{i}", ["i": .number(3)]), "card3")
        XCTAssertEqual(StringTemplate.interpolate("{i}-{j}-{i}", ["i": .number(1), "j": .number(2.5)]), "1-2.5-1")
        // Braces that do not name a loop variable stay as written.
        XCTAssertEqual(StringTemplate.interpolate("{x} {i} {", ["i": .number(0)]), "{x} 0 {")
        XCTAssertEqual(StringTemplate.interpolate("{{i}}", ["i": .number(7)]), "{7}")
        let template = StringTemplate("card{i}", variables: ["i"])
        XCTAssertTrue(template.hasPlaceholders)
        XCTAssertEqual(template.parts, [.text("card"), .variable("i")])
        XCTAssertFalse(StringTemplate("plain", variables: ["i"]).hasPlaceholders)
    }

    func testValueText() {
        XCTAssertEqual(Value.number(3).text, "3")
        XCTAssertEqual(Value.number(-0.0).text, "0")
        XCTAssertEqual(Value.number(0.1).text, "0.1")
        XCTAssertEqual(Value.number(1e300).text, "1e+300")
        XCTAssertEqual(Value.string("a").description, "'a'")
        XCTAssertTrue(Value.list([.number(1), .string("x")]).isFinite)
        XCTAssertFalse(Value.list([.number(.nan)]).isFinite)
    }
}
