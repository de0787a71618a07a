import Geometry
import SceneModel

/// Limits on the timeline (§5) so that a scene cannot ask for unbounded work.
let maxTimelineEvents = 10_000
let maxInputEvents = 100_000

extension SceneReader {
    mutating func timeline(_ v: JSONValue, _ path: String) -> [EventSpec] {
        guard let items = v.elements else { fail(v, path, "expected a list of events, found \(v.typeName)"); return [] }
        if items.count > maxTimelineEvents {
            fail(v, path, "the timeline has \(items.count) events; at most \(maxTimelineEvents) are allowed")
            return []
        }
        return items.enumerated().compactMap { event($1, "\(path)[\($0)]") }
    }

    mutating func event(_ v: JSONValue, _ path: String) -> EventSpec? {
        let keys = ["at", "after", "delay", "when", "initial", "id", "set", "animation", "haptic", "timer", "stop", "geometry"]
        guard let o = object(v, path, allowed: keys, what: "an event") else { return nil }
        let triggers = ["at", "after", "when"].filter { o[$0] != nil }
        guard triggers.count == 1 else {
            fail(v, path, triggers.isEmpty ? "an event needs \"at\", \"after\" or \"when\"" : "an event takes one trigger, found \(triggers.joined(separator: " and "))")
            return nil
        }
        let scope = Scope()
        var trigger: EventSpec.Trigger?
        switch triggers[0] {
        case "at": trigger = o["at"].flatMap { number($0, join(path, "at"), min: 0, max: 86_400) }.map { .at($0) }
        case "after":
            if let id = o["after"].flatMap({ string($0, join(path, "after")) }) {
                let d = o["delay"].flatMap { number($0, join(path, "delay"), min: 0, max: 86_400) } ?? 0
                trigger = .after(id: id, delay: d)
            }
        default:
            if let c = o["when"].flatMap({ condition($0, join(path, "when"), scope) }) {
                trigger = .when(c, initial: o["initial"].flatMap { bool($0, join(path, "initial")) } ?? false)
            }
        }
        if triggers[0] != "after", let d = o["delay"] { fail(d, join(path, "delay"), "\"delay\" goes with \"after\"") }
        if triggers[0] != "when", let d = o["initial"] { fail(d, join(path, "initial"), "\"initial\" goes with \"when\"") }
        let id = o["id"].flatMap { string($0, join(path, "id")) }
        // `geometry`: what the event sets may read that container's laid-out size.
        let geometry = o["geometry"].flatMap { string($0, join(path, "geometry")) }
        var bodyScope = scope
        if geometry != nil { bodyScope.geometry = true }
        let body = eventBody(o, path, bodyScope)
        var timer: TimerSpec?
        if let tv = o["timer"] { timer = self.timer(tv, join(path, "timer")) }
        let stop = o["stop"].flatMap { string($0, join(path, "stop")) }
        guard let tr = trigger else { return nil }
        var event = EventSpec(trigger: tr, id: id, body: body, timer: timer, stop: stop, path: path, location: v.location,
                              afterLocation: o["after"]?.location, stopLocation: o["stop"]?.location)
        event.geometry = geometry
        event.geometryLocation = o["geometry"]?.location
        return event
    }

    /// `set`, `animation` and `haptic` of an event, timer or gesture handler.
    mutating func eventBody(_ o: [String: JSONValue], _ path: String, _ outer: Scope) -> EventBody {
        var scope = outer
        scope.presented = true
        var body = EventBody()
        if let sv = o["set"] {
            let p = join(path, "set")
            if let members = sv.members {
                for m in members {
                    let mp = join(p, m.key)
                    if let item = scope.itemState[m.key] {
                        if let value = dynamicValue(m.value, mp, scope, type: item.type) {
                            let index = TypeEnvironment.Index(slot: ExpressionSlots.loop(stateCount: stateSlots.count, depth: item.loopDepth),
                                                              count: item.count)
                            body.assignments.append(Assignment(name: m.key, slot: item.base, value: value, index: index))
                        }
                        continue
                    }
                    guard let slot = stateSlots[m.key], let type = stateTypes[m.key], !m.key.contains("@") else {
                        let hint = nearest(m.key, in: stateSlots.keys.filter { !$0.contains("@") } + scope.itemState.keys).map { "; did you mean \"\($0)\"?" } ?? ""
                        fail(m.keyLocation, mp, "\"\(m.key)\" is not a state variable\(hint)")
                        continue
                    }
                    if let value = dynamicValue(m.value, mp, scope, type: type) {
                        body.assignments.append(Assignment(name: m.key, slot: slot, value: value))
                    }
                }
            } else { fail(sv, p, "expected an object of state variables and values, found \(sv.typeName)") }
        }
        if let av = o["animation"] { body.animation = animation(av, join(path, "animation"), scope) }
        if let hv = o["haptic"] { body.haptic = oneOf(hv, join(path, "haptic"), hapticNames) }
        return body
    }

    mutating func timer(_ v: JSONValue, _ path: String) -> TimerSpec? {
        guard let o = object(v, path, allowed: ["id", "interval", "set", "until", "animation", "haptic"], what: "a timer") else { return nil }
        guard let iv = require(o, "interval", in: v, path), let interval = number(iv, join(path, "interval"), max: 3600) else { return nil }
        if interval < 0.001 { fail(iv, join(path, "interval"), "must be at least 0.001 s (found \(fmt(interval)))"); return nil }
        let body = eventBody(o, path, Scope())
        let until = o["until"].flatMap { condition($0, join(path, "until"), Scope()) }
        return TimerSpec(id: o["id"].flatMap { string($0, join(path, "id")) }, interval: interval, body: body, until: until)
    }

    mutating func input(_ v: JSONValue, _ path: String) -> [InputSpec] {
        guard let items = v.elements else { fail(v, path, "expected a list of input events, found \(v.typeName)"); return [] }
        if items.count > maxInputEvents {
            fail(v, path, "the input has \(items.count) events; at most \(maxInputEvents) are allowed")
            return []
        }
        var out: [InputSpec] = []
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            guard let o = object(item, p, allowed: ["at", "down", "move", "up", "tap", "drag", "force"], what: "an input event") else { continue }
            guard let atv = require(o, "at", in: item, p), let at = number(atv, join(p, "at"), min: 0, max: 86_400) else { continue }
            let actions = ["down", "move", "up", "tap", "drag"].filter { o[$0] != nil }
            guard actions.count == 1, let key = actions.first, let av = o[key] else {
                fail(item, p, actions.isEmpty ? "an input event needs one of down, move, up, tap, drag" : "an input event takes one action, found \(actions.joined(separator: " and "))")
                continue
            }
            let ap = join(p, key)
            func pt(_ r: inout SceneReader, _ x: JSONValue, _ xp: String) -> (Double, Double)? {
                guard let a = x.elements, a.count == 2, let px = a[0].number, let py = a[1].number else {
                    r.fail(x, xp, "expected a point [x, y] in canvas points")
                    return nil
                }
                return (px, py)
            }
            var action: InputSpec.Action?
            switch key {
            case "down": action = pt(&self, av, ap).map { .down(x: $0.0, y: $0.1) }
            case "move": action = pt(&self, av, ap).map { .move(x: $0.0, y: $0.1) }
            case "tap": action = pt(&self, av, ap).map { .tap(x: $0.0, y: $0.1) }
            case "up":
                if av.bool != true { fail(av, ap, "expected true") } else { action = .up }
            default:
                if let d = object(av, ap, allowed: ["from", "to", "duration"]),
                   let fv = require(d, "from", in: av, ap), let tv = require(d, "to", in: av, ap),
                   let f = pt(&self, fv, join(ap, "from")), let t = pt(&self, tv, join(ap, "to")) {
                    let dur = d["duration"].flatMap { number($0, join(ap, "duration"), min: 0.001, max: 3600) } ?? 0.25
                    action = .drag(fromX: f.0, fromY: f.1, toX: t.0, toY: t.1, duration: dur)
                }
            }
            let force = o["force"].flatMap { number($0, join(p, "force"), min: 0, max: 1) }
            if let a = action { out.append(InputSpec(at: at, action: a, force: force, path: p, location: item.location)) }
        }
        return out
    }

    mutating func gestureList(_ v: JSONValue, _ path: String, _ scope: Scope) -> [GestureSpec] {
        guard let items = v.elements else { fail(v, path, "expected a list of gestures, found \(v.typeName)"); return [] }
        var out: [GestureSpec] = []
        for (i, item) in items.enumerated() {
            let p = "\(path)[\(i)]"
            let kinds = ["press", "tap", "longPress", "drag", "sequence"]
            guard let o = object(item, p, allowed: kinds + ["onBegan", "onChanged", "onEnded", "onTouchUpInside", "onFailed"], what: "a gesture") else { continue }
            let present = kinds.filter { o[$0] != nil }
            guard present.count == 1, let key = present.first, let kv = o[key] else {
                fail(item, p, present.isEmpty ? "a gesture needs one of \(kinds.joined(separator: ", "))" : "a gesture takes one kind, found \(present.joined(separator: " and "))")
                continue
            }
            guard let kind = gestureKind(key, kv, join(p, key)) else { continue }
            var inner = scope
            inner.gesture = true
            inner.geometry = false   // handlers run in the simulation, before any layout
            func handler(_ r: inout SceneReader, _ k: String) -> EventBody? {
                guard let hv = o[k] else { return nil }
                guard let ho = r.object(hv, join(p, k), allowed: ["set", "animation", "haptic"], what: "a handler {set, animation, haptic}") else { return nil }
                return r.eventBody(ho, join(p, k), inner)
            }
            var spec = GestureSpec(kind: kind, onBegan: handler(&self, "onBegan"), onChanged: handler(&self, "onChanged"),
                                   onEnded: handler(&self, "onEnded"), path: p)
            if let uv = o["onTouchUpInside"] {
                if key == "press" { spec.onTouchUpInside = handler(&self, "onTouchUpInside") }
                else { fail(uv, join(p, "onTouchUpInside"), "\"onTouchUpInside\" goes with \"press\"") }
            }
            if let fv = o["onFailed"] {
                if key == "longPress" { spec.onFailed = handler(&self, "onFailed") }
                else { fail(fv, join(p, "onFailed"), "\"onFailed\" goes with \"longPress\"") }
            }
            out.append(spec)
        }
        return out
    }

    mutating func gestureKind(_ key: String, _ v: JSONValue, _ path: String) -> GestureSpec.Kind? {
        switch key {
        case "press":
            // UIKit tracks a control's touch until it is about 70 pt outside the control's bounds: drag-exit
            // and drag-enter fire there, not at the edge (reference interactions §3.1).
            guard let o = object(v, path, allowed: ["trackingMargin"]) else { return nil }
            return .press(trackingMargin: o["trackingMargin"].flatMap { number($0, join(path, "trackingMargin"), min: 0, max: 10_000) } ?? 70)
        case "tap":
            _ = object(v, path, allowed: [])
            return .tap
        case "longPress":
            guard let o = object(v, path, allowed: ["minimumDuration", "maximumDistance"]) else { return nil }
            return .longPress(minimumDuration: o["minimumDuration"].flatMap { number($0, join(path, "minimumDuration"), min: 0, max: 3600) } ?? 0.5,
                              maximumDistance: o["maximumDistance"].flatMap { number($0, join(path, "maximumDistance"), min: 0) } ?? 10)
        case "drag":
            guard let o = object(v, path, allowed: ["minimumDistance"]) else { return nil }
            return .drag(minimumDistance: o["minimumDistance"].flatMap { number($0, join(path, "minimumDistance"), min: 0) } ?? 10)
        default:
            guard let items = v.elements, !items.isEmpty else { fail(v, path, "expected a list of gestures"); return nil }
            var parts: [GestureSpec.Kind] = []
            for (i, item) in items.enumerated() {
                let ip = "\(path)[\(i)]"
                guard let m = item.members, m.count == 1, let first = m.first else { fail(item, ip, "expected one gesture, e.g. {\"longPress\": {}}"); return nil }
                guard ["press", "tap", "longPress", "drag"].contains(first.key) else { fail(first.keyLocation, join(ip, first.key), "unknown gesture \"\(first.key)\""); return nil }
                guard let k = gestureKind(first.key, first.value, join(ip, first.key)) else { return nil }
                parts.append(k)
            }
            return .sequence(parts)
        }
    }
}
