import Foundation
import XCTest

/// Every numeric option of every subcommand, given values a user might type by mistake or on purpose,
/// run against the binary: no run may end by a signal or hang, every one exits 0, 1 or 2, and a
/// refusal (2) is one line naming the option.
final class HostileNumberTests: CLITestCase {
    /// Values no numeric option accepts.
    static let alwaysRefused = ["nan", "NaN", "inf", "-inf", "+inf", "1e19", "1e300", "-1", "-2.5", "0x10", "",
                                "garbage", "1234567890123456789012", "-1234567890123456789012", "1.5.2", "1e", "--"]
    /// Values some options accept: the run must still end cleanly.
    static let edgeValues = ["0", "1", "3600", "1e-300", "0.0000001", "2.5"]
    /// Malformed ranges and shards on top of the above.
    static let rangeValues = ["5-2", "1--2", "-", "1-", "-3", "1-1e19", "99999999999999999999999-1", "0-100000", "1-2-3"]
    static let shardValues = ["0/3", "4/3", "1/0", "1/", "/2", "1/2/3", "-1/2", "1/99999999999999999999", "1/10001"]

    /// (subcommand arguments before the option, the numeric options it takes).
    func commands() throws -> [(String, [String], [String])] {
        let scene = try writeScene(TinyScenes.moving)
        let png = path("a.png")
        try expect(0, [scene, "--frames", "0", "--out", path("one")])
        try FileManager.default.copyItem(atPath: path("one/frame_00000.png"), toPath: png)
        let sceneOptions = ["--fps", "--scale"]
        return [
            ("frames", [scene, "--out", path("out"), "-q"], sceneOptions + ["--frames", "--at", "--jobs", "--shard"]),
            ("check", ["check", scene, "-q"], sceneOptions),
            ("dump", ["dump", scene], sceneOptions + ["--at"]),
            ("strip", ["strip", scene, "--out", path("strip.png"), "-q"], sceneOptions + ["--count", "--every", "--columns"]),
            ("preview", ["preview", scene, "--out", path("preview"), "-q", "--no-apng"], sceneOptions + ["--strip-count"]),
            ("diff", ["diff", png, png, "--report", path("report"), "-q"],
             ["--threshold", "--max-diff-pixels", "--max-diff-ratio", "--jobs", "--alpha"]),
            ("test", ["test", scene, "--golden", path("golden"), "--artifacts", path("artifacts"), "-q"],
             sceneOptions + ["--threshold", "--max-diff-pixels", "--max-diff-ratio", "--jobs", "--frames", "--alpha"]),
        ]
    }

    /// One command line of the matrix and what it did.
    struct Case { var name: String, option: String, value: String, run: RenderBinary.Run? }

    /// Runs every command line: the commands side by side (each writes its own files), a command's lines in turn.
    func runMatrix() throws -> [Case] {
        let commands = try commands()
        let log = CaseLog()
        let render: RenderBinary = try XCTUnwrap(self.render)
        // A thread per command: a run mostly waits for the process to start and end, so more than one per core helps.
        let group = DispatchGroup()
        for (name, prefix, options) in commands {
            DispatchQueue.global().async(group: group) {
                for option in options {
                    var values = Self.alwaysRefused + Self.edgeValues
                    if option == "--frames" { values += Self.rangeValues }
                    if option == "--shard" { values += Self.shardValues }
                    for value in values {
                        let run = try? render.run(prefix + [option, value], timeout: 60)
                        log.append(Case(name: name, option: option, value: value, run: run))
                    }
                }
            }
        }
        group.wait()
        return log.cases
    }

    /// The cases, appended to from several threads.
    final class CaseLog: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [Case] = []
        func append(_ c: Case) { lock.lock(); items.append(c); lock.unlock() }
        var cases: [Case] { lock.lock(); defer { lock.unlock() }; return items }
    }

    func testNoNumericOptionCrashesHangsOrExplainsItselfBadly() throws {
        var table: [String] = []
        for c in try runMatrix() {
            let shown = "render \(c.name) \(c.option) '\(c.value)'"
            let run = try XCTUnwrap(c.run, "\(shown) could not be started")
            XCTAssertFalse(run.killedBySignal, "\(shown) was killed by signal \(run.status)")
            XCTAssertFalse(run.timedOut, "\(shown) hung")
            XCTAssertTrue([0, 1, 2].contains(run.status), "\(shown) exited \(run.status): \(run.stderr)")
            if run.status == 2 {
                XCTAssertEqual(run.errorLines.count, 1, "\(shown): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains(c.option), "\(shown) does not name the option: \(run.stderr)")
            }
            if Self.alwaysRefused.contains(c.value) || Self.rangeValues.contains(c.value) || Self.shardValues.contains(c.value) {
                XCTAssertEqual(run.status, 2, "\(shown) was accepted: \(run.stdout)\(run.stderr)")
                XCTAssertTrue(run.stderr.contains(" from ") || run.stderr.contains(" with ") || run.stderr.contains("past the end"),
                              "\(shown) does not state the accepted range: \(run.stderr)")
            }
            table.append("\(shown) → \(run.status) \(run.errorLines.first ?? "")")
        }
        if let out = ProcessInfo.processInfo.environment["HOSTILE_TABLE"] {
            try table.joined(separator: "\n").write(toFile: out, atomically: true, encoding: .utf8)
        }
    }

    /// `render watch` serves until stopped, so only values that must be refused are tried: each ends at once with
    /// status 2 and one line naming the option and its range (an accepted value would start the server).
    func testWatchRefusesHostileNumbersBeforeServing() throws {
        let scene = try writeScene(TinyScenes.moving)
        let render: RenderBinary = try XCTUnwrap(self.render)
        for option in ["--port", "--fps", "--scale", "--strip-count", "--compare-fps"] {
            // --port 0 is the system's pick, so it is not refused.
            for value in Self.alwaysRefused + (option == "--port" ? ["65536"] : ["0"]) {
                let run = try render.run(["watch", scene, "--out", path("watch"), option, value], timeout: 30)
                let shown = "render watch \(option) '\(value)'"
                XCTAssertFalse(run.killedBySignal || run.timedOut, "\(shown) crashed or hung")
                XCTAssertEqual(run.status, 2, "\(shown): \(run.stdout)\(run.stderr)")
                XCTAssertEqual(run.errorLines.count, 1, "\(shown): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains(option) && (run.stderr.contains(" from ") || run.stderr.contains(" with ")),
                              "\(shown) does not name the option and its range: \(run.stderr)")
            }
        }
    }

    func testANegativeValueReachesTheRangeCheckInsteadOfReadingAsAnOption() throws {
        let scene = try writeScene(TinyScenes.moving)
        let run = try expect(2, [scene, "--at", "-1", "--out", path("out")])
        XCTAssertEqual(run.errorLines, ["Error: The value '-1' is invalid for '--at <SECONDS>': expected a number of seconds "
            + "from 0 to 3600 (see 'render help frames')"])
    }

    func testHexadecimalIsRefusedByDecimalOptionsToo() throws {
        let scene = try writeScene(TinyScenes.moving)
        let run = try expect(2, ["check", scene, "--fps", "0x10"])
        XCTAssertEqual(run.errorLines, ["Error: The value '0x10' is invalid for '--fps <fps>': expected a number of frames "
            + "per second from 1 to 240 (see 'render help check')"])
    }
}
