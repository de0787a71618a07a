import Foundation
import ImageIO
import XCTest

/// `render test`: the record modes, the exit codes and the failure artifacts, on a scene made here (goldens for the
/// project's own Scenes/ are deliberately not recorded yet).
final class DiffGoldenTestCommandTests: XCTestCase {
    func pngs(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    func testRecordCompareFailAndUpdate() throws {
        let dir = try DiffCLI.scratch("golden")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let scene = dir + "/square.json", golden = dir + "/golden", artifacts = dir + "/artifacts"
        try DiffCLI.movingSquare(distance: 40).write(toFile: scene, atomically: true, encoding: .utf8)
        let common = ["test", scene, "--golden", golden, "--artifacts", artifacts, "--jobs", "1"]

        // never, with no goldens: every frame fails (10 frames at 10 fps for 1 s).
        let never = try DiffCLI.run(common + ["--record", "never", "--json"])
        XCTAssertEqual(never.status, 1)
        XCTAssertEqual(try DiffCLI.json(never.stdout)["extra"] as? Int, 10)
        XCTAssertEqual(pngs(golden), [], "never records nothing")

        // missing (the default): records all 10, passes; the goldens are the frames `render` itself writes.
        XCTAssertEqual(try DiffCLI.run(common + ["-q"]).status, 0)
        XCTAssertEqual(pngs(golden).count, 10)
        XCTAssertEqual(try DiffCLI.run(["frames", scene, "--out", dir + "/plain", "-q"]).status, 0)
        for name in pngs(golden) {
            XCTAssertEqual(try readFileBytes(at: golden + "/" + name), try readFileBytes(at: dir + "/plain/" + name), name)
        }
        // Same scene again: passes, no artifacts.
        XCTAssertEqual(try DiffCLI.run(common + ["-q"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: artifacts + "/index.html"))

        // The square now travels 60 pt instead of 40: from frame 3 on (t ≥ 0.3 s) it is elsewhere — by at least
        // 20·0.2 = 4 pt at frame 3, so hard edges move and pixels are counted — and frames 0–2 are unchanged.
        try DiffCLI.movingSquare(distance: 60).write(toFile: scene, atomically: true, encoding: .utf8)
        let junit = dir + "/junit.xml"
        let failed = try DiffCLI.run(common + ["--json", "--junit", junit])
        XCTAssertEqual(failed.status, 1)
        let summary = try DiffCLI.json(failed.stdout)
        let failing = (summary["results"] as? [[String: Any]] ?? []).filter { $0["status"] as? String == "different" }
            .compactMap { $0["name"] as? String }
        XCTAssertEqual(failing, (3...9).map { String(format: "frame_%05d.png", $0) })
        XCTAssertTrue(FileManager.default.fileExists(atPath: artifacts + "/index.html"))
        XCTAssertEqual(pngs(artifacts + "/actual"), failing)
        XCTAssertEqual(pngs(artifacts + "/diff"), failing)
        // The square's motion changed too: its x is one more failing case in the JUnit file (motion.json).
        let motion = (summary["motion"] as? [String: Any])?["findings"] as? [[String: Any]] ?? []
        XCTAssertTrue(motion.contains { $0["name"] as? String == "body.x" }, "\(motion)")
        XCTAssertTrue(try String(contentsOfFile: junit, encoding: .utf8).contains("failures=\"\(7 + motion.count)\""))

        // RENDER_RECORD=failed replaces exactly the failing goldens; then the test passes in never mode.
        let before = try readFileBytes(at: golden + "/frame_00001.png")
        let updated = try DiffCLI.run(common + ["--json"], environment: ["RENDER_RECORD": "failed"])
        XCTAssertEqual(updated.status, 0)
        XCTAssertEqual(try DiffCLI.json(updated.stdout)["updated"] as? Int, 7)
        XCTAssertEqual(try readFileBytes(at: golden + "/frame_00001.png"), before)
        XCTAssertEqual(try DiffCLI.run(common + ["-q", "--record", "never"]).status, 0)

        // A deleted golden fails in never mode, is recorded again in missing mode.
        try FileManager.default.removeItem(atPath: golden + "/frame_00004.png")
        XCTAssertEqual(try DiffCLI.run(common + ["-q", "--record", "never"]).status, 1)
        XCTAssertEqual(try DiffCLI.run(common + ["-q"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/frame_00004.png"))

        // A bad mode is a usage error, from the flag or the environment.
        XCTAssertEqual(try DiffCLI.run(common + ["--record", "sometimes"]).status, 2)
        XCTAssertEqual(try DiffCLI.run(common, environment: ["RENDER_RECORD": "sometimes"]).status, 2)
    }
}
