import Foundation
import ImageIO
import XCTest

/// Issue 36 item 5: a `render test` recording stopped by a real signal leaves its goldens folder whole — either as it
/// was before, or with a manifest that lists exactly the frames there, each with its pixels' hash. Checked on a fresh
/// recording and on a re-recording over goldens of another picture, with SIGTERM and SIGINT, and with frames slower
/// than the signal handler's grace (the forced exit, which does not wait for the frames being drawn).
final class GoldenInterruptTests: CLITestCase {
    /// 600 frames (10 s at 60 fps) of FaultInterruptTests' rotating rects: long enough to be stopped mid-way, light
    /// enough that frames come quickly. `background` changes every frame's pixels.
    func scene(background: String = "#101018") -> String {
        FaultInterruptTests.longScene.replacingOccurrences(of: "\"duration\": 33.34", with: "\"duration\": 10")
            .replacingOccurrences(of: "#101018", with: background)
    }

    func testSIGTERMDuringAFreshRecordingLeavesNoGoldens() throws {
        try interruptRecording(scene(), signal: SIGTERM)
    }

    func testSIGINTDuringAFreshRecordingLeavesNoGoldens() throws {
        try interruptRecording(scene(), signal: SIGINT)
    }

    /// Goldens of frames 0–19 and the motion golden, then `--record all` of another background, stopped: the folder is
    /// still the first recording's, byte for byte, never a mix of the two pictures.
    func testSIGTERMDuringAReRecordingLeavesTheGoldensAsTheyWere() throws {
        let scene = try writeScene(scene())
        try expect(0, ["test", scene, "--golden", path("golden"), "--frames", "0-19", "--jobs", "2", "--quiet"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("golden")).sorted(),
                       frameNames(0...19) + ["manifest.json", "motion.json"],
                       "a complete recording leaves its goldens and nothing else")
        try interruptRecording(self.scene(background: "#203040"), signal: SIGTERM, extra: ["--record", "all"])
    }

    /// Frames that take about 1 s each to draw (debug build) and two signals: the second one does not wait for the
    /// frames in progress, as neither does the first after the grace period (0.5 s) — the signal handler's forced exit,
    /// which discards the recording from `FileWriteGate`'s clean-up. The folder is still as it was.
    func testTwoSIGTERMsDuringSlowFramesLeaveTheGoldensAsTheyWere() throws {
        let slow = FaultInterruptTests.slowScene.replacingOccurrences(of: "\"duration\": 33.34", with: "\"duration\": 2")
            .replacingOccurrences(of: "\"width\": 200, \"height\": 150", with: "\"width\": 400, \"height\": 300")
            .replacingOccurrences(of: "\"count\": 12", with: "\"count\": 48").replacingOccurrences(of: "i / 11", with: "i / 47")
        try interruptRecording(slow, signal: SIGTERM, twice: true, framesFirst: 1)
    }

    /// Starts recording `text` into `golden` (as it is now), sends `signal` (`twice`: and again 0.1 s later)
    /// once `framesFirst` new frame files have appeared anywhere under it, and checks the folder afterwards.
    private func interruptRecording(_ text: String, signal: Int32, twice: Bool = false, extra: [String] = [],
                                    framesFirst: Int = 5) throws {
        let scene = try writeScene(text)
        let golden = path("golden")
        let before = FileManager.default.fileExists(atPath: golden) ? try fileTree(golden) : nil
        let stampsBefore = pngStamps(golden)
        let started = try render.start(["test", scene, "--golden", golden, "--jobs", "2", "--quiet",
                                        "--artifacts", path("report")] + extra)
        let process = started.process
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let deadline = Date().addingTimeInterval(120)
        while pngStamps(golden).filter({ stampsBefore[$0.key] != $0.value }).count < framesFirst {
            if !process.isRunning || Date() > deadline {
                return XCTFail("no frames were recorded before the test could stop the run: \(started.errorText)")
            }
            usleep(20_000)
        }
        kill(process.processIdentifier, signal)
        let sent = Date()
        if twice {
            usleep(100_000)
            kill(process.processIdentifier, signal)
        }
        while process.isRunning && Date().timeIntervalSince(sent) < 30 { usleep(5_000) }
        XCTAssertFalse(process.isRunning, "render test did not stop within 30 s of signal \(signal)")
        print("signal \(signal): stopped \(String(format: "%.3f", Date().timeIntervalSince(sent))) s after the signal")
        process.waitUntilExit()
        try started.errorHandle.close()
        XCTAssertEqual(process.terminationReason, .exit, "render test must catch the signal and exit itself")
        XCTAssertEqual(process.terminationStatus, 130, started.errorText)
        XCTAssertTrue(started.errorText.contains("\(scene): the render was interrupted"), started.errorText)

        let after = FileManager.default.fileExists(atPath: golden) ? try fileTree(golden) : nil
        if after == before { return }
        // Not as before: then the manifest must list exactly the frame files there, each with its pixels' hash.
        let tree = try XCTUnwrap(after, "the run removed the goldens folder")
        let frames = Set(tree.keys.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") })
        XCTAssertEqual(Set(tree.keys).subtracting(frames), ["manifest.json", "motion.json"],
                       "an interrupted recording leaves nothing but goldens and their manifest")
        let manifest = try json(golden + "/manifest.json")
        let listed = try XCTUnwrap(manifest["frames"] as? [[String: Any]])
        XCTAssertEqual(Set(listed.compactMap { $0["file"] as? String }), frames, "the manifest lists exactly the frames there")
        for entry in listed {
            let file = try XCTUnwrap(entry["file"] as? String)
            let image = try PNGDecoder().decode(contentsOf: golden + "/" + file)
            XCTAssertEqual(entry["hash"] as? String, pixelHash(image), "\(file): the manifest's hash is of other pixels")
        }
    }

    /// Every PNG file under `root` (hidden folders too), by path, with its inode and modification time: a file
    /// written or replaced since shows as a new or changed stamp.
    private func pngStamps(_ root: String) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return out }
        for case let relative as String in walker where relative.hasSuffix(".png") {
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0 else { continue }
            out[relative] = [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
        return out
    }
}
