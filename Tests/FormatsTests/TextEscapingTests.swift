import XCTest
import Formats

/// Escaping for each kind of file, against hand-written strings.
final class TextEscapingTests: XCTestCase {
    func testJSON() {
        XCTAssertEqual(TextEscaping.jsonString(""), "\"\"")
        XCTAssertEqual(TextEscaping.jsonString("a\"b\\c/d"), #""a\"b\\c/d""#)
        XCTAssertEqual(TextEscaping.jsonString("\n\r\t\u{0}\u{8}\u{c}\u{1b}\u{7f}"), #""\n\r\t\u0000\u0008\u000c\u001b"#+"\u{7f}\"")
        XCTAssertEqual(TextEscaping.jsonString("é✓😀<&>'"), "\"é✓😀<&>'\"")
    }

    func testScriptJSON() {
        XCTAssertEqual(TextEscaping.scriptJSON(#"{"a":"</script><b>&amp;\#u{2028}\#u{2029}é"}"#),
                       #"{"a":"\u003c/script\u003e\u003cb\u003e\u0026amp;\u2028\u2029é"}"#)
    }

    func testHTML() {
        XCTAssertEqual(TextEscaping.html("<a href=\"x\">Tom & 'Jerry'</a>"), "&lt;a href=&quot;x&quot;&gt;Tom &amp; 'Jerry'&lt;/a&gt;")
        XCTAssertEqual(TextEscaping.html("é\u{1}\n"), "é\u{1}\n")
    }

    func testXML() {
        XCTAssertEqual(TextEscaping.xml("<a b='c' d=\"e\">&</a>"), "&lt;a b=&apos;c&apos; d=&quot;e&quot;&gt;&amp;&lt;/a&gt;")
        XCTAssertEqual(TextEscaping.xml("tab\tnl\ncr\r bell\u{7} nul\u{0} é"), "tab\tnl\ncr\r bell? nul? é")
    }
}
