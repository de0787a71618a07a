import Foundation

/// The one place text is escaped for the formats we write: JSON string literals (manifests, events, summaries, the
/// preview page's data), JSON inside an HTML `<script>` (the preview page), HTML (the diff report) and XML (JUnit
/// reports, and the preview page, whose names may hold characters XML forbids). Kept together so that a format never
/// grows an escaper of its own that forgets a case.
public enum TextEscaping {
    /// `s` as a JSON string literal, quotes included: `"` and `\` escaped, `\n`, `\r` and `\t` in their short forms,
    /// other control characters as `\u00XX`; everything else (non-ASCII included) as it is, since our files are UTF-8.
    public static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += "\\u00" + hexByte(u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// JSON text made safe inside an HTML `<script>` element: `<`, `>` and `&` (which JSON has only inside strings, so
    /// `\u` escapes mean the same) cannot end the element or start a reference, and U+2028 and U+2029, which
    /// JavaScript once refused in string literals, become escapes too.
    public static func scriptJSON(_ json: String) -> String {
        var out = ""
        for u in json.unicodeScalars {
            switch u {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `s` for HTML text and double-quoted attribute values: `&`, `<`, `>` and `"` become entities.
    public static func html(_ s: String) -> String { markup(s, xml: false) }

    /// `s` for XML text and attribute values (either quote): as `html`, and `'` too; control characters other than
    /// tab, newline and carriage return, which XML 1.0 does not allow even as references, become `?`.
    public static func xml(_ s: String) -> String { markup(s, xml: true) }

    private static func markup(_ s: String, xml: Bool) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'" where xml: out += "&apos;"
            case _ where xml && u.value < 0x20 && u != "\t" && u != "\n" && u != "\r": out += "?"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Two lowercase hex digits.
    private static func hexByte(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(v >> 4) & 0xF], digits[Int(v) & 0xF]])
    }
}
