import XCTest
@testable import SceneModel

/// The JSON parser: values and their positions, and every syntax error with the exact
/// line and column it is reported at. Columns are 1-based and count Unicode scalars; every
/// position below is counted by hand from the document text written next to it.
final class JSONParserTests: XCTestCase {
    // MARK: - Helpers

    private func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONValue? {
        do { return try JSONParser.parse(text) } catch {
            XCTFail("unexpected syntax error at \(error.location.line):\(error.location.column): \(error.message)", file: file, line: line)
            return nil
        }
    }

    private func parseBytes(_ bytes: [UInt8]) -> Result<JSONValue, JSONParser.SyntaxError> {
        do { return .success(try JSONParser.parse(bytes: bytes)) } catch { return .failure(error) }
    }

    /// Asserts that `text` fails at `line:column` with a message containing `message`.
    private func assertError(_ text: String, _ line: Int, _ column: Int, _ message: String,
                             file: StaticString = #filePath, at testLine: UInt = #line) {
        assertError(bytes: Array(text.utf8), line, column, message, file: file, at: testLine)
    }

    private func assertError(bytes: [UInt8], _ line: Int, _ column: Int, _ message: String,
                             file: StaticString = #filePath, at testLine: UInt = #line) {
        switch parseBytes(bytes) {
        case .success:
            XCTFail("expected a syntax error \"\(message)\", but the document parsed", file: file, line: testLine)
        case .failure(let e):
            XCTAssertEqual("\(e.location.line):\(e.location.column)", "\(line):\(column)", "position of: \(e.message)", file: file, line: testLine)
            XCTAssertTrue(e.message.contains(message), "message \"\(e.message)\" lacks \"\(message)\"", file: file, line: testLine)
        }
    }

    private func loc(_ v: JSONValue?) -> String { v.map { "\($0.location.line):\($0.location.column)" } ?? "missing" }

    // MARK: - Valid documents

    func testNestedDocumentKeepsValuesOrderAndPositions() throws {
        //           1234567890123456789012345678901234
        let text = #"{"a": [1, {"b": null}], "c": true}"#
        let v = try XCTUnwrap(parse(text))
        let members = try XCTUnwrap(v.members)
        XCTAssertEqual(members.map(\.key), ["a", "c"])
        XCTAssertEqual(loc(v), "1:1")
        XCTAssertEqual("\(members[0].keyLocation.line):\(members[0].keyLocation.column)", "1:2")
        XCTAssertEqual(loc(v["a"]), "1:7")
        let list = try XCTUnwrap(v["a"]?.elements)
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(list[0].number, 1)
        XCTAssertEqual(loc(list[0]), "1:8")
        XCTAssertEqual(loc(list[1]), "1:11")
        XCTAssertEqual("\(list[1].members?[0].keyLocation.column ?? 0)", "12")
        if case .null = list[1]["b"]?.kind {} else { XCTFail("b should be null") }
        XCTAssertEqual(loc(list[1]["b"]), "1:17")
        XCTAssertEqual("\(members[1].keyLocation.column)", "25")
        XCTAssertEqual(v["c"]?.bool, true)
        XCTAssertEqual(loc(v["c"]), "1:30")
    }

    func testPositionsAcrossLinesCountUnicodeScalarsNotBytesOrGraphemes() throws {
        // "é" is 2 UTF-8 bytes, "😀" 4 bytes, both one scalar; "e\u{301}" is one grapheme but two scalars.
        let text = "{\n  \"é\": \"ü\",\n  \"k\": [\"😀\", 1, \"e\u{301}\", 2]\r\n}"
        let v = try XCTUnwrap(parse(text))
        // Line 2: `  "é": "ü",` — the value's quote is the 8th scalar.
        XCTAssertEqual(loc(v["é"]), "2:8")
        XCTAssertEqual(v["é"]?.string, "ü")
        // Line 3: `  "k": ["😀", 1, "é", 2]` — [ at 8, "😀" at 9–11, 1 at 14, "e◌́" at 17–20, 2 at 23.
        let list = try XCTUnwrap(v["k"]?.elements)
        XCTAssertEqual(loc(v["k"]), "3:8")
        XCTAssertEqual(loc(list[1]), "3:14")
        XCTAssertEqual(loc(list[2]), "3:17")
        XCTAssertEqual(loc(list[3]), "3:23")
        XCTAssertEqual(list[2].string?.unicodeScalars.count, 2)
    }

    func testEscapesIncludingSurrogatePairs() throws {
        let v = try XCTUnwrap(parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u00DF", "\ud83d\ude00", "a\u0000b", "\u20AC"]"#))
        let s = try XCTUnwrap(v.elements).map { $0.string ?? "?" }
        XCTAssertEqual(s[0], "\"\\/\u{8}\u{C}\n\r\t")
        XCTAssertEqual(s[1], "éß")
        // U+1F600 = 0x10000 + (0xD83D − 0xD800)·0x400 + (0xDE00 − 0xDC00).
        XCTAssertEqual(s[2].unicodeScalars.map(\.value), [0x1F600])
        XCTAssertEqual(s[3].unicodeScalars.map(\.value), [0x61, 0, 0x62])
        XCTAssertEqual(s[4], "€")
    }

    func testNumbersWithFractionsAndExponents() throws {
        let v = try XCTUnwrap(parse("[0, -0, 12, -3.25, 1e3, 1E+2, -2.5e-2, 0.5e1, 1.7976931348623157e308, 5e-324]"))
        let n = try XCTUnwrap(v.elements).map { $0.number ?? .nan }
        XCTAssertEqual(n[0], 0)
        XCTAssertEqual(n[1], 0)
        XCTAssertEqual(n[1].sign, .minus)
        XCTAssertEqual(n[2], 12)
        XCTAssertEqual(n[3], -3.25)
        XCTAssertEqual(n[4], 1000)
        XCTAssertEqual(n[5], 100)
        XCTAssertEqual(n[6], -0.025)
        XCTAssertEqual(n[7], 5)
        XCTAssertEqual(n[8], Double.greatestFiniteMagnitude)
        XCTAssertEqual(n[9], Double.leastNonzeroMagnitude)
    }

    func testLiteralsAndEmptyContainers() throws {
        let v = try XCTUnwrap(parse(" \t\r\n{\"t\": true, \"f\": false, \"o\": {}, \"l\": []} \n"))
        XCTAssertEqual(v["t"]?.bool, true)
        XCTAssertEqual(v["f"]?.bool, false)
        XCTAssertEqual(v["o"]?.members?.count, 0)
        XCTAssertEqual(v["l"]?.elements?.count, 0)
        XCTAssertEqual(loc(v), "2:1")
    }

    func testByteOrderMarkIsSkippedAndDoesNotShiftColumns() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8)
        guard case .success(let v) = parseBytes(bytes) else { return XCTFail("a BOM before the document must be accepted") }
        XCTAssertEqual(loc(v), "1:1")
        XCTAssertEqual(loc(v["a"]), "1:7")
        // An error after a BOM is still counted from the first character after it.
        assertError(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a" 1}"#.utf8), 1, 6, "expected ':'")
        // A BOM alone is an empty file.
        assertError(bytes: [0xEF, 0xBB, 0xBF], 1, 1, "empty")
    }

    func testNestingUpToTheLimitIsAccepted() {
        let n = JSONParser.maxDepth
        let text = String(repeating: "[", count: n) + String(repeating: "]", count: n)
        XCTAssertNotNil(parse(text))
    }

    // MARK: - Syntax errors

    func testTrailingCommasPointAtTheComma() {
        //            123456789
        assertError(#"{"a": 1,}"#, 1, 8, "trailing comma")
        assertError("[1, 2,]", 1, 6, "trailing comma")
        assertError("{\n  \"a\": [\n    1,\n  ]\n}", 3, 6, "trailing comma")
    }

    func testMissingColonAndMissingComma() {
        assertError(#"{"a" 1}"#, 1, 6, "expected ':' after the key")
        assertError("[1 2]", 1, 4, "expected ',' or ']'")
        assertError(#"{"a": 1 "b": 2}"#, 1, 9, "expected ',' or '}'")
    }

    func testUnterminatedStringPointsAtItsOpeningQuote() {
        assertError(#"{"a": "abc"#, 1, 7, "unterminated string")
        assertError("{\"a\": \"abc\n\"}", 1, 11, "line break inside a string")
        assertError("[\"ok\",\n  \"never closed", 2, 3, "unterminated string")
    }

    func testDuplicateKeyPointsAtTheSecondKey() {
        assertError(#"{"a": 1, "a": 2}"#, 1, 10, #"duplicate key "a""#)
        assertError("{\"x\": {\"y\": 1,\n       \"y\": 2}}", 2, 8, #"duplicate key "y""#)
    }

    func testLeadingZerosPointAtTheNumber() {
        assertError("[01]", 1, 2, "leading zeros")
        assertError(#"{"n": -007}"#, 1, 7, "leading zeros")
    }

    func testMalformedNumbers() {
        assertError("[1.]", 1, 4, "after the decimal point")
        assertError("[1e]", 1, 4, "exponent")
        assertError("[-]", 1, 3, "expected a digit")
        assertError("[.5]", 1, 2, "unexpected '.'")
        assertError("[+1]", 1, 2, "unexpected '+'")
        assertError("[1e400]", 1, 2, "out of range")
    }

    func testSingleQuotesForValuesAndKeys() {
        assertError(#"["a", 'b']"#, 1, 7, "double quotes")
        assertError("{'a': 1}", 1, 2, "double quotes")
    }

    func testBareWords() {
        assertError(#"{"a": yes}"#, 1, 7, "'yes'")
        assertError(#"{"a": tru}"#, 1, 7, "'tru'")
        assertError(#"{"a": True}"#, 1, 7, "'True'")
        assertError(#"{"a": nullx}"#, 1, 11, "after 'null'")
        assertError("{a: 1}", 1, 2, "a key in double quotes")
    }

    func testEmptyAndWhitespaceOnlyFiles() {
        assertError("", 1, 1, "the file is empty")
        assertError("\n\n  ", 3, 3, "the file is empty")
    }

    func testTextAfterTheDocument() {
        assertError("{} x", 1, 4, "after the end of the document")
        assertError("{}\n{}", 2, 1, "after the end of the document")
    }

    func testUnclosedContainersNameWhereTheyOpened() {
        assertError(#"{"a": 1"#, 1, 8, "starting at 1:1")
        assertError("[1,\n [2", 2, 4, "starting at 2:2")
        assertError(#"{"a""#, 1, 5, "expected ':'")
    }

    func testBadEscapes() {
        //            1234567
        assertError(#"["\x"]"#, 1, 3, #"invalid escape '\x'"#)
        assertError(#"["\u12G4"]"#, 1, 7, "invalid hex digit")
        assertError(#"["\u12"]"#, 1, 7, "invalid hex digit")
        // A high surrogate must be followed by a low one; both errors point at the escape that starts the pair.
        assertError(#"["ab\ud83d"]"#, 1, 5, "lone surrogate")
        assertError(#"["\ud83d\u0041"]"#, 1, 3, "invalid surrogate pair")
        assertError(#"["\ude00"]"#, 1, 3, "lone surrogate")
    }

    func testControlCharactersInsideStrings() {
        assertError("[\"a\tb\"]", 1, 4, "control character")
    }

    func testNestingBeyondTheLimitIsRejectedAtTheFirstTooDeepBracket() {
        let n = JSONParser.maxDepth + 1
        let text = String(repeating: "[", count: n) + String(repeating: "]", count: n)
        assertError(text, 1, n, "nesting deeper than \(JSONParser.maxDepth)")
    }
}

/// A minified scene is one long line; finding each value's column must not rescan the line.
final class JSONParserLongLineTests: XCTestCase {
    func testLongSingleLineDocumentParsesWithExactColumns() throws {
        let n = 300_000
        // `[0,0,…,0]`: element k starts at column 2 + 2k.
        let text = "[" + Array(repeating: "0", count: n).joined(separator: ",") + "]"
        let v = try JSONParser.parse(text)
        let items = try XCTUnwrap(v.elements)
        XCTAssertEqual(items.count, n)
        XCTAssertEqual(items[0].location.column, 2)
        XCTAssertEqual(items[n - 1].location.column, 2 + 2 * (n - 1))
        XCTAssertEqual(items[12_345].location.column, 2 + 2 * 12_345)
    }
}
