import Foundation
import TestSupport
import XCTest

/// Headless Chromium (Debian's `chromium`) for the page tests: one-shot runs (`--dump-dom`, `--screenshot`, with
/// virtual time so timers run at once) and scripted sessions through `Scripts/chromium_steps.py`, which drives it
/// over the DevTools protocol on a pipe (keys with the focus on a control, files changed while the page is open).
struct ChromiumSteps {
    let executable: String
    /// Scratch folder for the browser profile.
    let folder: String

    static var installed: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Chromium, or the test is skipped (fails under CI=true) when it is not installed.
    init(folder: String) throws {
        guard let path = Self.installed else {
            throw missingTool("Chromium is not installed (apt-get install chromium): page test skipped")
        }
        executable = path
        self.folder = folder
    }

    /// One run with `args` after the common flags; its standard output.
    func browse(_ args: [String], budget: Int = 2000) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1",
                       "--virtual-time-budget=\(budget)", "--user-data-dir=" + folder + "/chromium-profile"] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `steps` (see the script's doc) in one browser session started with `flags` too; one result per step.
    func run(_ steps: [[String: Any]], flags: [String] = []) throws -> [Any] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/chromium_steps.py").path
        let p = Python.process([script, executable, folder + "/chromium-cdp-\(UUID().uuidString)"] + flags)
        let input = Pipe(), out = Pipe(), err = Pipe()
        p.standardInput = input
        p.standardOutput = out
        p.standardError = err
        try p.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: steps))
        try input.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let results = try JSONSerialization.jsonObject(with: data) as? [Any] else {
            throw Failure(description: "chromium_steps.py failed (\(p.terminationStatus)): " + String(decoding: errors, as: UTF8.self))
        }
        return results
    }

    struct Failure: Error, CustomStringConvertible { var description: String }
}
