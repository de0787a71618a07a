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
        // Every (target, batch of a few hundred files: a short command line) run as its own process, as many at once
        // as there are cores: the batches are independent, and one after another they took 4 minutes of the suite.
        var jobs: [(target: String, binary: String, batch: [String])] = []
        for target in Self.targets {
            let binary = URL(fileURLWithPath: DiffCLI.binary).deletingLastPathComponent().appendingPathComponent(target).path
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary), "\(target) was not built")
            let files = inputs(target)
            for start in stride(from: 0, to: files.count, by: 200) {
                jobs.append((target, binary, Array(files[start..<min(start + 200, files.count)])))
            }
        }
        XCTAssertGreaterThan(jobs.map(\.batch.count).reduce(0, +), 100, "the kept corpora are missing")
        let all = jobs, failures = Failures()
        DispatchQueue.concurrentPerform(iterations: all.count) { k in
            let job = all[k]
            let p = Process()
            p.executableURL = URL(fileURLWithPath: job.binary)
            p.arguments = job.batch
            var env = ProcessInfo.processInfo.environment
            env["SWIFT_BACKTRACE"] = "enable=no"
            p.environment = env
            let err = Pipe()
            p.standardOutput = FileHandle.nullDevice
            p.standardError = err
            var failure: String?
            do {
                try p.run()
                let e = err.fileHandleForReading.readDataToEndOfFile()
                p.waitUntilExit()
                if p.terminationReason != .exit {
                    failure = "\(job.target) was killed by signal \(p.terminationStatus) on a file of \(job.batch.first ?? "")…: "
                        + String(decoding: e.suffix(600), as: UTF8.self)
                } else if p.terminationStatus != 0 {
                    failure = "\(job.target) failed (status \(p.terminationStatus)) on a file of \(job.batch.first ?? "")…: "
                        + String(decoding: e.suffix(600), as: UTF8.self)
                }
            } catch {
                failure = "\(job.target) did not start: \(error)"
            }
            if let failure { failures.add(failure) }
        }
        for f in failures.all { XCTFail(f) }
    }

    /// The failures of the batches, added from any thread.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }
}
