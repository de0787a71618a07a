import Formats
import XCTest

/// `RenderEnvironment.differences`: the words `render test` says first when pixels differ.
final class RenderEnvironmentTests: XCTestCase {
    func environment(cairo: String = "1.16.0", inter: String = "aaaa", fonts extra: [RenderEnvironment.Font] = [],
                     renderer: String = "render 0.9.0") -> RenderEnvironment {
        RenderEnvironment(renderer: renderer,
                          libraries: [.init(name: "cairo", version: cairo), .init(name: "pango", version: "1.50.12")],
                          fonts: [.init(file: "Inter.ttc", sha256: inter)] + extra)
    }

    func testSameEnvironmentHasNoDifferences() {
        XCTAssertEqual(environment().differences(from: environment()), [])
    }

    func testEachDifferenceIsNamedGoldenFirst() {
        let now = environment(cairo: "1.18.0", inter: "bbbb", renderer: "render 1.0.0")
        XCTAssertEqual(now.differences(from: environment()),
                       ["render 0.9.0 → render 1.0.0", "cairo 1.16.0 → 1.18.0", "font Inter.ttc changed"])
    }

    /// A font only one side drew with is the scene's doing (other text), not the environment's.
    func testAFontOnlyOneSideUsedIsNoEnvironmentDifference() {
        let now = environment(fonts: [.init(file: "DejaVuSans.ttf", sha256: "cccc")])
        XCTAssertEqual(now.differences(from: environment()), [])
    }

    func testAddingFontsUnitesAndSortsByFile() {
        let a = environment(fonts: [.init(file: "Z.ttf", sha256: "1")])
        let b = RenderEnvironment(libraries: [], fonts: [.init(file: "B.ttf", sha256: "2"), .init(file: "Inter.ttc", sha256: "aaaa")])
        XCTAssertEqual(a.addingFonts(of: b).fonts.map(\.file), ["B.ttf", "Inter.ttc", "Z.ttf"])
        XCTAssertEqual(a.addingFonts(of: b).libraries, a.libraries)
    }
}
