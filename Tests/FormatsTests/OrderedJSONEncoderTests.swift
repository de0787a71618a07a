import Foundation
import XCTest
@testable import Formats

/// The writer against text written out by hand: member order, layout, escaping and number notation are what keep
/// our files' bytes the same, so each is spelled out here rather than derived from the writer.
final class OrderedJSONEncoderTests: XCTestCase {
    struct Inner: Codable, Equatable {
        var zeta: Int
        var alpha: String
        var maybe: Bool?
    }

    struct Outer: Codable, Equatable {
        var name: String
        var ratio: Double
        var inner: Inner
        var list: [Inner]
        var numbers: [Double]
        var empty: [Inner]
        var nested: [[Int]]
    }

    func testLayoutOrderAndOmittedOptionals() throws {
        let value = Outer(name: "a", ratio: 0.5, inner: Inner(zeta: 1, alpha: "x", maybe: nil),
                          list: [Inner(zeta: 2, alpha: "y", maybe: true), Inner(zeta: 3, alpha: "z", maybe: false)],
                          numbers: [1, 2.5], empty: [], nested: [[1, 2], []])
        let expected = """
        {
          "name": "a",
          "ratio": 0.5,
          "inner": {"zeta": 1, "alpha": "x"},
          "list": [
            {"zeta": 2, "alpha": "y", "maybe": true},
            {"zeta": 3, "alpha": "z", "maybe": false}
          ],
          "numbers": [
            1,
            2.5
          ],
          "empty": [],
          "nested": [
            [1, 2],
            []
          ]
        }

        """
        let text = try OrderedJSONEncoder().encode(value)
        XCTAssertEqual(text, expected)
        XCTAssertEqual(try JSONDecoder().decode(Outer.self, from: Data(text.utf8)), value, "reads back as it was")
    }

    struct Numbers: Codable, Equatable {
        var values: [Double]
        var big: Int
        var small: Int64
        var unsigned: UInt8
    }

    func testNumbersAsTodaysFilesWriteThem() throws {
        // 1e15 and up are Swift's description, which writes `.0` below 2⁵³ and an exponent above: today's files do too.
        let value = Numbers(values: [0.1, 1e-7, 600, -0.0, 2.345049615227991, 1e15, 1e16, 999_999_999_999_999, -3, 0.30000000000000004],
                            big: Int.max, small: Int64.min, unsigned: 255)
        let text = try OrderedJSONEncoder().encode(value)
        XCTAssertEqual(text, """
        {
          "values": [
            0.1,
            1e-07,
            600,
            0,
            2.345049615227991,
            1000000000000000.0,
            1e+16,
            999999999999999,
            -3,
            0.30000000000000004
          ],
          "big": 9223372036854775807,
          "small": -9223372036854775808,
          "unsigned": 255
        }

        """)
        let back = try JSONDecoder().decode(Numbers.self, from: Data(text.utf8))
        XCTAssertEqual(back.values.map(\.bitPattern), value.values.map { $0 == 0 ? 0.0.bitPattern : $0.bitPattern },
                       "every number reads back as the same Double (−0 as 0)")
        XCTAssertEqual(back.big, Int.max)
        XCTAssertEqual(back.small, Int64.min)
    }

    func testNotFiniteIsNullAndFloatIsRefused() throws {
        XCTAssertEqual(try OrderedJSONEncoder().encode([Double.nan, .infinity]), "[\n  null,\n  null\n]\n")
        XCTAssertThrowsError(try OrderedJSONEncoder().encode([Float(0.1)]))
    }

    struct Texts: Codable, Equatable {
        var plain: String
        var quoted: String
        var control: String
        var unicode: String
    }

    func testStringsAreEscapedOnceAndNonASCIIStaysUTF8() throws {
        let value = Texts(plain: "frame_00001.png", quoted: "say \"hi\" \\ bye", control: "a\nb\tc\rd\u{1}e\u{1f}",
                          unicode: "é ✓ 😀 \u{2028}")
        let text = try OrderedJSONEncoder().encode(value)
        XCTAssertEqual(text, """
        {
          "plain": "frame_00001.png",
          "quoted": "say \\"hi\\" \\\\ bye",
          "control": "a\\nb\\tc\\rd\\u0001e\\u001f",
          "unicode": "é ✓ 😀 \u{2028}"
        }

        """)
        XCTAssertEqual(try JSONDecoder().decode(Texts.self, from: Data(text.utf8)), value)
    }

    /// A type that encodes a shared part into its own object, then its keys: one object, in that order.
    struct Flattened: Encodable {
        var inner: Inner
        var after: String
        enum CodingKeys: String, CodingKey { case after }
        func encode(to encoder: Encoder) throws {
            try inner.encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(after, forKey: .after)
        }
    }

    func testASecondContainerContinuesTheSameObject() throws {
        let text = try OrderedJSONEncoder().encode([Flattened(inner: Inner(zeta: 9, alpha: "q", maybe: nil), after: "end")])
        XCTAssertEqual(text, "[\n  {\"zeta\": 9, \"alpha\": \"q\", \"after\": \"end\"}\n]\n")
    }

    /// Keys chosen at run time keep the order they were encoded in, which a dictionary would not.
    struct Dynamic: Encodable {
        var names: [String]
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            var nested = c.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "values"))
            for (k, name) in names.enumerated() { try nested.encode(k, forKey: Key(stringValue: name)) }
            var list = c.nestedUnkeyedContainer(forKey: Key(stringValue: "list"))
            try list.encodeNil()
            try list.encode("x")
            var sup = c.superEncoder().singleValueContainer()
            try sup.encode(true)
        }
    }

    func testRunTimeKeysNestedContainersAndSuperEncoder() throws {
        let text = try OrderedJSONEncoder().encode(Dynamic(names: ["zz", "a", "m"]))
        XCTAssertEqual(text, """
        {
          "values": {"zz": 0, "a": 1, "m": 2},
          "list": [
            null,
            "x"
          ],
          "super": true
        }

        """)
    }
}
