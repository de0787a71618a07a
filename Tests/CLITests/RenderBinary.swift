import Foundation
import XCTest

/// Runs the debug `render` binary that `swift test` builds, with its output captured in files
/// (pipes could fill up and block the child).
struct RenderBinary {
    /// What one run of the binary did.
    struct Run {
        var status: Int32
        /// True when the process ended by a signal (`status` is then the signal's number).
        var killedBySignal = false
        /// True when it outlived the timeout and was stopped.
        var timedOut = false
        var stdout: String
        var stderr: String
        /// stderr split into non-empty lines.
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    struct Missing: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "the render binary is missing at \(path); build it with `swift build` (`swift test` builds it too) and rerun"
        }
    }

    /// The `render` the same build made: beside the test runner (`swift test` runs the package's tests as an
    /// executable in the products folder of its configuration, `.build/debug` or the folder `make test`'s release
    /// build writes), or the binary named by the `RENDER_BINARY` environment variable (to run these tests against
    /// another build).
    static var path: String {
        if let other = ProcessInfo.processInfo.environment["RENDER_BINARY"], !other.isEmpty { return other }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("render").path
    }

    let executable: String
    /// Scratch folder of the test: the child's working directory and where its output is captured.
    let workFolder: URL

    init(workFolder: URL) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.path) else { throw Missing(path: Self.path) }
        executable = Self.path
        self.workFolder = workFolder
    }

    /// A run in progress that a test signals: its standard error goes to `stderr` (read it as it grows), standard
    /// output is discarded. Close `errorHandle` after the process has ended.
    struct Started {
        var process: Process
        var stderr: URL
        var errorHandle: FileHandle
        var errorText: String { String(decoding: (try? Data(contentsOf: stderr)) ?? Data(), as: UTF8.self) }
    }

    /// Starts the binary with `arguments` in the work folder, standard error captured in `.stderr-<uuid>` there.
    func start(_ arguments: [String]) throws -> Started {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = Self.childEnvironment()
        process.currentDirectoryURL = workFolder
        let errURL = workFolder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        try Data().write(to: errURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return Started(process: process, stderr: errURL, errorHandle: err)
    }

    /// This process's environment for the child, with `extra`'s values, and without `CI` unless `extra` gives it:
    /// `CI=true` (how the suite runs on CI, so that missing tools fail) would make `render test` record nothing by
    /// default, which the tests that record goldens rely on; the tests of that rule pass `CI` themselves.
    static func childEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        return environment.merging(extra) { _, new in new }
    }

    /// Runs the binary with `arguments`; a run longer than `timeout` seconds is stopped (SIGKILL) and marked `timedOut`.
    /// `environment` replaces values of this process's environment for the child (e.g. PATH).
    func run(_ arguments: [String], timeout: Double = 600, environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = Self.childEnvironment(environment)
        process.currentDirectoryURL = workFolder
        let id = UUID().uuidString
        let outURL = workFolder.appendingPathComponent(".stdout-\(id)")
        let errURL = workFolder.appendingPathComponent(".stderr-\(id)")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                timedOut = true
                break
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                   timedOut: timedOut,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
