import Foundation
import SceneModel
import SwiftSource
import XCTest

/// Inputs a fuzzer would find: the translator never crashes, and every problem is a located line in the file.
final class RobustnessTests: XCTestCase {
    /// Translates and checks every problem is located inside the file; returns the problems.
    @discardableResult
    func refused(_ source: String, line: UInt = #line) -> [String] {
        let t = SwiftSceneTranslator.translate(source: source, file: "R.swift")
        XCTAssertNil(t.scene, "refused", line: line)
        XCTAssertFalse(t.problems.isEmpty, "at least one problem", line: line)
        let lines = swiftLines(source)
        for p in t.problems {
            XCTAssertEqual(p.file, "R.swift", line: line)
            XCTAssertGreaterThanOrEqual(p.line, 1, line: line)
            XCTAssertLessThanOrEqual(p.line, max(1, lines.count), "\(p)", line: line)
            XCTAssertGreaterThanOrEqual(p.column, 1, line: line)
            if p.line <= lines.count {
                XCTAssertLessThanOrEqual(p.column, lines[p.line - 1].unicodeScalars.count + 1, "\(p)", line: line)
            }
            XCTAssertFalse(p.description.contains("\n"), "one line", line: line)
        }
        return t.problems.map(\.description)
    }

    func testGarbage() {
        refused("}{ struct ??? !!! @@@ \u{0} é 🎉")
        refused("struct V: View { var body: some View { Circle(.opacity( } }")
        refused(String(repeating: "\u{FFFD}", count: 1000))
        // Random bytes made text, from a fixed seed.
        var g = SplitMix(seed: 7)
        for _ in 0..<50 {
            let scalars = (0..<200).map { _ in Unicode.Scalar(UInt8(truncatingIfNeeded: g.next() % 95 + 32)) }
            let text = String(String.UnicodeScalarView(scalars))
            let t = SwiftSceneTranslator.translate(source: text, file: "R.swift")
            XCTAssertTrue(t.scene != nil || !t.problems.isEmpty)
        }
    }

    /// A NUL byte (swift-syntax's diagnostics trapped on one found by the fuzzer) is refused where it is, and the
    /// line breaks Swift has (\r\n, a lone \r) count as lines.
    func testNulByteAndLineBreaks() {
        XCTAssertEqual(refused("import SwiftUI\r\nstruct V: View {\r  var body: some View { Circle() }\u{0}\n}"),
                       ["R.swift:3:35: syntax: a NUL character in the file; Swift source cannot contain one"])
    }

    /// swift-syntax's parser takes exponential time on deeply nested `[` (the fuzzer's timeout): refused at once.
    func testDeeplyNestedBracketsAreRefusedQuickly() {
        let src = "import SwiftUI\nlet a = " + String(repeating: "[", count: 40) + "\n"
        let start = Date()
        XCTAssertEqual(refused(src), ["R.swift:2:25: syntax: square brackets nested more than 16 deep"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
    }

    func testEmptyFile() {
        XCTAssertEqual(refused(""), ["R.swift:1:1: (document): no View struct in the file (a struct that conforms to View, with var body: some View)"])
        XCTAssertEqual(refused("\n\n   \n").count, 1)
        XCTAssertEqual(refused("import SwiftUI\nstruct V: View {}\n"), ["R.swift:2:1: V: has no `var body: some View`"])
    }

    func testNoViewNamed() {
        let src = "import SwiftUI\nstruct UnlockCard: View { var body: some View { Circle() } }\nstruct PinField: View { var body: some View { Circle() } }\n"
        let t = SwiftSceneTranslator.translate(source: src, file: "Unlock.swift", options: SwiftSceneOptions(view: "UnlockView"))
        XCTAssertEqual(t.problems.map(\.description), ["Unlock.swift:1:1: (document): no View struct named UnlockView; found: UnlockCard, PinField"])
    }

    func testDeeplyNestedParentheses() {
        let deep = String(repeating: "(", count: 2000) + "0.5" + String(repeating: ")", count: 2000)
        refused(swiftView("Circle().opacity(\(deep))"))
        let deepViews = String(repeating: "ZStack { ", count: 2000) + "Circle()" + String(repeating: " }", count: 2000)
        refused(swiftView(deepViews))
        // Moderate nesting translates (swift-syntax's own nesting limit is lower in debug builds).
        let some = String(repeating: "(", count: 8) + "0.5" + String(repeating: ")", count: 8)
        let t = SwiftSceneTranslator.translate(source: swiftView("Circle().opacity(\(some))"), file: "R.swift")
        XCTAssertEqual(t.problems.map(\.description), [])
        XCTAssertEqual(t.scene?.at("body.opacity")?.number, 0.5)
    }

    func testOneMegabyteFile() {
        var src = swiftView("Circle().opacity(c9999 / 20000)")
        var n = 0
        while src.utf8.count < 1 << 20 {
            src += "let c\(n) = \(n)  // a constant the view does not need but the translator has to read past\n"
            n += 1
        }
        let start = Date()
        let t = SwiftSceneTranslator.translate(source: src, file: "R.swift")
        XCTAssertEqual(t.problems.map(\.description), [])
        XCTAssertEqual(t.scene?.at("body.opacity")?.number ?? 0, 9999.0 / 20000, accuracy: 1e-12)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "a 1 MB file translates in reasonable time")
        // A megabyte of garbage is refused with located lines.
        refused(String(repeating: "}{ ?? ", count: (1 << 20) / 6))
    }

    func testStructThatContainsItself() {
        let src = "import SwiftUI\nstruct V: View {\n    var body: some View { VStack { V() } }\n}\n"
        let p = refused(src)
        XCTAssertTrue(p.contains { $0.contains("contains itself") }, "\(p)")
        // Two structs containing each other.
        refused("import SwiftUI\nstruct A: View { var body: some View { B() } }\nstruct B: View { var body: some View { A() } }\n")
    }

    func testRecursionBetweenMethods() {
        let src = swiftView("Circle().onTapGesture { ping() }", members: """
            @State var n = 0
            func ping() { n += 1; pong() }
            func pong() { ping() }
        """)
        let p = refused(src)
        XCTAssertTrue(p.contains { $0.contains("recursion is not supported") }, "\(p)")
    }

    func testRecursionBetweenViewProperties() {
        refused(swiftView("a", members: "    var a: some View { b }\n    var b: some View { a }"))
    }

    func testRecursiveValueFunction() {
        refused(swiftView("Circle().opacity(f(1))", members: "    func f(_ x: Double) -> Double { f(x) }"))
    }

    func testConstantsThatReadEachOther() {
        refused(swiftView("Circle().opacity(a)", extra: "let a = b\nlet b = a"))
    }
}

/// A small seeded generator (SplitMix64).
struct SplitMix {
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

/// Lines as Swift has them: \n, \r\n or a lone \r ends one (String.split on "\n" sees "\r\n" as one character).
private func swiftLines(_ s: String) -> [String] {
    var out: [String] = []
    var current = String.UnicodeScalarView()
    let scalars = Array(s.unicodeScalars)
    var i = 0
    while i < scalars.count {
        let c = scalars[i]
        if c == "\n" || c == "\r" {
            out.append(String(current))
            current = String.UnicodeScalarView()
            if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
        } else {
            current.append(c)
        }
        i += 1
    }
    out.append(String(current))
    return out
}
