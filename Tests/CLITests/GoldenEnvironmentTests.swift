import Foundation
import XCTest

/// `render test`'s environment fingerprint and its frames that cost nothing (testing.md §3, §4): the golden folder's
/// manifest.json names the libraries and fonts, a pixel failure says first whether they changed, and a frame whose
/// display list and environment are its golden's passes without being drawn or decoded.
final class GoldenEnvironmentTests: CLITestCase {
    /// A box that springs 100 pt to the right at 0.3 s beside a line of text (so a font is used), 10 frames.
    func scene(colour: String = "#FFFFFF") -> String {
        """
        {"scene": 1, "canvas": {"width": 200, "height": 60, "scale": 1, "background": "#000000"}, "fps": 10, "duration": 1,
         "state": {"on": false},
         "body": {"type": "zstack", "children": [
           {"type": "rect", "id": "box", "fill": "\(colour)", "frame": {"width": 20, "height": 20}, "offset": {"x": "=on ? 100 : 0", "y": 0}},
           {"type": "text", "text": "Hold", "font": {"size": 14}, "fill": "white", "offset": {"x": 0, "y": 20}}]},
         "timeline": [{"at": 0.3, "set": {"on": true}, "animation": {"spring": {"response": 0.5, "dampingFraction": 0.8}}}]}
        """
    }

    func summary(_ run: RenderBinary.Run) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], run.stdout)
    }

    /// Cairo's version as the system's pkg-config tells it: a second opinion, not the renderer's own.
    func pkgConfigCairoVersion() throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["pkg-config", "--modversion", "cairo"]
        p.environment = ProcessInfo.processInfo.environment.filter { $0.key != "PKG_CONFIG_PATH" }
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testRecordedGoldenFolderHoldsTheEnvironmentAndEachFramesHashes() throws {
        let scene = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden])
        let manifest = try json(golden + "/manifest.json")
        let environment = try XCTUnwrap(manifest["environment"] as? [String: Any])
        let libraries = try XCTUnwrap(environment["libraries"] as? [[String: String]])
        XCTAssertEqual(libraries.map { $0["name"] ?? "" },
                       ["cairo", "pixman", "pango", "harfbuzz", "freetype", "fontconfig", "libpng", "libdeflate"])
        XCTAssertEqual(libraries.first?["version"], try pkgConfigCairoVersion())
        let fonts = try XCTUnwrap(environment["fonts"] as? [[String: String]])
        XCTAssertFalse(fonts.isEmpty, "the text's font is listed")
        for f in fonts { XCTAssertEqual(f["sha256"]?.count, 16, "\(f)") }
        let frames = try XCTUnwrap(manifest["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, 10)
        XCTAssertTrue(frames.allSatisfy { ($0["displayList"] as? String)?.count == 16 }, "\(frames)")
        // Frames 0–2 show the box at rest: the same draw commands, so the same hash; the spring then moves it.
        XCTAssertEqual(frames[0]["displayList"] as? String, frames[2]["displayList"] as? String)
        XCTAssertNotEqual(frames[0]["displayList"] as? String, frames[5]["displayList"] as? String)
    }

    /// The committed unlock goldens were recorded by another process on this image: nothing is drawn, so their
    /// display-list hashes do not depend on the process (as Swift's seeded `Hasher` would) and their environment is
    /// this one. (SceneGoldenTests draws them all with --full.)
    func testCommittedUnlockGoldensPassWithoutDrawing() throws {
        let root = SceneGoldenTests.root
        let run = try expect(0, ["test", root.appendingPathComponent("Scenes/unlock.json").path, "--golden",
                                 root.appendingPathComponent("Tests/Goldens/unlock").path, "--fps", "2", "--scale", "1",
                                 "--record", "never", "--json", "--artifacts", path("report")])
        let json = try summary(run)
        XCTAssertEqual(json["frames"] as? Int, 20)
        XCTAssertEqual(json["drawn"] as? Int, 0, run.stdout)
    }

    /// testing.md §3: a golden folder whose manifest names another Cairo version → the pixel failure says so.
    func testAnotherCairoVersionInTheGoldensManifestIsNamedOnPixelFailure() throws {
        let scene = try writeScene(scene())
        let golden = path("golden"), file = golden + "/manifest.json"
        try expect(0, ["test", scene, "--golden", golden])
        let cairo = try pkgConfigCairoVersion()
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "{\"name\": \"cairo\", \"version\": \"\(cairo)\"}",
                                               with: "{\"name\": \"cairo\", \"version\": \"1.2.3\"}")
        XCTAssertNotEqual(edited, text, "the manifest names cairo \(cairo)")
        try edited.write(toFile: file, atomically: true, encoding: .utf8)
        try writeScene(self.scene(colour: "#FF0000"))
        let run = try expect(1, ["test", scene, "--golden", golden, "--artifacts", path("report")])
        let expected = "environment differs from the goldens': cairo 1.2.3 → \(cairo)"
        XCTAssertEqual(run.stdout.split(separator: "\n").first.map(String.init), expected, run.stdout)
        let json = try summary(try expect(1, ["test", scene, "--golden", golden, "--artifacts", path("report"), "--json"]))
        XCTAssertEqual(json["environment"] as? String, expected)
        XCTAssertEqual(json["drawn"] as? Int, 10, "another environment: every frame is drawn")
        let html = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("cairo 1.2.3 → \(cairo)"), "the report names the version")
    }

    /// A font file whose bytes are not the goldens' draws every frame (glyphs may differ) and is named on failure.
    func testAChangedFontFileIsNamedAndDrawsEveryFrame() throws {
        let scene = try writeScene(scene())
        let golden = path("golden"), file = golden + "/manifest.json"
        try expect(0, ["test", scene, "--golden", golden])
        let environment = try XCTUnwrap(try json(file)["environment"] as? [String: Any])
        let font = try XCTUnwrap((environment["fonts"] as? [[String: String]])?.first)
        let name = try XCTUnwrap(font["file"]), sha = try XCTUnwrap(font["sha256"])
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "\"sha256\": \"\(sha)\"", with: "\"sha256\": \"0123456789abcdef\"")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let same = try summary(try expect(0, ["test", scene, "--golden", golden, "--json", "--record", "never"]))
        XCTAssertEqual(same["drawn"] as? Int, 10, "another font file: every frame is drawn (and matches)")
        try writeScene(self.scene(colour: "#FF0000"))
        let run = try expect(1, ["test", scene, "--golden", golden, "--record", "never", "--artifacts", path("report")])
        XCTAssertEqual(run.stdout.split(separator: "\n").first.map(String.init),
                       "environment differs from the goldens': font \(name) changed", run.stdout)
    }

    /// Issue 36 item 7: each library of the fingerprint alone (and the renderer alone) told apart, the scene and
    /// everything else unchanged. The goldens' manifest is edited to name another version of that one library, and
    /// frame 0's golden is given frame 9's picture, which only a drawn frame can notice:
    /// - the display-list skip: every frame is drawn (10), so frame 0 fails;
    /// - the verdict: the failure names that library and both versions;
    /// - the manifest's "same drawing": `--frames 0-4 --record all` rewrites the manifest in this environment, keeping
    ///   frames 5–9 from the other without their display lists, so the next run draws those 5 and only those.
    func testEachLibraryAloneChangedDrawsEveryFrameAndIsNamed() throws {
        let scene = try writeScene(scene())
        let golden = path("golden"), file = golden + "/manifest.json"
        try expect(0, ["test", scene, "--golden", golden])
        let pristine = try fileTree(golden)
        let manifest = try String(contentsOfFile: file, encoding: .utf8)
        let environment = try XCTUnwrap(try json(file)["environment"] as? [String: Any])
        let libraries = try XCTUnwrap(environment["libraries"] as? [[String: String]])
        XCTAssertEqual(libraries.count, 8)
        var cases = libraries.map { l in (name: l["name"] ?? "", was: "{\"name\": \"\(l["name"] ?? "")\", \"version\": \"\(l["version"] ?? "")\"}",
                                          now: "{\"name\": \"\(l["name"] ?? "")\", \"version\": \"0.0.1\"}",
                                          words: "\(l["name"] ?? "") 0.0.1 → \(l["version"] ?? "")") }
        let renderer = try XCTUnwrap(environment["renderer"] as? String)
        cases.append(("renderer", "\"renderer\": \"\(renderer)\"", "\"renderer\": \"render 0.0.1\"", "render 0.0.1 → \(renderer)"))
        for c in cases {
            try FileManager.default.removeItem(atPath: golden)
            try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
            for (name, bytes) in pristine { try bytes.write(to: URL(fileURLWithPath: golden + "/" + name)) }
            let edited = manifest.replacingOccurrences(of: c.was, with: c.now)
            XCTAssertEqual(edited.components(separatedBy: c.now).count, 2, "\(c.name) is named once in the manifest")
            try edited.write(toFile: file, atomically: true, encoding: .utf8)
            try pristine["frame_00009.png"]!.write(to: URL(fileURLWithPath: golden + "/frame_00000.png"))
            let failed = try summary(try expect(1, ["test", scene, "--golden", golden, "--json", "--record", "never",
                                                    "--artifacts", path("report")]))
            XCTAssertEqual(failed["drawn"] as? Int, 10, "\(c.name) alone differs: every frame is drawn")
            let failing = try XCTUnwrap(failed["results"] as? [[String: Any]]).filter { $0["status"] as? String != "same" }
            XCTAssertEqual(failing.map { $0["name"] as? String }, ["frame_00000.png"], c.name)
            XCTAssertEqual(failed["environment"] as? String, "environment differs from the goldens': " + c.words)
            // Frames 0–4 recorded here; 5–9 kept from the other environment, to be drawn once.
            try expect(0, ["test", scene, "--golden", golden, "--frames", "0-4", "--record", "all", "--quiet"])
            let next = try summary(try expect(0, ["test", scene, "--golden", golden, "--json", "--record", "never"]))
            XCTAssertEqual(next["drawn"] as? Int, 5, "\(c.name): frames 5–9 were drawn in another environment")
        }
    }

    /// testing.md §3: a colour-only change → motion passes, pixels fail with "same environment".
    func testColourOnlyChangeSaysSameEnvironment() throws {
        let scene = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden])
        try writeScene(self.scene(colour: "#FF0000"))
        let run = try expect(1, ["test", scene, "--golden", golden, "--artifacts", path("report")])
        XCTAssertEqual(run.stdout.split(separator: "\n").first.map(String.init),
                       "same environment: the scene's pictures changed", run.stdout)
        XCTAssertTrue(run.stdout.contains("motion unchanged"), run.stdout)
        try expect(0, ["test", scene, "--golden", golden, "--motion-only"])
        let html = try String(contentsOfFile: path("report/index.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("same environment: the scene&#39;s pictures changed")
                      || html.contains("same environment: the scene's pictures changed"), "the report says it")
    }

    /// testing.md §4: unchanged frames pass without being drawn or decoded; --full draws and compares them. The golden
    /// of frame 0 (box at rest) is replaced by frame 9's picture (box moved): only a run that decodes it can notice.
    func testUnchangedFramesAreNotDrawnAndFullDrawsThem() throws {
        let scene = try writeScene(scene())
        let golden = path("golden")
        try expect(0, ["test", scene, "--golden", golden])
        let unchanged = try summary(try expect(0, ["test", scene, "--golden", golden, "--json"]))
        XCTAssertEqual(unchanged["drawn"] as? Int, 0)
        let results = try XCTUnwrap(unchanged["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 10)
        XCTAssertTrue(results.allSatisfy { $0["status"] as? String == "same" && $0["sameDisplayList"] as? Bool == true }, "\(results)")
        XCTAssertNotEqual(try bytes(golden + "/frame_00000.png"), try bytes(golden + "/frame_00009.png"))
        try bytes(golden + "/frame_00009.png").write(to: URL(fileURLWithPath: golden + "/frame_00000.png"))
        try expect(0, ["test", scene, "--golden", golden, "--record", "never"])
        let full = try summary(try expect(1, ["test", scene, "--golden", golden, "--full", "--json", "--record", "never",
                                              "--artifacts", path("report")]))
        XCTAssertEqual(full["drawn"] as? Int, 10)
        let failing = try XCTUnwrap(full["results"] as? [[String: Any]]).filter { $0["status"] as? String != "same" }
        XCTAssertEqual(failing.map { $0["name"] as? String }, ["frame_00000.png"])
        // A changed display list is drawn: the colour change draws (and fails) the frames showing the box.
        try writeScene(self.scene(colour: "#FF0000"))
        let changed = try summary(try expect(1, ["test", scene, "--golden", golden, "--json", "--artifacts", path("report")]))
        XCTAssertEqual(changed["drawn"] as? Int, 10)
    }
}
