import Foundation
import XCTest

/// Outputs are sinks of the one frame pump (Sources/Frames/FramePump.swift): no file in an output's folder starts
/// threads, queues work or waits on a condition of its own. (Three schedulers once grew up side by side this way, each
/// with its own idea of the previous frame.) The ffmpeg subprocess, which drains its standard error on a queue, lives
/// in RenderKit/Support, outside the output folders.
final class OutputFoldersScheduleNoThreadsTests: XCTestCase {
    func testNoOutputFileSchedulesThreads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let outputs = root.appendingPathComponent("Sources/RenderKit/Outputs")
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: outputs.path))
        var files = 0
        var offenders: [String] = []
        let schedulers = ["Thread.detachNewThread", "Thread(", "DispatchQueue", "concurrentPerform", "DispatchGroup",
                          "NSCondition", "DispatchSemaphore", "Task {", "Task.detached", "OperationQueue"]
        while let name = enumerator.nextObject() as? String {
            guard name.hasSuffix(".swift") else { continue }
            files += 1
            let text = try String(contentsOf: outputs.appendingPathComponent(name), encoding: .utf8)
            for needle in schedulers where text.contains(needle) { offenders.append("\(name): \(needle)") }
        }
        XCTAssertGreaterThan(files, 20, "the output folders were found")
        XCTAssertEqual(offenders, [], "outputs take their frames from the FramePump and schedule nothing of their own")
    }
}
