import Geometry
import SceneModel

extension SceneReader {
    /// A paint: a colour (literal or expression) or `{linear|radial|angular: {…}}`.
    mutating func paint(_ v: JSONValue, _ path: String, _ scope: Scope) -> PaintSpec? {
        if v.string != nil { return dynamicColor(v, path, scope).map { .color($0) } }
        guard let members = v.members, members.count == 1, let m = members.first else {
            fail(v, path, "expected a colour or one of {\"linear\": …}, {\"radial\": …}, {\"angular\": …}, found \(v.members.map { "an object with \($0.count) keys" } ?? v.typeName)")
            return nil
        }
        let p = join(path, m.key)
        switch m.key {
        case "linear":
            guard let o = object(m.value, p, allowed: ["stops", "start", "end"]) else { return nil }
            guard let stops = gradientStops(o, m.value, p, scope) else { return nil }
            let start = o["start"].flatMap { unitPoint($0, join(p, "start"), scope) } ?? .constant(0, 0.5)
            let end = o["end"].flatMap { unitPoint($0, join(p, "end"), scope) } ?? .constant(1, 0.5)
            return .linear(stops: stops, start: start, end: end)
        case "radial":
            guard let o = object(m.value, p, allowed: ["stops", "center", "startRadius", "endRadius"]) else { return nil }
            guard let stops = gradientStops(o, m.value, p, scope) else { return nil }
            let c = o["center"].flatMap { unitPoint($0, join(p, "center"), scope) } ?? .constant(0.5, 0.5)
            let r0 = o["startRadius"].flatMap { dynamicNumber($0, join(p, "startRadius"), scope, min: 0) } ?? .constant(0)
            let r1 = o["endRadius"].flatMap { dynamicNumber($0, join(p, "endRadius"), scope, min: 0) } ?? .constant(100)
            return .radial(stops: stops, center: c, startRadius: r0, endRadius: r1)
        case "angular":
            guard let o = object(m.value, p, allowed: ["stops", "center", "startAngle", "endAngle"]) else { return nil }
            guard let stops = gradientStops(o, m.value, p, scope) else { return nil }
            let c = o["center"].flatMap { unitPoint($0, join(p, "center"), scope) } ?? .constant(0.5, 0.5)
            let a0 = o["startAngle"].flatMap { dynamicNumber($0, join(p, "startAngle"), scope) } ?? .constant(0)
            let a1 = o["endAngle"].flatMap { dynamicNumber($0, join(p, "endAngle"), scope) } ?? .constant(360)
            return .angular(stops: stops, center: c, startAngle: a0, endAngle: a1)
        default:
            let hint = nearest(m.key, in: ["linear", "radial", "angular"]).map { "; did you mean \"\($0)\"?" } ?? ""
            fail(m.keyLocation, p, "unknown paint \"\(m.key)\"\(hint)")
            return nil
        }
    }

    mutating func gradientStops(_ o: [String: JSONValue], _ v: JSONValue, _ path: String, _ scope: Scope) -> [StopSpec]? {
        guard let sv = require(o, "stops", in: v, path) else { return nil }
        let p = join(path, "stops")
        guard let items = sv.elements else { fail(sv, p, "expected a list of colours or {color, at}, found \(sv.typeName)"); return nil }
        guard items.count >= 2 else { fail(sv, p, "a gradient needs at least two stops"); return nil }
        var stops: [StopSpec] = []
        for (i, item) in items.enumerated() {
            let ip = "\(p)[\(i)]"
            if item.string != nil {
                if let c = dynamicColor(item, ip, scope) { stops.append(StopSpec(color: c, location: nil)) }
            } else if let so = object(item, ip, allowed: ["color", "at"], what: "a colour or {color, at}") {
                guard let cv = require(so, "color", in: item, ip), let c = dynamicColor(cv, join(ip, "color"), scope) else { continue }
                let at = so["at"].flatMap { dynamicNumber($0, join(ip, "at"), scope) }
                stops.append(StopSpec(color: c, location: at))
            }
        }
        return stops.count == items.count ? stops : nil
    }
}
