import Foundation

/// Python 3 as the tests use it: an independent implementation to check ours against (Pillow's PNG and APNG
/// readers, jsonschema's validator).
public enum Python {
    /// Debian's own interpreter when there is one: `make test` installs `python3-pil` and `python3-jsonschema`
    /// for it. A `python3` earlier on PATH (pyenv, a virtualenv) may lack those modules, so it is only the
    /// fallback where /usr/bin/python3 does not exist.
    public static var invocation: (executable: URL, leading: [String]) {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
            return (URL(fileURLWithPath: "/usr/bin/python3"), [])
        }
        return (URL(fileURLWithPath: "/usr/bin/env"), ["python3"])
    }

    /// A process that runs Python with `arguments` (not started).
    public static func process(_ arguments: [String]) -> Process {
        let process = Process()
        let (executable, leading) = invocation
        process.executableURL = executable
        process.arguments = leading + arguments
        return process
    }

    /// Runs Python with `arguments`, its output discarded; returns the exit status.
    public static func run(_ arguments: [String]) throws -> Int32 {
        let process = process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
