import SceneModel

/// Per-item state: `"itemState": {"lit": 0}` on a `forEach` gives every item its own copy of `lit`, the way
/// each SwiftUI view in a `ForEach` has its own `@State`. Inside the forEach's content, expressions read and
/// handlers set the copy of the item they belong to, so a row of keys can each hold a highlight that fades
/// on its own. The copies are ordinary state variables (`lit[0]`, `lit[1]`, … after the scene's `state`),
/// so they animate, and are recorded, like any other; they can be named only inside their forEach
/// (`ItemStateSlot`, in the expression scope).
///
/// The item-state variables a forEach declares, found before any expression is compiled.
struct ItemStateDeclaration {
    var name: String
    var base: Int
    var count: Int
    var type: ValueType
}

extension SceneReader {
    /// The initial value of a state variable (number, boolean or string), or nil after reporting another kind.
    mutating func initialStateValue(_ v: JSONValue, _ path: String, what: String) -> Value? {
        switch v.kind {
        case .number(let x): return .number(x)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        default:
            fail(v, path, "\(what) holds a number, a boolean or a string, found \(v.typeName)")
            return nil
        }
    }

    /// Most items a forEach with item state may have: each item's copies are state variables.
    static let maxItemStateItems = 1000

    /// Finds every forEach with `itemState` under the body (by the JSON path the view reader will give it)
    /// and appends the copies of its variables to `state`, before expressions are compiled: they need
    /// the final number of state slots.
    mutating func declareItemStates(_ body: JSONValue, state: inout [StateVariable]) {
        walkItemStates(body, "body", state: &state)
    }

    private mutating func walkItemStates(_ v: JSONValue, _ path: String, state: inout [StateVariable]) {
        guard let members = v.members else { return }
        let o = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        if o["type"]?.string == "forEach", let iv = o["itemState"] {
            declareItemState(iv, join(path, "itemState"), count: o["count"], forEach: path, state: &state)
        }
        if let c = o["children"]?.elements {
            for (i, item) in c.enumerated() { walkItemStates(item, "\(join(path, "children"))[\(i)]", state: &state) }
        }
        for key in ["content", "background", "overlay", "mask"] {
            if let x = o[key] { walkItemStates(x, join(path, key), state: &state) }
        }
    }

    private mutating func declareItemState(_ v: JSONValue, _ path: String, count cv: JSONValue?, forEach: String,
                                           state: inout [StateVariable]) {
        guard let members = v.members else {
            fail(v, path, "expected an object of variables and initial values, found \(v.typeName)")
            return
        }
        guard let cv, let n = cv.number, n == n.rounded(.down), n >= 0, n <= Double(Self.maxItemStateItems) else {
            fail(cv?.location ?? v.location, cv == nil ? path : join(forEach, "count"),
                 "a forEach with itemState needs a literal whole count from 0 to \(Self.maxItemStateItems) (each item gets its own copy)")
            return
        }
        var declared: [ItemStateDeclaration] = []
        for m in members {
            let p = join(path, m.key)
            guard m.key.first.map({ $0.isLetter || $0 == "_" }) ?? false,
                  m.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !Self.reservedNames.contains(m.key) else {
                fail(m.keyLocation, p, "\"\(m.key)\" is not a valid variable name (letters, digits, _)")
                continue
            }
            if stateSlots[m.key] != nil {
                fail(m.keyLocation, p, "item state \"\(m.key)\" would hide the state variable of the same name")
                continue
            }
            guard let value = initialStateValue(m.value, p, what: "an item state variable") else { continue }
            let base = state.count
            for k in 0..<Int(n) {
                let copy = "\(m.key)[\(k)]@\(forEach)"
                stateSlots[copy] = state.count
                stateTypes[copy] = value.type
                state.append(StateVariable(name: copy, initial: value))
            }
            declared.append(ItemStateDeclaration(name: m.key, base: base, count: Int(n), type: value.type))
        }
        itemStateDeclarations[forEach] = declared
    }
}
