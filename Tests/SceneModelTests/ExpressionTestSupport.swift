import Geometry
@testable import SceneModel

/// The scene the expression tests run in: a few state variables of each type, `t`, loop variable `i`.
enum ExpressionFixture {
    static let accent = Color(hex: 0x8A7CFF)
    static let state: [(name: String, value: Value)] = [
        ("progress", .number(0.25)), ("stage", .number(2)), ("pressed", .bool(true)),
        ("name", .string("pin")), ("inc", .number(0.0007)),
    ]
    static let t = 1.5
    static let i = 3.0

    static var env: TypeEnvironment {
        var env = TypeEnvironment.scene(state: state, colors: ["accent": accent])
        env.declare("i", type: .number)
        return env
    }

    /// The value vector laid out as `env` says.
    static var slots: [Value] {
        var v = state.map(\.value)
        v.append(.number(t))
        v.append(.number(i))
        return v
    }

    static var bindings: VariableBindings {
        var values = Dictionary(uniqueKeysWithValues: state.map { ($0.name, $0.value) })
        values["t"] = .number(t)
        values["i"] = .number(i)
        return VariableBindings(values, colors: ["accent": accent])
    }

    /// Bitwise-minded equality: NaN equals NaN, everything else as `==`.
    static func same(_ a: Value, _ b: Value) -> Bool {
        if let x = a.number, let y = b.number, x.isNaN, y.isNaN { return true }
        return a == b
    }
}

/// SplitMix64: a small seeded generator so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
