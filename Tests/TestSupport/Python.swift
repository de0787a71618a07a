import Foundation

/// Python 3 as the tests use it: an independent implementation to check ours against (Pillow's PNG and APNG readers).
public enum Python {
    /// Runs `python3` from PATH with `arguments`, its output discarded; returns the exit status.
    public static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
