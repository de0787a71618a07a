import Geometry
import XCTest
@testable import SceneModel

/// Paints (§3.6), repetition (§3.5) and expressions bound to the scene's variables.
final class LoaderPaintAndRepetitionTests: XCTestCase {
    typealias S = LoaderTestSupport

    private func fill(_ paint: String, state: String = "{}") throws -> PaintSpec {
        let s = try S.load(S.scene(body: "{\"type\": \"rect\", \"fill\": \(paint)}", extra: "\"state\": \(state)"))
        guard case .shape(.rect, let shape) = s.body.kind, let f = shape.fill else { throw S.LoadFailure(description: "no fill") }
        return f
    }

    func testLinearGradientWithEvenStopsAndDefaultEnds() throws {
        guard case .linear(let stops, let start, let end) = try fill(##"{"linear": {"stops": ["red", "#00FF00", "blue"]}}"##) else {
            return XCTFail("expected a linear gradient")
        }
        XCTAssertEqual(stops.count, 3)
        XCTAssertTrue(stops.allSatisfy { $0.location == nil }, "plain colours are evenly spaced")
        XCTAssertEqual(stops[1].color.literal?.bytes, [0, 255, 0, 255])
        XCTAssertEqual(start.literal, [0, 0.5])
        XCTAssertEqual(end.literal, [1, 0.5])
    }

    func testLinearGradientWithExplicitStopsAndNamedEnds() throws {
        let paint = #"{"linear": {"stops": [{"color": "white", "at": 0.2}, {"color": "clear", "at": 0.9}], "start": "top", "end": "bottomTrailing"}}"#
        guard case .linear(let stops, let start, let end) = try fill(paint) else { return XCTFail() }
        XCTAssertEqual(stops.map { $0.location?.literal }, [0.2, 0.9])
        XCTAssertEqual(stops[1].color.literal, .clear)
        XCTAssertEqual(start.literal, [0.5, 0])
        XCTAssertEqual(end.literal, [1, 1])
    }

    func testRadialAndAngularDefaults() throws {
        guard case .radial(let stops, let center, let r0, let r1) = try fill(#"{"radial": {"stops": ["white", "black"]}}"#) else { return XCTFail() }
        XCTAssertEqual(stops.count, 2)
        XCTAssertEqual(center.literal, [0.5, 0.5])
        XCTAssertEqual(r0.literal, 0)
        XCTAssertEqual(r1.literal, 100)
        guard case .radial(_, let c2, let a, let b) = try fill(#"{"radial": {"stops": ["white", "black"], "center": [0.25, 0.75], "startRadius": 5, "endRadius": 40}}"#) else { return XCTFail() }
        XCTAssertEqual(c2.literal, [0.25, 0.75])
        XCTAssertEqual(a.literal, 5)
        XCTAssertEqual(b.literal, 40)
        guard case .angular(let s3, let c3, let a3, let e3) = try fill(#"{"angular": {"stops": ["red", "yellow", "red"], "center": "topLeading"}}"#) else { return XCTFail() }
        XCTAssertEqual(s3.count, 3)
        XCTAssertEqual(c3.literal, [0, 0])
        XCTAssertEqual(a3.literal, 0)     // one whole turn from the trailing side by default
        XCTAssertEqual(e3.literal, 360)
        guard case .angular(_, _, let a4, let e4) = try fill(#"{"angular": {"stops": ["red", "blue"], "startAngle": 300, "endAngle": 660}}"#) else { return XCTFail() }
        XCTAssertEqual(a4.literal, 300)
        XCTAssertEqual(e4.literal, 660)
    }

    func testPathElementsAndStrokeEnds() throws {
        let body = #"""
        {"type": "path", "elements": [{"move": [0, "=h / 2"]}, {"line": [20, 50]}, {"quadCurve": {"to": [50, 0], "control": [40, 10]}},
          {"curve": {"to": [1, 2], "control1": [3, 4], "control2": [5, 6]}}, {"arc": {"center": [25, 25], "radius": 10, "clockwise": true}},
          {"rect": [0, 0, 5, 5]}, {"ellipse": [1, 1, 2, 2]}, "close"],
         "stroke": {"paint": "red", "width": 6, "lineCap": "round", "lineJoin": "bevel"}}
        """#
        let s = try S.load(S.scene(body: body, extra: "\"state\": {\"h\": 50}"))
        guard case .shape(.path(let commands), let style) = s.body.kind else { return XCTFail("\(s.body.kind)") }
        XCTAssertEqual(commands.map(\.name), ["move", "line", "quadCurve", "curve", "arc", "rect", "ellipse", "close"])
        guard case .arc(_, _, let r, let a0, let a1, let cw) = commands[4] else { return XCTFail() }
        XCTAssertEqual(r.literal, 10); XCTAssertEqual(a0.literal, 0); XCTAssertEqual(a1.literal, 360); XCTAssertTrue(cw)
        guard case .move(_, let y) = commands[0] else { return XCTFail() }
        XCTAssertNil(y.literal, "an expression over state")
        XCTAssertEqual(style.lineCap, .round)
        XCTAssertEqual(style.lineJoin, .bevel)
        XCTAssertNil(style.fill, "a stroked path is not filled")
    }

    func testMovingGradientNumbersAreExpressionsOverState() throws {
        // The shimmer of "slide to unlock": the stop positions follow `phase`.
        let paint = #"{"linear": {"stops": [{"color": "gray", "at": "=phase - 0.1"}, {"color": "white", "at": "=phase"}], "end": ["=phase * 2", 0.5]}}"#
        guard case .linear(let stops, _, let end) = try fill(paint, state: #"{"phase": 0.4}"#) else { return XCTFail() }
        let first = try XCTUnwrap(stops[0].location?.expr)
        // Slot 0 is `phase`, slot 1 is `t`.
        XCTAssertEqual(first.evaluate([.number(0.4), .number(0)]).number ?? .nan, 0.3, accuracy: 1e-12)
        XCTAssertEqual(end.x.expr?.evaluate([.number(0.4), .number(0)]).number, 0.8)
        XCTAssertEqual(end.y.literal, 0.5)
    }

    func testColourExpressionsWithAlphaAndMix() throws {
        let s = try S.load(S.scene(body: #"{"type": "rect", "fill": "=mix('red', 'accent', f)", "shadows": [{"color": "=alpha('accent', 0.5)", "radius": 8}]}"#,
                                   extra: ##""colors": {"accent": "#8A7CFF"}, "state": {"f": 0.5}"##))
        guard case .shape(.rect, let shape) = s.body.kind, case .color(.expression(let e))? = shape.fill else { return XCTFail() }
        // Halfway between FF3B30 and 8A7CFF, component-wise in sRGB.
        let mid = try XCTUnwrap(e.evaluate([.number(0.5), .number(0)]).color)
        XCTAssertEqual(mid.r, (255.0 + 138) / 2 / 255, accuracy: 1e-9)
        XCTAssertEqual(mid.g, (59.0 + 124) / 2 / 255, accuracy: 1e-9)
        XCTAssertEqual(mid.b, (48.0 + 255) / 2 / 255, accuracy: 1e-9)
        guard case .expression(let a) = s.body.modifiers.shadows[0].color else { return XCTFail() }
        XCTAssertEqual(a.evaluate([.number(0.5), .number(0)]).color?.a ?? .nan, 0.5, accuracy: 1e-12)
    }

    func testForEachWithDefaultAndNamedLoopVariables() throws {
        let body = """
        {"type": "hstack", "spacing": 4, "alignment": "top", "children": [
          {"type": "forEach", "count": 6, "content": {"type": "circle", "opacity": "=i / 6", "id": "dot{i}"}},
          {"type": "vstack", "alignment": "leading", "children": [
            {"type": "forEach", "count": 2, "as": "row", "content":
              {"type": "hstack", "children": [
                {"type": "forEach", "count": "=n", "as": "col", "content": {"type": "rect", "matchedGeometry": "card{row}-{col}", "offset": {"x": "=row * 10 + col"}}}
              ]}}
          ]},
          {"type": "forEach", "count": 2, "as": "r", "content": {"type": "zstack", "children": [{"type": "forEach", "count": 3, "as": "c",
            "content": {"type": "circle", "if": "n > 5", "matchedGeometry": "card{r}-{c}"}}]}}
        ]}
        """
        let s = try S.load(S.scene(body: body, extra: #""state": {"n": 3}"#))
        guard case .hstack(let spacing, let align) = s.body.kind else { return XCTFail() }
        XCTAssertEqual(spacing?.literal, 4)
        XCTAssertEqual(align, .top)
        guard case .forEach(let count, let name, let content, let path) = s.body.children[0] else { return XCTFail("expected a forEach") }
        XCTAssertEqual(count.literal, 6)
        XCTAssertEqual(name, "i", "the loop variable defaults to i")
        XCTAssertEqual(path, "body.children[0]")
        XCTAssertEqual(content.id?.resolve(["i": 4]), "dot4")
        // Slots: n, t, eight gesture variables, then loop variables by depth.
        let loop0 = ExpressionSlots.loop(stateCount: 1, depth: 0)
        XCTAssertEqual(loop0, 10)
        var values = [Value](repeating: .number(0), count: 12)
        values[loop0] = .number(3)
        XCTAssertEqual(content.modifiers.opacity?.expr?.evaluate(values).number ?? .nan, 0.5, accuracy: 1e-12)

        guard case .forEach(_, "row", let rowView, _) = s.body.childViews[0].children[0],
              case .forEach(let inner, "col", let cell, _) = rowView.children[0] else { return XCTFail("nested forEach") }
        XCTAssertNotNil(inner.expr, "a count may be an expression")
        XCTAssertEqual(cell.matchedGeometry?.id.resolve(["row": 1, "col": 2]), "card1-2")
        values[loop0] = .number(1); values[loop0 + 1] = .number(2)
        XCTAssertEqual(cell.modifiers.offset?.x.expr?.evaluate(values).number, 12)
    }

    func testConditionsTakeTheirExpressionWithOrWithoutEquals() throws {
        let body = """
        {"type": "zstack", "alignment": "bottom", "children": [
          {"type": "rect", "if": "stage == 0"},
          {"type": "rect", "if": "=stage >= 1 && !done"},
          {"type": "text", "text": "=stage", "if": true}
        ]}
        """
        let s = try S.load(S.scene(body: body, extra: #""state": {"stage": 0, "done": false}"#))
        guard case .zstack(let a) = s.body.kind else { return XCTFail() }
        XCTAssertEqual(a, .bottom)
        let c = s.body.childViews
        let at0: [Value] = [.number(0), .bool(false), .number(0)]
        let at1: [Value] = [.number(1), .bool(false), .number(0)]
        XCTAssertEqual(c[0].condition?.evaluate(at0), .bool(true))
        XCTAssertEqual(c[0].condition?.evaluate(at1), .bool(false))
        XCTAssertEqual(c[1].condition?.evaluate(at0), .bool(false))
        XCTAssertEqual(c[1].condition?.evaluate(at1), .bool(true))
        XCTAssertEqual(c[2].condition?.evaluate(at0), .bool(true))
        guard case .text(let t) = c[2].kind, case .value(let e)? = t.text.parts.first else { return XCTFail() }
        XCTAssertEqual(e.evaluate(at1), .string("1"), "a number shown as text prints without a decimal point")
    }
}
