import Foundation
import TestSupport
import Geometry
import XCTest
@testable import SceneModel

final class ExpressionEvaluationTests: XCTestCase {
    typealias F = ExpressionFixture

    /// Expression → hand-computed number, in the fixture (progress 0.25, stage 2, t 1.5, i 3).
    let numbers: [(String, Double)] = [
        // Arithmetic and precedence.
        ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("2 * 3 % 4", 2), ("48 / 4 / 2", 6),
        ("-7 % 3", -1), ("7 % -3", 1), ("-2 * -3", 6), ("- -2", 2), ("-(1 + 2)", -3),
        ("1.5e2 + .5", 150.5), ("2E-1", 0.2), ("25e+1", 250), ("007", 7),
        ("=progress * 300", 75), ("t * 2", 3), ("i + 1", 4), ("inc * 10000", 7),
        // Ternaries nest to the right.
        ("stage == 0 ? 10 : stage == 1 ? 20 : 30", 30), ("true ? false ? 1 : 2 : 3", 2),
        ("false ? 1 : true ? 2 : 3", 2), ("(stage > 1 ? 5 : 6) + 1", 6), ("1 + (pressed ? 1 : 0)", 2),
        // Functions.
        ("min(3, 1, 2)", 1), ("max(3, 1, 2)", 3), ("min(4, -4)", -4), ("max(1, 2, 3, 4, 5, 6)", 6),
        ("clamp(5, 0, 1)", 1), ("clamp(-1, 0, 1)", 0), ("clamp(0.5, 0, 1)", 0.5), ("clamp(5, 2, 1)", 1),
        ("abs(-3)", 3), ("sqrt(16)", 4), ("pow(2, 10)", 1024), ("exp(0)", 1), ("exp(1)", M_E),
        ("log(1)", 0), ("log(exp(2))", 2), ("sin(0)", 0), ("cos(0)", 1), ("sin(3.141592653589793 / 2)", 1),
        ("cos(3.141592653589793)", -1), ("floor(-1.5)", -2), ("ceil(-1.5)", -1), ("floor(2.7)", 2),
        ("round(2.5)", 3), ("round(-2.5)", -3), ("round(1.4)", 1), ("sign(-4)", -1), ("sign(0)", 0), ("sign(3)", 1),
        ("mix(10, 20, 0.25)", 12.5), ("mix(0, 10, 1.5)", 15),
        // sign(x)·|x|^e
        ("rubberband(-16, 0.5)", -4), ("rubberband(27, 1 / 3)", 3), ("rubberband(0, 0.7)", 0),
        // (1 − 1/(|x|·0.55/d + 1))·d: x·0.55/d = 1 gives d/2; x·0.55/d = 0.1375 gives d·0.1375/1.1375.
        ("rubberbandScroll(1000, 550)", 275), ("rubberbandScroll(-1000, 550)", -275),
        ("rubberbandScroll(100, 400)", 400 * 0.1375 / 1.1375), ("rubberbandScroll(0, 400)", 0),
        // (v/1000)·rate/(1 − rate): 0.998 → v/1000·499, 0.99 → v/1000·99.
        ("project(1000, 0.998)", 499), ("project(-2500, 0.998)", -2.5 * 499), ("project(1000, 0.99)", 99),
        ("nearest(130, [0, 100, 200])", 100), ("nearest(150, [0, 100, 200])", 100),
        ("nearest(-50, [0, 100])", 0), ("nearest(progress * 1000, [0, 300])", 300),
        ("nearest(7, [stage, 10 - 1, 5])", 9), // 9 and 5 tie at distance 2: the earlier wins
    ]

    let bools: [(String, Bool)] = [
        ("1 < 2", true), ("2 <= 2", true), ("3 > 4", false), ("3 >= 4", false), ("1 + 2 == 3", true),
        ("1 < 2 == true", true), ("1 != 1", false), ("0.1 + 0.2 == 0.3", false),
        ("true || false && false", true), ("(true || false) && false", false), ("!true || true", true),
        ("!pressed", false), ("!!pressed", true), ("pressed && stage == 2", true), ("!(stage < 2)", true),
        ("'abc' == 'abc'", true), ("'a' != 'b'", true), ("name == 'pin'", true), ("'Pin' == name", false),
        ("'accent' == 'accent'", true), ("pressed == true", true),
        ("progress >= 0.25 && progress < 1", true), ("0 / 0 == 0 / 0", false),
    ]

    let strings: [(String, String)] = [
        ("'it\\'s'", "it's"), ("'back\\\\slash'", "back\\slash"), ("'card' + 3", "card3"), ("'p=' + progress", "p=0.25"),
        ("1 + 2 + 'x'", "3x"), ("'x' + 1 + 2", "x12"), ("name + '!'", "pin!"), ("'' + 1 / 0", "inf"),
        ("stage == 2 ? 'two' : 'other'", "two"), ("'é ✓'", "é ✓"),
    ]

    private func compiled(_ text: String, expecting: ValueType? = nil) throws -> Value {
        let code = try CompiledExpr(parsing: text, env: F.env, expecting: expecting)
        let value = code.evaluate(F.slots)
        XCTAssertEqual(value.type, code.type, text)
        return value
    }

    /// Both evaluators, which must agree.
    private func value(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> Value {
        let v = try compiled(text)
        let reference = evaluate(try Expr.parse(text), F.bindings)
        XCTAssertTrue(F.same(v, reference), "\(text): compiled \(v), interpreted \(reference)", file: file, line: line)
        return v
    }

    func testNumbers() throws {
        for (text, expected) in numbers {
            guard case .number(let x) = try value(text) else { XCTFail("\(text) is not a number"); continue }
            XCTAssertEqual(x, expected, accuracy: 1e-12 * max(1, abs(expected)), text)
        }
    }

    /// `uikitSpring(t, duration, dampingRatio, initialVelocity)`: 0 before the start, exactly 1 from the
    /// duration on, and in between the critically damped closed form x(t) = 1 − (1 + (ω − v₀)t)e^(−ωt)
    /// with ω found here by bisection so that 1 − x(duration) = 0.001 (UIKit's spring is over at its duration).
    func testUIKitSpringIsTheDurationSpringsProgress() throws {
        func closedForm(_ t: Double, duration d: Double, v0: Double) -> Double {
            func rest(_ w: Double) -> Double { (1 + (w - v0) * d) * exp(-w * d) }
            var lo = 0.1, hi = 500.0
            for _ in 0..<200 { let mid = (lo + hi) / 2; if rest(mid) > 0.001 { lo = mid } else { hi = mid } }
            let w = (lo + hi) / 2
            return 1 - (1 + (w - v0) * t) * exp(-w * t)
        }
        let cases: [(String, Double)] = [
            ("uikitSpring(-1, 0.5, 1, 0.5)", 0), ("uikitSpring(0, 0.5, 1, 0.5)", 0),
            ("uikitSpring(0.5, 0.5, 1, 0.5)", 1), ("uikitSpring(7, 0.5, 1, 0.5)", 1),
            ("uikitSpring(0.1, 0.5, 1, 0.5)", closedForm(0.1, duration: 0.5, v0: 0.5)),
            ("uikitSpring(0.25, 0.5, 1, 0.5)", closedForm(0.25, duration: 0.5, v0: 0.5)),
            ("uikitSpring(0.499, 0.5, 1, 0.5)", closedForm(0.499, duration: 0.5, v0: 0.5)),
            ("uikitSpring(progress, 1, 1, 0)", closedForm(0.25, duration: 1, v0: 0)),
        ]
        for (text, expected) in cases {
            guard case .number(let x) = try value(text) else { XCTFail("\(text) is not a number"); continue }
            XCTAssertEqual(x, expected, accuracy: 1e-6, text)
        }
        // Settled at the duration: within 0.1 % just before it.
        guard case .number(let late) = try value("uikitSpring(0.4999, 0.5, 1, 0.5)") else { return XCTFail() }
        XCTAssertEqual(late, 0.999, accuracy: 1e-5)
        guard case .number(let bad) = try value("uikitSpring(0.2, 0, 1, 0.5)") else { return XCTFail() }
        XCTAssertTrue(bad.isNaN, "a duration of 0 gives NaN, not a trap")
    }

    func testBools() throws {
        for (text, expected) in bools { XCTAssertEqual(try value(text), .bool(expected), text) }
    }

    func testStrings() throws {
        for (text, expected) in strings { XCTAssertEqual(try value(text), .string(expected), text) }
    }

    func testColours() throws {
        func close(_ a: Color?, _ b: Color, _ text: String) {
            guard let a else { return XCTFail("\(text): not a colour") }
            for (x, y) in [(a.r, b.r), (a.g, b.g), (a.b, b.b), (a.a, b.a)] { XCTAssertEqual(x, y, accuracy: 1e-12, text) }
        }
        let table: [(String, Color)] = [
            ("alpha('accent', 0.5)", Color(r: 138.0 / 255, g: 124.0 / 255, b: 1, a: 0.5)),
            ("alpha('#FF0000', 0.3)", Color(r: 1, g: 0, b: 0, a: 0.3)),
            ("alpha('red', 0.5)", Color(r: 1, g: 59.0 / 255, b: 48.0 / 255, a: 0.5)),
            ("alpha('#FF000080', 0.5)", Color(r: 1, g: 0, b: 0, a: 64.0 / 255)),
            ("mix('#000', 'white', 0.25)", Color(r: 0.25, g: 0.25, b: 0.25)),
            ("mix('black', '#FFFFFF80', 0.5)", Color(r: 0.5, g: 0.5, b: 0.5, a: (1 + 128.0 / 255) / 2)),
            ("mix(alpha('white', 0), 'white', progress)", Color(r: 1, g: 1, b: 1, a: 0.25)),
            ("mix('#000', '#FFF', 1.5)", Color(r: 1, g: 1, b: 1)), // components clamp on overshoot
            ("mix('#0F0', 'accent', 0)", Color(r: 0, g: 1, b: 0)),
        ]
        for (text, expected) in table {
            close(try value(text).color, expected, text)
        }
        // Where the caller asks for a colour, literals in branches become colours at load time.
        close(try compiled("stage == 2 ? 'red' : 'blue'", expecting: .color).color, Color(hex: 0xFF3B30), "ternary")
        close(try compiled("'accent'", expecting: .color).color, F.accent, "literal")
        close(try compiled("pressed ? alpha('accent', 0.5) : 'blue'").color, F.accent.withAlphaMultiplied(by: 0.5), "mixed")
        XCTAssertEqual(try compiled("alpha('red', 1) == 'red'"), .bool(true))
        XCTAssertEqual(try compiled("stage", expecting: .string), .string("2"))
    }

    func testIEEEResultsAreDetectableNotFatal() throws {
        XCTAssertEqual(try value("1 / 0").number, .infinity)
        XCTAssertEqual(try value("-1 / 0").number, -.infinity)
        XCTAssertEqual(try value("0 / 0").number?.isNaN, true)
        XCTAssertEqual(try value("5 % 0").number?.isNaN, true)
        XCTAssertEqual(try value("sqrt(-1)").number?.isNaN, true)
        XCTAssertEqual(try value("min(1, 0 / 0)").number?.isNaN, true)
        XCTAssertFalse(try value("log(0)").isFinite)
        XCTAssertFalse(try value("alpha('red', 1 / 0)").isFinite)
        XCTAssertTrue(try value("alpha('red', 0.5)").isFinite)
        XCTAssertTrue(try value("1 / 3").isFinite)
    }

    /// `&&`, `||` and `? :` must not evaluate what they skip: the recording environment sees every lookup.
    func testShortCircuitSkipsUnneededOperands() throws {
        final class Recorder: EvaluationEnvironment {
            var asked: [String] = []
            func value(of variable: String) -> Value? { asked.append(variable); return .bool(true) }
        }
        let cases: [(String, [String])] = [
            ("false && a", []), ("true || a", []), ("true && a", ["a"]), ("false || a", ["a"]),
            ("true ? a : b", ["a"]), ("false ? a : b", ["b"]), ("a || b || c", ["a"]),
        ]
        for (text, expected) in cases {
            let recorder = Recorder()
            _ = evaluate(try Expr.parse(text), recorder)
            XCTAssertEqual(recorder.asked, expected, text)
        }
    }

    func testShortVectorReadsDefaultsInsteadOfTrapping() throws {
        let code = try CompiledExpr(parsing: "progress + 1", env: F.env)
        XCTAssertEqual(code.slotCount, F.slots.count)
        XCTAssertEqual(code.evaluate([]).number?.isNaN, true)
        XCTAssertEqual(try CompiledExpr(parsing: "pressed", env: F.env).condition([]), false)
        XCTAssertEqual(code.number(F.slots), 1.25)
    }

    func testTypes() throws {
        let env = F.env
        let cases: [(String, ValueType)] = [
            ("1", .number), ("pressed", .bool), ("name", .string), ("'red'", .string), ("alpha('red', 1)", .color),
            ("mix(1, 2, 0.5)", .number), ("mix('red', 'blue', 0.5)", .color), ("1 + 'a'", .string),
        ]
        for (text, type) in cases { XCTAssertEqual(try typeCheck(Expr.parse(text), env: env), type, text) }
    }
}


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

