import Foundation

/// Runs a configured `Process` with its standard output captured and its standard error discarded.
enum ProcessOutput {
    static func run(_ process: Process) throws -> (stdout: Data, status: Int32) {
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read before waiting so that a full pipe cannot block the child.
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (data, process.terminationStatus)
    }
}
