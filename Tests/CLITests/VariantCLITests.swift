import Foundation
import ImageIO
import XCTest

/// `--set name=value` and `--state file.json`: variants of one scene without editing it. Pixels are checked against
/// hand-worked colours (the scene's rectangles are flat fills), manifests against the values given.
final class VariantCLITests: CLITestCase {
    /// 8×4 px: the left half is `shade` (defined as `accent`), the right half is light, dark, or green for the label
    /// "b", drawn at opacity `x` over black.
    static let scene = """
    {"scene": 1, "name": "variant", "canvas": {"width": 8, "height": 4, "scale": 1, "background": "#000000"},
     "fps": 2, "duration": 1,
     "colors": {"accent": "#8A7CFF", "shade": "accent"},
     "state": {"dark": false, "x": 1, "label": "a"},
     "body": {"type": "hstack", "spacing": 0, "children": [
       {"type": "rect", "fill": "shade", "frame": {"width": 4, "height": 4}},
       {"type": "rect", "fill": "=dark ? '#101010' : (label == 'b' ? '#00FF00' : '#F0F0F0')",
        "frame": {"width": 4, "height": 4}, "opacity": "=x"}]}}
    """

    /// The RGB of the left and right halves of frame 0 in `folder`.
    func halves(_ folder: String) throws -> (left: [UInt8], right: [UInt8]) {
        let image = try PNGDecoder().decode(contentsOf: folder + "/frame_00000.png")
        func rgb(_ x: Int) -> [UInt8] { Array(image.pixels[4 * (1 * image.width + x)..<4 * (1 * image.width + x) + 3]) }
        return (rgb(1), rgb(6))
    }

    /// The manifest's `"overrides"` line in `folder`.
    func overridesLine(_ folder: String) throws -> String? {
        String(decoding: try bytes(folder + "/manifest.json"), as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix("  \"overrides\"") }.map(String.init)
    }

    func testSetReplacesColoursNumbersBooleansAndStrings() throws {
        let scene = try writeScene(Self.scene)
        try expect(0, [scene, "--out", path("plain"), "-q"])
        XCTAssertEqual(try halves(path("plain")).left, [0x8A, 0x7C, 0xFF])
        XCTAssertEqual(try halves(path("plain")).right, [0xF0, 0xF0, 0xF0])
        // A colour defined from the accent follows it; a boolean picks the dark fill.
        try expect(0, [scene, "--set", "accent=#7CA0FF", "--set", "dark=true", "--out", path("dark"), "-q"])
        XCTAssertEqual(try halves(path("dark")).left, [0x7C, 0xA0, 0xFF])
        XCTAssertEqual(try halves(path("dark")).right, [0x10, 0x10, 0x10])
        // A string and a number: green at opacity 0.5 over black is 128 (255 × 0.5, rounded).
        try expect(0, [scene, "--set", "label=b", "--set", "x=0.5", "--set", "colors.shade=white", "--out", path("half"), "-q"])
        XCTAssertEqual(try halves(path("half")).right, [0, 128, 0])
        XCTAssertEqual(try halves(path("half")).left, [255, 255, 255])
    }

    func testManifestRecordsTheValuesInTheScenesOrder() throws {
        let scene = try writeScene(Self.scene)
        try expect(0, [scene, "--set", "accent=#7CA0FF", "--set", "dark=true", "--set", "label=it's \"b\"", "--out", path("a"), "-q"])
        try expect(0, [scene, "--set", "label=it's \"b\"", "--set", "dark=true", "--set", "accent=#7CA0FF", "--out", path("b"), "-q"])
        // State before colours, each in the scene's order; the string escaped as JSON.
        XCTAssertEqual(try overridesLine(path("a")),
                       ##"  "overrides": {"state": {"dark": true, "label": "it's \"b\""}, "colors": {"accent": "#7CA0FF"}},"##)
        let manifest = try json(path("a/manifest.json"))
        let overrides = try XCTUnwrap(manifest["overrides"] as? [String: Any])
        XCTAssertEqual((overrides["state"] as? [String: Any])?["label"] as? String, "it's \"b\"")
        // The order of the flags does not change a byte.
        XCTAssertEqual(try bytes(path("a/manifest.json")), try bytes(path("b/manifest.json")))
        // Without values, no key: manifests stay as they were.
        try expect(0, [scene, "--out", path("c"), "-q"])
        XCTAssertNil(try json(path("c/manifest.json"))["overrides"])
    }

    func testStateFileThenSetInOrder() throws {
        let scene = try writeScene(Self.scene)
        let file = path("dark.json")
        try Data(##"{"state": {"dark": true, "x": 0.5}, "colors": {"accent": "#102030"}}"##.utf8).write(to: URL(fileURLWithPath: file))
        try expect(0, [scene, "--state", file, "--set", "dark=false", "--set", "x=1", "--set", "x=0.5", "--out", path("o"), "-q"])
        // --set dark=false wins over the file; the last x wins; the file's accent stays. #F0F0F0 at 0.5 over black: 120.
        XCTAssertEqual(try halves(path("o")).left, [0x10, 0x20, 0x30])
        XCTAssertEqual(try halves(path("o")).right, [120, 120, 120])
        XCTAssertEqual(try overridesLine(path("o")), ##"  "overrides": {"state": {"dark": false, "x": 0.5}, "colors": {"accent": "#102030"}},"##)
    }

    func testBadValuesAreLocatedAndWriteNothing() throws {
        let scene = try writeScene(Self.scene)
        let run = try expect(1, [scene, "--set", "acent=#7CA0FF", "--set", "dark=yes", "--set", "x=1e", "--set", "accent=#12",
                                 "--out", path("never")])
        XCTAssertEqual(run.errorLines, [
            "--set acent=#7CA0FF: the scene has no state variable or colour \"acent\"; did you mean \"accent\"?",
            "--set dark=yes: \"dark\" is a boolean: write true or false, not \"yes\"",
            "--set x=1e: \"x\" is a number, and \"1e\" is not one (write e.g. 0.5 or -2)",
            "--set accent=#12: \"#12\" is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a colour's name",
        ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("never")))
        let both = try expect(1, ["check", scene, "--set", "state.accent=#000"])
        XCTAssertTrue(both.stderr.contains("the scene has no state variable \"accent\""), both.stderr)

        let file = path("bad.json")
        try Data("{\"state\": {\"dark\": 1,\n  \"label\": \"ok\"},\n \"colours\": {}}\n".utf8).write(to: URL(fileURLWithPath: file))
        let located = try expect(1, ["check", scene, "--state", file])
        XCTAssertEqual(located.errorLines, ["\(file):3:2: colours: unknown key \"colours\": a state file has \"state\" and \"colors\"; did you mean \"colors\"?"])
        try Data("{\"state\": {\"dark\": 1,\n  \"label\": \"ok\"}}\n".utf8).write(to: URL(fileURLWithPath: file))
        let typed = try expect(1, ["check", scene, "--state", file])
        XCTAssertEqual(typed.errorLines, ["\(file):1:20: state.dark: \"dark\" holds a boolean in the scene, found a number"])
        // Not name=value at all: a usage error.
        let usage = try expect(2, ["check", scene, "--set", "dark"])
        XCTAssertTrue(usage.stderr.contains("expected name=value"), usage.stderr)
    }

    /// The values apply to the scene as read (its declared state and colours), not to its text, so a scene's own
    /// problems and the values' problems are reported together, each once: here an unknown key in the scene and a
    /// value of the wrong type.
    func testSceneProblemsAndValueProblemsTogether() throws {
        let scene = try writeScene(Self.scene.replacingOccurrences(of: "\"fps\": 2,", with: "\"fps\": 2, \"fsp\": 2,"))
        let run = try expect(1, ["check", scene, "--set", "dark=1"])
        XCTAssertEqual(run.errorLines.count, 2, run.stderr)
        XCTAssertTrue(run.errorLines.contains("--set dark=1: \"dark\" is a boolean: write true or false, not \"1\""), run.stderr)
        XCTAssertTrue(run.errorLines.contains { $0.hasSuffix("unknown key \"fsp\"; did you mean \"fps\"?") }, run.stderr)
    }

    func testHostileValuesGetOneLineEach() throws {
        let scene = try writeScene(Self.scene)
        let refused = ["x=nan", "x=inf", "x=-inf", "x=1e400", "x=0x10", "x=", "x=1.2.3", "dark=TRUE", "dark=1", "dark=",
                       "accent=", "accent=#GGGGGG", "accent=#1234567", "accent=accent2", "colors.x=1", "state.shade=#fff",
                       "nope=1", "x\n=1"]
        for setting in refused {
            let run = try render.run(["check", scene, "--set", setting])
            XCTAssertEqual(run.status, 1, setting)
            XCTAssertEqual(run.errorLines.count, 1, "\(setting): \(run.stderr)")
            XCTAssertFalse(run.killedBySignal, setting)
        }
        for setting in ["=1", "noequals", ""] {
            XCTAssertEqual(try render.run(["check", scene, "--set", setting]).status, 2, setting)
        }
        // Text is text, whatever it looks like; a name may hold an equals sign after the first.
        for setting in ["label=", "label=nan", "label==", "label=#fff", "x=-0", "x=1e3", "accent=red", "accent=#FFF"] {
            try expect(0, ["check", scene, "--set", setting, "-q"])
        }
    }

    func testGoldensPerVariant() throws {
        let scene = try writeScene(Self.scene)
        let blue = ["--set", "accent=#7CA0FF"]
        try expect(0, ["test", scene, "--golden", path("goldens/blue"), "--artifacts", path("art"), "-q"] + blue)
        try expect(0, ["test", scene, "--golden", path("goldens/blue"), "--artifacts", path("art"), "--record", "never", "-q"] + blue)
        // The default variant against the blue goldens: refused before comparing, both variants named (it once
        // compared them, every frame failing on the accent's pixels as if the scene had changed).
        let plain = try expect(2, ["test", scene, "--golden", path("goldens/blue"), "--artifacts", path("art"), "--record", "never"])
        XCTAssertTrue(plain.stderr.contains("are of variant --set accent=#7CA0FF, but this run is of the scene as written"), plain.stderr)
        // render test's default counts every changed pixel; pixelmatch's threshold 0.1, render diff's default, does
        // not see this recolouring at all (YIQ distance of #8A7CFF and #7CA0FF: under 0.1² of the maximum).
        try expect(0, [scene, "--out", path("plain"), "-q"])
        try expect(0, ["diff", path("plain"), path("goldens/blue"), "--report", path("report"), "-q"])
        try expect(1, ["diff", path("plain"), path("goldens/blue"), "--report", path("report"), "--threshold", "0", "-q"])
    }

    func testDiffWarnsAboutFoldersOfDifferentVariants() throws {
        let scene = try writeScene(Self.scene)
        try expect(0, [scene, "--out", path("plain"), "-q"])
        try expect(0, [scene, "--set", "dark=true", "--out", path("dark"), "-q"])
        let run = try expect(1, ["diff", path("dark"), path("plain"), "--report", path("report"), "-q"])
        XCTAssertEqual(run.errorLines, ["warning: \(path("dark")) and \(path("plain")) were rendered differently "
            + "(--set values {\"state\":{\"dark\":true}} vs none); frames of the same name do not show the same picture"])
    }

    func testShardsOfDifferentVariantsDoNotMerge() throws {
        let scene = try writeScene(Self.scene)
        try expect(0, [scene, "--shard", "1/2", "--out", path("s1"), "--set", "dark=true", "-q"])
        try expect(0, [scene, "--shard", "2/2", "--out", path("s2"), "-q"])
        let run = try expect(1, ["merge", path("s1"), path("s2"), "--out", path("m")])
        XCTAssertTrue(run.stderr.contains("--set values differ"), run.stderr)
        try expect(0, [scene, "--shard", "2/2", "--out", path("s2"), "--set", "dark=true", "-q"])
        try expect(0, ["merge", path("s1"), path("s2"), "--out", path("m"), "-q"])
        try expect(0, [scene, "--set", "dark=true", "--out", path("whole"), "-q"])
        XCTAssertEqual(try bytes(path("m/manifest.json")), try bytes(path("whole/manifest.json")))
    }
}
