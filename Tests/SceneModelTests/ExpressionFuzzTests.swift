import XCTest
import TestSupport
@testable import SceneModel

final class ExpressionFuzzTests: XCTestCase {
    typealias F = ExpressionFixture

    /// Random text, biased toward the expression alphabet, never crashes the parser, checker or
    /// evaluator, and every error points inside the text.
    func testRandomTextNeverCrashes() {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        let alphabet = Array("0123456789.eE+-*/%<>=!&|?:()[],' \\\"_abcdefghijklmnopqrstuvwxyz#é✓\u{0}".unicodeScalars)
        let words = ["progress", "stage", "pressed", "name", "t", "i", "min(", "nearest(", "mix(", "alpha(", "'red'",
                     "true", "false", "gesture.x", "(", ")", "[", "]", "?", ":", "&&", "||", "==", "1e9", "-"]
        var parsed = 0, compiled = 0
        for round in 0..<20_000 {
            var text = String.UnicodeScalarView()
            let count = Int.random(in: 0...48, using: &rng)
            for _ in 0..<count {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0..<5: text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)])
                case 5..<9: text.append(contentsOf: words[Int.random(in: 0..<words.count, using: &rng)].unicodeScalars)
                default:
                    // Raw bytes, decoded leniently: invalid UTF-8 turns into U+FFFD.
                    let bytes = (0..<Int.random(in: 1...3, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
                    text.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
                }
            }
            let source = round.isMultiple(of: 2) ? "=" + String(text) : String(text)
            let scalars = source.unicodeScalars.count
            do {
                let e = try Expr.parse(source)
                parsed += 1
                XCTAssertTrue(e.offset >= 0 && e.offset + e.length <= scalars, source)
                let code = try CompiledExpr(e, env: F.env)
                compiled += 1
                let v = code.evaluate(F.slots)
                XCTAssertEqual(v.type, code.type, source)
                XCTAssertTrue(F.same(v, evaluate(e, F.bindings)) || code.type == .color, source)
            } catch {
                XCTAssertTrue(error.offset >= 0 && error.length >= 0 && error.offset + error.length <= scalars,
                              "\(source): \(error)")
            }
        }
        // The generator must reach the checker and the evaluator, not only the lexer.
        XCTAssertGreaterThan(parsed, 200)
        XCTAssertGreaterThan(compiled, 100)
    }

    /// Long hostile inputs near the length limit: deep nesting of every kind, unbalanced brackets.
    func testHostileNestingNeverCrashes() {
        var rng = SeededGenerator(seed: 0x5EED_0002)
        let pieces = ["(", "[", "-", "!", "min(", "a ? ", "1 + ", ")", "]", ": 1", ","]
        for _ in 0..<150 {
            var text = ""
            while text.unicodeScalars.count < 4090 { text += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
            do { _ = try CompiledExpr(parsing: text, env: F.env) } catch {
                XCTAssertLessThanOrEqual(error.offset + error.length, text.unicodeScalars.count)
            }
        }
    }

    /// Random well-typed expressions: the compiled closures agree with the tree-walking evaluator
    /// bit for bit (NaN with NaN), which checks slot resolution and operator wiring end to end.
    func testCompiledAgreesWithInterpreter() throws {
        var rng = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<3000 {
            let text = number(depth: 0, &rng)
            let e = try Expr.parse(text)
            let code = try CompiledExpr(e, env: F.env)
            XCTAssertEqual(code.type, .number)
            XCTAssertTrue(F.same(code.evaluate(F.slots), evaluate(e, F.bindings)), text)
        }
    }

    private func number(depth: Int, _ rng: inout SeededGenerator) -> String {
        let leaf = depth >= 4 || Int.random(in: 0..<3, using: &rng) == 0
        if leaf {
            return ["progress", "stage", "t", "i", "inc", "0", "1", "2.5", "0.5", "100"][Int.random(in: 0..<10, using: &rng)]
        }
        let a = number(depth: depth + 1, &rng), b = number(depth: depth + 1, &rng)
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return "(\(a) \(["+", "-", "*", "/", "%"][Int.random(in: 0..<5, using: &rng)]) \(b))"
        case 1: return "-\(a)"
        case 2: return "(\(bool(depth: depth + 1, &rng)) ? \(a) : \(b))"
        case 3:
            let unary = ["abs", "sqrt", "exp", "log", "sin", "cos", "floor", "ceil", "round", "sign"]
            return "\(unary[Int.random(in: 0..<unary.count, using: &rng)])(\(a))"
        case 4:
            let binary = ["min", "max", "pow", "rubberband", "rubberbandScroll", "project"]
            return "\(binary[Int.random(in: 0..<binary.count, using: &rng)])(\(a), \(b))"
        case 5:
            let c = number(depth: depth + 1, &rng)
            return Bool.random(using: &rng) ? "clamp(\(a), \(b), \(c))" : "uikitSpring(\(a), \(b), \(c), progress)"
        case 6: return "mix(\(a), \(b), progress)"
        case 7: return "nearest(\(a), [\(b), 1, stage])"
        default: return "min(\(a), \(b), t, i)"
        }
    }

    private func bool(depth: Int, _ rng: inout SeededGenerator) -> String {
        let a = number(depth: depth + 1, &rng), b = number(depth: depth + 1, &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return "\(a) \(["<", "<=", ">", ">=", "==", "!="][Int.random(in: 0..<6, using: &rng)]) \(b)"
        case 1: return "(pressed && \(a) < \(b))"
        case 2: return "(\(a) > \(b) || !pressed)"
        case 3: return "!(\(a) == \(b))"
        default: return "pressed"
        }
    }
}
