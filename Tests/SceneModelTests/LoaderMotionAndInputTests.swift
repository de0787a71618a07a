import Geometry
import XCTest
@testable import SceneModel

/// Animations (§5.1), the timeline (§5.2), transitions and matched geometry (§6), input and
/// gestures (§7), and the loader's limits.
final class LoaderMotionAndInputTests: XCTestCase {
    typealias S = LoaderTestSupport

    /// The animations of `set x` events, one per entry of `animations`.
    private func animations(_ animations: [String]) throws -> [AnimationSpec?] {
        let events = animations.enumerated().map { "{\"at\": \($0.offset), \"set\": {\"x\": 1}, \"animation\": \($0.element)}" }
        let s = try S.load(S.scene(body: #"{"type": "rect"}"#, extra: "\"state\": {\"x\": 0}, \"timeline\": [\(events.joined(separator: ","))]"))
        return s.timeline.map(\.body.animation)
    }

    private func bezier(_ a: AnimationSpec?) -> [Double]? {
        guard case .bezier(let x1, let y1, let x2, let y2, let d)? = a?.curve else { return nil }
        return [x1, y1, x2, y2, d]
    }

    func testNamedAnimationPresets() throws {
        let a = try animations(["\"spring\"", "\"default\"", "\"smooth\"", "\"snappy\"", "\"bouncy\"",
                                "\"easeIn\"", "\"easeOut\"", "\"easeInOut\"", "\"linear\"", "\"caDefault\""])
        guard case .spring(0.55, 0.825)? = a[0]?.curve else { return XCTFail("spring is response 0.55, dampingFraction 0.825") }
        guard case .spring(0.55, 1)? = a[1]?.curve else { return XCTFail("default is response 0.55, dampingFraction 1") }
        guard case .springDuration(0.5, 0)? = a[2]?.curve, case .springDuration(0.5, 0.15)? = a[3]?.curve,
              case .springDuration(0.5, 0.3)? = a[4]?.curve else { return XCTFail("smooth, snappy, bouncy") }
        XCTAssertEqual(bezier(a[5]), [0.42, 0, 1, 1, 0.35])
        XCTAssertEqual(bezier(a[6]), [0, 0, 0.58, 1, 0.35])
        XCTAssertEqual(bezier(a[7]), [0.42, 0, 0.58, 1, 0.35])
        XCTAssertEqual(bezier(a[8]), [0, 0, 1, 1, 0.35])
        XCTAssertEqual(bezier(a[9]), [0.25, 0.1, 0.25, 1, 0.35])
        XCTAssertTrue(a.allSatisfy { $0?.repeatCount == nil && $0?.delay == 0 && $0?.speed == 1 })
    }

    func testAnimationObjectsAndModifiers() throws {
        let a = try animations([
            #"{"spring": {"response": 0.4, "dampingFraction": 0.7, "initialVelocity": "=x * 2"}}"#,
            #"{"spring": {"mass": 1, "stiffness": 170, "damping": 26}}"#,
            #"{"spring": {"duration": 0.5, "bounce": 0.2}, "delay": 0.1}"#,
            #"{"easeInOut": 0.4, "repeat": "forever"}"#,
            #"{"linear": 2, "repeat": 3, "autoreverses": false, "speed": 2}"#,
            #"{"bezier": [0.25, 0.1, 0.25, 1], "duration": 0.4}"#,
            #"{"easeOut": 0.5}"#,
        ])
        guard case .spring(0.4, 0.7)? = a[0]?.curve else { return XCTFail() }
        XCTAssertEqual(a[0]?.initialVelocity?.expr?.evaluate([.number(3), .number(0)]).number, 6)
        guard case .springPhysical(1, 170, 26)? = a[1]?.curve else { return XCTFail() }
        guard case .springDuration(0.5, 0.2)? = a[2]?.curve else { return XCTFail() }
        XCTAssertEqual(a[2]?.delay, 0.1)
        XCTAssertEqual(bezier(a[3]), [0.42, 0, 0.58, 1, 0.4])
        XCTAssertEqual(a[3]?.repeatCount, .max, "forever")
        XCTAssertEqual(a[3]?.autoreverses, true, "repeats autoreverse by default")
        XCTAssertEqual(bezier(a[4]), [0, 0, 1, 1, 2])
        XCTAssertEqual(a[4]?.repeatCount, 3)
        XCTAssertEqual(a[4]?.autoreverses, false)
        XCTAssertEqual(a[4]?.speed, 2)
        XCTAssertEqual(bezier(a[5]), [0.25, 0.1, 0.25, 1, 0.4])
        XCTAssertEqual(bezier(a[6]), [0, 0, 0.58, 1, 0.5])
    }

    func testTimelineTriggersTimersAndStops() throws {
        let timeline = """
        [
          {"at": 0.5, "id": "press", "set": {"pressed": true}, "animation": "spring", "haptic": "rigid"},
          {"after": "press", "delay": 1.0, "set": {"stage": 1}},
          {"when": "progress >= 1", "initial": true, "set": {"stage": 2}},
          {"at": 0.5, "timer": {"id": "charge", "interval": 0.01, "set": {"progress": "=progress + inc", "inc": "=inc + 0.00007"}, "until": "progress >= 1"}},
          {"at": 2.0, "stop": "charge"},
          {"after": "charge", "set": {"stage": 3}}
        ]
        """
        let s = try S.load(S.scene(body: #"{"type": "rect"}"#,
                                   extra: "\"state\": {\"pressed\": false, \"stage\": 0, \"progress\": 0, \"inc\": 0.0007}, \"timeline\": \(timeline)"))
        let e = s.timeline
        XCTAssertEqual(e.count, 6)
        guard case .at(0.5) = e[0].trigger else { return XCTFail() }
        XCTAssertEqual(e[0].id, "press")
        XCTAssertEqual(e[0].body.haptic, "rigid")
        XCTAssertEqual(e[0].body.assignments.map(\.slot), [0])
        guard case .after("press", 1.0) = e[1].trigger else { return XCTFail() }
        guard case .when(let cond, true) = e[2].trigger else { return XCTFail() }
        XCTAssertEqual(cond.evaluate([.bool(false), .number(0), .number(1), .number(0), .number(0)]), .bool(true))
        let timer = try XCTUnwrap(e[3].timer)
        XCTAssertEqual(timer.id, "charge")
        XCTAssertEqual(timer.interval, 0.01)
        XCTAssertEqual(timer.body.assignments.map(\.name), ["progress", "inc"])
        // Both right-hand sides read the state before the tick: progress 0.1 + inc 0.0007.
        guard case .expression(let p) = timer.body.assignments[0].value else { return XCTFail() }
        XCTAssertEqual(p.evaluate([.bool(false), .number(0), .number(0.1), .number(0.0007), .number(0)]).number ?? .nan, 0.1007, accuracy: 1e-15)
        XCTAssertNotNil(timer.until)
        XCTAssertEqual(e[4].stop, "charge")
        guard case .after("charge", 0) = e[5].trigger else { return XCTFail("after a timer id, delay 0 by default") }
        XCTAssertEqual(e[5].path, "timeline[5]")
    }

    func testTransitionForms() throws {
        let forms = [
            #""opacity""#, #""identity""#, #""scale""#, #""slide""#,
            #"{"scale": 0.9, "anchor": "top"}"#, #"{"offset": {"x": 0, "y": 20}}"#, #"{"move": "bottom"}"#, #"{"blur": 5}"#,
            #"{"modifier": {"active": {"opacity": 0, "scale": 0.5}, "identity": {"opacity": 1}}}"#,
            #"{"combined": ["opacity", {"scale": 0.8}]}"#,
            #"{"asymmetric": {"insertion": {"move": "leading"}, "removal": "opacity"}}"#,
            #"{"scale": 0.9, "animation": "spring"}"#,
        ]
        let children = forms.map { "{\"type\": \"rect\", \"if\": \"on\", \"transition\": \($0)}" }.joined(separator: ",")
        let s = try S.load(S.scene(body: "{\"type\": \"zstack\", \"children\": [\(children)]}", extra: #""state": {"on": true}"#))
        let t = s.body.childViews.map(\.transition)
        guard case .opacity? = t[0], case .identity? = t[1], case .scale(0, .center)? = t[2], case .slide? = t[3] else { return XCTFail("named") }
        guard case .scale(0.9, .top)? = t[4], case .offset(0, 20)? = t[5], case .move("bottom")? = t[6], case .blur(5)? = t[7] else { return XCTFail("objects") }
        guard case .modifier(let active, let identity)? = t[8] else { return XCTFail("modifier") }
        XCTAssertEqual(active.opacity?.literal, 0)
        XCTAssertEqual(active.scale?.literal, [0.5, 0.5])
        XCTAssertEqual(identity.opacity?.literal, 1)
        guard case .combined(let parts)? = t[9], parts.count == 2, case .opacity = parts[0], case .scale(0.8, .center) = parts[1] else { return XCTFail("combined") }
        guard case .asymmetric(.move("leading"), .opacity)? = t[10] else { return XCTFail("asymmetric") }
        guard case .animated(.scale(0.9, .center), let anim)? = t[11], case .spring(0.55, 0.825) = anim.curve else { return XCTFail("animated") }
    }

    func testMatchedGeometryForms() throws {
        let body = """
        {"type": "zstack", "children": [
          {"type": "roundedRect", "cornerRadius": 12, "style": "circular", "matchedGeometry": "hero"},
          {"type": "forEach", "count": 2, "content": {"type": "rect", "matchedGeometry": {"id": "card{i}", "isSource": false, "morph": true}}},
          {"type": "circle", "if": "false", "matchedGeometry": "hero"},
          {"type": "forEach", "count": 2, "content": {"type": "circle", "if": "false", "matchedGeometry": "card{i}"}}
        ]}
        """
        let s = try S.load(S.scene(body: body))
        let hero = try XCTUnwrap(s.body.childViews[0].matchedGeometry)
        XCTAssertEqual(hero.id.resolve([:]), "hero")
        XCTAssertTrue(hero.isSource, "isSource defaults to true")
        XCTAssertFalse(hero.morph)
        guard case .shape(.roundedRect(let r, .circular), _) = s.body.childViews[0].kind else { return XCTFail() }
        XCTAssertEqual(r.literal, 12)
        guard case .forEach(_, _, let card, _) = s.body.children[1], let m = card.matchedGeometry else { return XCTFail() }
        XCTAssertEqual(m.id.resolve(["i": 1]), "card1")
        XCTAssertFalse(m.isSource)
        XCTAssertTrue(m.morph)
        XCTAssertFalse(m.snapshot, "snapshot defaults to false")
    }

    /// `snapshot` (a phantom travels) is read, and cannot be combined with `morph`.
    func testMatchedGeometrySnapshot() throws {
        let pair = { (extra: String) in S.scene(body: """
            {"type": "zstack", "children": [
              {"type": "text", "text": "a", "if": "true", "matchedGeometry": {"id": "t", "snapshot": true\(extra)}},
              {"type": "text", "text": "b", "if": "false", "matchedGeometry": {"id": "t", "snapshot": true}}]}
            """) }
        let s = try S.load(pair(""))
        XCTAssertEqual(s.body.childViews[0].matchedGeometry?.snapshot, true)
        XCTAssertEqual(s.body.childViews[0].matchedGeometry?.morph, false)
        let error = loadError(pair(", \"morph\": true"))
        XCTAssertTrue(error?.contains("body.children[0].matchedGeometry.snapshot") ?? false, error ?? "loaded")
        XCTAssertTrue(error?.contains("either morphs") ?? false, error ?? "loaded")
    }

    func testInputEvents() throws {
        let input = """
        [{"at": 0.3, "down": [195, 250], "force": 0.3}, {"at": 0.5, "move": [195, 240]}, {"at": 2.4, "up": true},
         {"at": 3.0, "drag": {"from": [300, 500], "to": [340, 420], "duration": 0.12}}, {"at": 4.0, "tap": [60, 80]},
         {"at": 5.0, "drag": {"from": [0, 0], "to": [10, 0]}}]
        """
        let s = try S.load(S.scene(body: #"{"type": "rect"}"#, extra: "\"input\": \(input)"))
        let i = s.input
        XCTAssertEqual(i.map(\.at), [0.3, 0.5, 2.4, 3.0, 4.0, 5.0])
        guard case .down(195, 250) = i[0].action, case .move(195, 240) = i[1].action, case .up = i[2].action,
              case .drag(300, 500, 340, 420, 0.12) = i[3].action, case .tap(60, 80) = i[4].action else { return XCTFail() }
        XCTAssertEqual(i[0].force, 0.3)
        XCTAssertNil(i[1].force)
        guard case .drag(_, _, _, _, let d) = i[5].action else { return XCTFail() }
        XCTAssertEqual(d, 0.25, "a drag takes 0.25 s unless told")
    }

    func testGesturesAndTheirHandlerVariables() throws {
        let body = """
        {"type": "circle", "gestures": [
          {"press": {}, "onBegan": {"set": {"pressed": true}, "animation": "spring", "haptic": "light"}, "onEnded": {"set": {"pressed": false}}},
          {"tap": {}, "onEnded": {"set": {"count": "=count + 1"}}},
          {"longPress": {"minimumDuration": 0.8}, "onEnded": {"haptic": "heavy"}},
          {"drag": {"minimumDistance": 0}, "onChanged": {"set": {"x": "=rubberband(gesture.translation.x, 0.7)"}},
           "onEnded": {"set": {"x": "=nearest(x + project(gesture.velocity.x, 0.998), [0, 300])"}, "animation": {"spring": {"response": 0.4, "initialVelocity": "=gesture.velocity.x / 300"}}}},
          {"sequence": [{"longPress": {}}, {"drag": {}}], "onEnded": {"set": {"pressed": "=gesture.pressed"}}}
        ]}
        """
        let s = try S.load(S.scene(body: body, extra: #""state": {"pressed": false, "count": 0, "x": 0}"#))
        let g = s.body.gestures
        XCTAssertEqual(g.count, 5)
        guard case .press = g[0].kind, case .tap = g[1].kind, case .longPress(0.8, 10) = g[2].kind,
              case .drag(0) = g[3].kind, case .sequence(let parts) = g[4].kind else { return XCTFail("kinds") }
        guard parts.count == 2, case .longPress(0.5, 10) = parts[0], case .drag(10) = parts[1] else { return XCTFail("sequence defaults") }
        XCTAssertEqual(g[0].onBegan?.haptic, "light")
        XCTAssertNotNil(g[0].onBegan?.animation)
        XCTAssertNil(g[1].onBegan)
        XCTAssertEqual(g[2].onEnded?.haptic, "heavy")
        // gesture.translation.x is slot stateCount + 1 + 2 = 6; rubberband(200, 0.7) = 200^0.7.
        guard case .expression(let e)? = g[3].onChanged?.assignments.first?.value else { return XCTFail() }
        var v = [Value](repeating: .number(0), count: 12)
        v[ExpressionSlots.gesture(stateCount: 3) + 2] = .number(200)
        XCTAssertEqual(e.evaluate(v).number ?? .nan, Foundation.pow(200, 0.7), accuracy: 1e-9)
        // Flick at 1000 pt/s from x = 100: project = 1 · 0.998 / 0.002 = 499 → 599, nearest of [0, 300] is 300.
        guard case .expression(let snap)? = g[3].onEnded?.assignments.first?.value else { return XCTFail() }
        v[2] = .number(100)
        v[ExpressionSlots.gesture(stateCount: 3) + 4] = .number(1000)
        XCTAssertEqual(snap.evaluate(v).number ?? .nan, 300)
        XCTAssertEqual(g[3].onEnded?.animation?.initialVelocity?.expr?.evaluate(v).number ?? .nan, 1000.0 / 300, accuracy: 1e-12)
        XCTAssertEqual(g[4].path, "body.gestures[4]")
    }

    // MARK: - Limits

    private func loadError(_ json: String) -> String? {
        do { _ = try S.load(json); return nil } catch { return "\(error)" }
    }

    func testViewNestingLimit() {
        func nested(_ depth: Int) -> String {
            var v = #"{"type": "rect"}"#
            for _ in 0..<depth { v = "{\"type\": \"zstack\", \"children\": [\(v)]}" }
            return S.scene(body: v)
        }
        XCTAssertNil(loadError(nested(64)), "64 levels below the body are allowed")
        XCTAssertTrue(loadError(nested(65))?.contains("views nest deeper than 64 levels") ?? false)
    }

    func testViewCountCountsForEachRepetitions() {
        let body = { (n: Int) in #"{"type": "vstack", "children": [{"type": "forEach", "count": \#(n), "content": {"type": "hstack", "children": [{"type": "forEach", "count": 100, "content": {"type": "rect"}}]}}]}"# }
        // The body, then n rows of an hstack and 100 rects: 1 + 101·n views.
        XCTAssertNil(loadError(S.scene(body: body(99))))        // 10 000
        XCTAssertTrue(loadError(S.scene(body: body(100)))?.contains("up to 10101 views; at most 10000") ?? false)
    }

    func testExpressionLengthLimit() {
        // `min(1,1,…,1)`: 4 + 2·2045 + 2 = 4096 characters after the `=`, and shallow.
        let long = "=min(" + String(repeating: "1,", count: 2045) + "1)"
        XCTAssertNil(loadError(S.scene(body: "{\"type\": \"rect\", \"rotation\": \"\(long)\"}")))
        let tooLong = "=min(" + String(repeating: "1,", count: 2045) + "11)"
        XCTAssertTrue(loadError(S.scene(body: "{\"type\": \"rect\", \"rotation\": \"\(tooLong)\"}"))?.contains("longer than 4096") ?? false)
    }

    func testEffectRadiusLimits() {
        XCTAssertNil(loadError(S.scene(body: #"{"type": "rect", "blur": 1000, "shadows": [{"radius": 1000}]}"#)))
        let e = loadError(S.scene(body: #"{"type": "rect", "blur": 1001, "shadows": [{"radius": 1000.5}]}"#)) ?? ""
        XCTAssertTrue(e.contains("body.blur: must be at most 1000 (found 1001)"), e)
        XCTAssertTrue(e.contains("body.shadows[0].radius: must be at most 1000 (found 1000.5)"), e)
    }

    func testCanvasLimitsAtTheBoundary() {
        // 16384 × 6103 = 99 991 552 pixels: within both limits. 16384 × 6104 = 100 007 936: too many.
        XCTAssertNil(loadError(#"{"scene": 1, "canvas": {"width": 16384, "height": 6103}, "body": {"type": "rect"}}"#))
        XCTAssertTrue(loadError(#"{"scene": 1, "canvas": {"width": 16384, "height": 6104}, "body": {"type": "rect"}}"#)?.contains("megapixels") ?? false)
        XCTAssertTrue(loadError(#"{"scene": 1, "canvas": {"width": 8193, "height": 10, "scale": 2}, "body": {"type": "rect"}}"#)?.contains("16386×20 px") ?? false)
    }
}

/// `uikitSpring`: UIKit's duration spring, its keys and its range errors.
final class LoaderUIKitSpringTests: XCTestCase {
    typealias S = LoaderTestSupport

    func testUIKitSpringIsReadWithItsVelocity() throws {
        let s = try S.load(S.scene(body: #"{"type": "rect"}"#, extra: #""state": {"x": 0}, "timeline": [{"at": 0, "set": {"x": 1}, "animation": {"uikitSpring": {"duration": 0.5, "dampingRatio": 1, "initialVelocity": 0.5}}}]"#))
        let a = try XCTUnwrap(s.timeline.first?.body.animation)
        guard case .springUIKit(0.5, 1) = a.curve else { return XCTFail("\(a.curve)") }
        XCTAssertNotNil(a.initialVelocity)
    }

    func testUIKitSpringRangeErrors() throws {
        for (body, message) in [(#"{"dampingRatio": 0}"#, "dampingRatio: must be greater than 0"),
                                (#"{"dampingRatio": 1.5}"#, "dampingRatio"),
                                (#"{"duration": 0}"#, "duration: must be greater than 0"),
                                (#"{"response": 0.5}"#, "response")] {
            let json = S.scene(body: #"{"type": "rect"}"#, extra: #""state": {"x": 0}, "timeline": [{"at": 0, "set": {"x": 1}, "animation": {"uikitSpring": "# + body + "}}]")
            XCTAssertThrowsError(try S.load(json), body) { error in
                XCTAssertTrue("\(error)".contains(message), "\(body): \(error)")
            }
        }
    }
}
