import Foundation
import XCTest

/// The fuzzers' kept corpora (`Fuzz/Corpus/<target>`, minimised with libFuzzer's `-merge=1` by `make fuzz-keep`) and
/// every input that once crashed a target (`Fuzz/Regressions/<target>`), replayed through the plain (not fuzzing)
/// builds of the targets, which run each file once and check the same properties the fuzzer did: a located error or a
/// result, exit statuses 0–2 for the command line, never a crash. A crash is a failing test.
final class FuzzCorpusTests: XCTestCase {
    static let targets = ["fuzz-scene-loader", "fuzz-expression", "fuzz-png", "fuzz-lottie", "fuzz-pipeline", "fuzz-cli", "fuzz-swift-source"]

    var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The files kept for `target`.
    func inputs(_ target: String) -> [String] {
        let fm = FileManager.default
        return ["Fuzz/Corpus", "Fuzz/Regressions"].flatMap { folder -> [String] in
            let dir = repository.appendingPathComponent(folder).appendingPathComponent(target.replacingOccurrences(of: "fuzz-", with: ""))
            let names = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
            return names.sorted().map { dir.appendingPathComponent($0).path }
        }
    }

    func testEveryKeptInputRunsCleanly() throws {
        var total = 0
        for target in Self.targets {
            let binary = URL(fileURLWithPath: DiffCLI.binary).deletingLastPathComponent().appendingPathComponent(target).path
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary), "\(target) was not built")
            let files = inputs(target)
            total += files.count
            // A few hundred files per run keeps the command line short.
            for start in stride(from: 0, to: files.count, by: 200) {
                let batch = Array(files[start..<min(start + 200, files.count)])
                let p = Process()
                p.executableURL = URL(fileURLWithPath: binary)
                p.arguments = batch
                var env = ProcessInfo.processInfo.environment
                env["SWIFT_BACKTRACE"] = "enable=no"
                p.environment = env
                let err = Pipe()
                p.standardOutput = FileHandle.nullDevice
                p.standardError = err
                try p.run()
                let e = err.fileHandleForReading.readDataToEndOfFile()
                p.waitUntilExit()
                XCTAssertEqual(p.terminationReason, .exit, "\(target) was killed by signal \(p.terminationStatus) on a file of "
                               + "\(batch.first ?? "")…: \(String(decoding: e.suffix(600), as: UTF8.self))")
                XCTAssertEqual(p.terminationStatus, 0, "\(target) failed on a file of \(batch.first ?? "")…")
            }
        }
        XCTAssertGreaterThan(total, 100, "the kept corpora are missing")
    }
}
