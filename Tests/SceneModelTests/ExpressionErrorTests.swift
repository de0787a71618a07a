import XCTest
@testable import SceneModel

final class ExpressionErrorTests: XCTestCase {
    typealias F = ExpressionFixture

    /// Text → (offset, length, part of the message). Offsets count Unicode scalars of the whole text, `=` included.
    let syntaxErrors: [(String, Int, Int, String)] = [
        ("", 0, 0, "empty expression"), ("=", 1, 0, "empty expression"), ("   ", 3, 0, "empty expression"),
        ("1 +", 3, 0, "ends where a value was expected"), ("1 2", 2, 1, "unexpected number `2` after the end"),
        ("a b", 2, 1, "unexpected `b` after the end"), ("(1 + 2", 6, 0, "expected `)`"), ("1 + )", 4, 1, "expected a value"),
        ("()", 1, 1, "expected a value"), ("'abc", 0, 4, "unterminated string"), ("=  'ab", 3, 3, "unterminated string"),
        ("'it\\'", 0, 5, "unterminated string"), ("a = 1", 2, 1, "use `==`"), ("a & b", 2, 1, "`&&`"),
        ("a | b", 2, 1, "`||`"), ("\"x\"", 0, 1, "single quotes"), ("3px", 0, 3, "malformed number"),
        ("1.2.3", 0, 5, "malformed number"), ("1e", 0, 2, "exponent"), ("2e+", 0, 3, "exponent"),
        ("'a\\n'", 2, 2, "unknown escape"), ("#", 0, 1, "unexpected character"), ("1 @ 2", 2, 1, "unexpected character"),
        ("gesture.", 7, 1, "`.` in a name"), ("min(1,)", 6, 1, "expected a value"), ("min(1 2)", 6, 1, "expected `,` or `)`"),
        ("a ? b", 5, 0, "expected `:`"), ("[1, 2", 5, 0, "expected `,` or `]`"), ("=1 +* 2", 4, 1, "expected a value"),
    ]

    /// Errors the checker finds in the fixture environment.
    let typeErrors: [(String, Int, Int, String)] = [
        ("progres + 1", 0, 7, "unknown variable `progres`; did you mean `progress`?"),
        ("=1 + stagee", 5, 6, "did you mean `stage`?"),
        ("gesture.x", 0, 9, "only inside gesture handlers"),
        ("clmp(1, 0, 1)", 0, 4, "unknown function `clmp`; did you mean `clamp`?"),
        ("clamp(1, 2)", 0, 11, "clamp(x, lo, hi) takes 3 arguments, got 2"),
        ("min(1)", 0, 6, "takes at least 2 arguments, got 1"),
        ("abs(1, 2)", 0, 9, "takes 1 arguments, got 2"),
        ("nearest(1)", 0, 10, "takes 2 arguments"),
        ("1 + true", 4, 4, "`+` adds numbers or joins strings, got a bool"),
        ("true + 1", 0, 4, "got a bool"),
        ("!5", 1, 1, "the operand of `!` must be a bool, got a number"),
        ("-'a'", 1, 3, "the operand of `-` must be a number, got a string"),
        ("clamp('a', 0, 1)", 6, 3, "argument 1 of clamp(x, lo, hi) must be a number, got a string"),
        ("1 < 'a'", 4, 3, "the right side of `<` must be a number"),
        ("2 * pressed", 4, 7, "the right side of `*` must be a number, got a bool"),
        ("1 && true", 0, 1, "the left side of `&&` must be a bool"),
        ("1 ? 2 : 3", 0, 1, "the condition of `? :` must be a bool"),
        ("true ? 1 : 'a'", 11, 3, "both branches of `? :` must have the same type, got a number and a string"),
        ("1 == 'a'", 5, 3, "cannot compare a number with a string"),
        ("alpha('acent', 0.5)", 6, 7, "'acent' is not a colour"),
        ("alpha(name, 0.5)", 6, 4, "string variables are not"),
        ("alpha(1, 0.5)", 6, 1, "argument 1 of alpha(colour, a) must be a colour, got a number"),
        ("alpha('red', 'x')", 13, 3, "argument 2 of alpha(colour, a) must be a number"),
        ("mix(1, 'red', 0.5)", 7, 5, "argument 2 of mix(a, b, f) must be a number like argument 1"),
        ("mix('red', 1, 0.5)", 11, 1, "argument 2 of mix(a, b, f) must be a colour, got a number"),
        ("mix('red', 'blue', 'x')", 19, 3, "argument 3 of mix(a, b, f) must be a number"),
        ("nearest(1, 2)", 11, 1, "must be a list literal"),
        ("nearest(1, [])", 11, 2, "at least one candidate"),
        ("nearest(1, [1, true])", 15, 4, "each element of nearest's list must be a number"),
        ("[1, 2]", 0, 6, "only be the second argument of nearest"),
        ("(1 + (2 + true))", 10, 4, "got a bool"),
    ]

    func testSyntaxErrors() {
        for (text, offset, length, message) in syntaxErrors {
            check(text, offset, length, message) { () throws(ExprError) in _ = try Expr.parse(text) }
        }
    }

    func testTypeErrors() {
        for (text, offset, length, message) in typeErrors {
            XCTAssertNoThrow(try Expr.parse(text), text)
            check(text, offset, length, message) { () throws(ExprError) in _ = try typeCheck(Expr.parse(text), env: F.env) }
        }
    }

    func testExpectedTypeErrors() {
        let cases: [(String, ValueType, Int, Int, String)] = [
            ("1 + 2", .color, 0, 5, "the expression must be a colour, got a number"),
            ("'blu'", .color, 0, 5, "did you mean 'blue'?"),
            ("=pressed ? 'red' : 'bleu'", .color, 19, 6, "'bleu' is not a colour"),
            ("pressed", .number, 0, 7, "must be a number, got a bool"),
            ("name", .color, 0, 4, "must be a colour, got a string"),
        ]
        for (text, type, offset, length, message) in cases {
            check(text, offset, length, message) { () throws(ExprError) in _ = try CompiledExpr(parsing: text, env: F.env, expecting: type) }
        }
    }

    func testSuggestionsOnlyWhenClose() throws {
        for text in ["zzz", "foo(1)"] {
            do { _ = try typeCheck(Expr.parse(text), env: F.env); XCTFail(text) } catch {
                XCTAssertFalse(error.message.contains("did you mean"), error.message)
            }
        }
        XCTAssertEqual(NameSuggestion.distance("kitten", "sitting"), 3)
        XCTAssertEqual(NameSuggestion.distance("", "abc"), 3)
        XCTAssertEqual(NameSuggestion.nearest(to: "Progress", among: ["progress", "stage"]), "progress")
        XCTAssertNil(NameSuggestion.nearest(to: "width", among: ["progress", "stage"]))
    }

    func testGestureVariablesInsideHandlers() throws {
        var env = F.env
        env.declareGestureVariables()
        let code = try CompiledExpr(parsing: "rubberband(gesture.translation.y, 0.7) + (gesture.pressed ? 1 : 0)", env: env)
        var slots = F.slots
        slots += [.number(0), .number(0), .number(0), .number(-32), .number(0), .number(0), .number(0.5), .bool(true)]
        XCTAssertEqual(slots.count, env.slotCount)
        XCTAssertEqual(code.number(slots), -pow(32, 0.7) + 1, accuracy: 1e-12)
    }

    func testLimits() {
        let long = String(repeating: "1+", count: 2100) + "1"
        check(long, Expr.maximumLength, long.unicodeScalars.count - Expr.maximumLength, "longer than 4096") { () throws(ExprError) in
            _ = try Expr.parse(long)
        }
        let deep = ["(", "-", "!", "[", "min(1,"]
        for opener in deep {
            let closer = opener == "(" ? ")" : opener == "[" ? "]" : opener == "min(1," ? ")" : ""
            let ok = String(repeating: opener, count: 40) + "1" + String(repeating: closer, count: 40)
            XCTAssertNoThrow(try Expr.parse(ok), opener)
            let tooDeep = String(repeating: opener, count: 500) + "1" + String(repeating: closer, count: 500)
            do { _ = try Expr.parse(tooDeep); XCTFail(opener) } catch {
                XCTAssertTrue(error.message.contains("nested too deeply"), error.message)
            }
        }
        // A long left-associated chain is as deep as it is long, so it is limited too.
        XCTAssertNoThrow(try Expr.parse(String(repeating: "1+", count: 40) + "1"))
        do { _ = try Expr.parse(String(repeating: "1+", count: 100) + "1"); XCTFail("chain") } catch {
            XCTAssertTrue(error.message.contains("nested too deeply"), error.message)
        }
    }

    private func check(_ text: String, _ offset: Int, _ length: Int, _ message: String,
                       file: StaticString = #filePath, line: UInt = #line, _ body: () throws(ExprError) -> Void) {
        do {
            try body()
            XCTFail("`\(text)` should fail with \(message)", file: file, line: line)
        } catch {
            XCTAssertTrue(error.message.contains(message), "`\(text)`: \(error.message)", file: file, line: line)
            XCTAssertEqual(error.offset, offset, "`\(text)`: \(error)", file: file, line: line)
            XCTAssertEqual(error.length, length, "`\(text)`: \(error)", file: file, line: line)
            XCTAssertTrue(error.description.hasPrefix("offset \(offset): "), file: file, line: line)
        }
    }
}
