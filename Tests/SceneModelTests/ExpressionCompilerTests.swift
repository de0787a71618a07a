import Geometry
import SceneModel
import XCTest

/// `ExpressionCompiler` is the scene model's own way from expression text to an `ExprRef`, for any front end: built
/// from the declarations alone (no JSON), it lays out the value vector as `ExpressionSlots` says and reports a problem
/// by its offset in the text, for the front end to place in its own file.
final class ExpressionCompilerTests: XCTestCase {
    let state = [StateVariable(name: "progress", initial: .number(0.25)), StateVariable(name: "dark", initial: .bool(false)),
                 StateVariable(name: "count", initial: .number(3))]
    let colors = Color.named.merging(["accent": Color(r: 1, g: 0, b: 0, a: 1)]) { a, _ in a }

    /// A value vector with every slot the scope can read: state, `t`, gesture variables, loop variables, presented
    /// values, geometry.
    func values(state: [Value], t: Double, loop0: Double = 0, presented: [Double] = [], geometry: (Double, Double) = (0, 0)) -> [Value] {
        let n = state.count
        var v = [Value](repeating: .number(0), count: ExpressionSlots.geometry(stateCount: n) + 2)
        for (i, s) in state.enumerated() { v[i] = s }
        v[ExpressionSlots.time(stateCount: n)] = .number(t)
        v[ExpressionSlots.loop(stateCount: n, depth: 0)] = .number(loop0)
        for (i, p) in presented.enumerated() { v[ExpressionSlots.presented(stateCount: n, index: i)] = .number(p) }
        v[ExpressionSlots.geometry(stateCount: n)] = .number(geometry.0)
        v[ExpressionSlots.geometry(stateCount: n) + 1] = .number(geometry.1)
        return v
    }

    func testCompilesAgainstTheDeclarationsAndKeepsItsPlace() throws {
        let compiler = ExpressionCompiler(state: state, colors: colors)
        let at = SourceLocation(line: 12, column: 7, file: "View.swift")
        let e = try compiler.compile("dark ? 0 : progress * 300 + t", path: "body.frame.width", location: at,
                                     scope: ExpressionScope(), expecting: .number)
        XCTAssertEqual(e.location, at)
        XCTAssertEqual(e.path, "body.frame.width")
        // 0.25 · 300 + 2 = 77; with dark, 0.
        XCTAssertEqual(e.evaluate(values(state: [.number(0.25), .bool(false), .number(3)], t: 2)), .number(77))
        XCTAssertEqual(e.evaluate(values(state: [.number(0.25), .bool(true), .number(3)], t: 2)), .number(0))
    }

    func testScopeAddsLoopPresentedAndGeometryVariables() throws {
        let compiler = ExpressionCompiler(state: state, colors: colors)
        var scope = ExpressionScope()
        scope.loopVariables = ["i"]
        scope.presented = true
        scope.geometry = true
        let e = try compiler.compile("i * 10 + presented.count + geometry.width", path: "p", location: SourceLocation(line: 1, column: 1),
                                     scope: scope, expecting: .number)
        // presented.count is state slot 2 (the third variable): 4 · 10 + 2.5 + 100.
        let v = values(state: [.number(0), .bool(false), .number(3)], t: 0, loop0: 4, presented: [0, 0, 2.5], geometry: (100, 50))
        XCTAssertEqual(e.evaluate(v), .number(142.5))
        // Outside such a scope the same names are unknown.
        XCTAssertThrowsError(try compiler.compile("geometry.width", path: "p", location: SourceLocation(line: 1, column: 1),
                                                  scope: ExpressionScope(), expecting: .number))
    }

    func testAProblemIsPlacedByItsOffsetInTheText() {
        let compiler = ExpressionCompiler(state: state, colors: colors)
        do {
            _ = try compiler.compile("progress + progres", path: "p", location: SourceLocation(line: 1, column: 1),
                                     scope: ExpressionScope(), expecting: .number)
            XCTFail("an unknown name compiled")
        } catch {
            XCTAssertEqual(error.offset, 11)
            XCTAssertTrue(error.message.contains("progress"), error.message)
        }
        // A colour where a number is needed: the type is checked against the place.
        XCTAssertThrowsError(try compiler.compile("accent", path: "p", location: SourceLocation(line: 1, column: 1),
                                                  scope: ExpressionScope(), expecting: .number))
    }
}
