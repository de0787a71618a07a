import Foundation
import XCTest

/// Base class of the CLI tests: a fresh scratch folder per test, the binary, and file helpers.
class CLITestCase: XCTestCase {
    var folder: URL!
    var render: RenderBinary!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        render = try RenderBinary(workFolder: folder)
    }

    override func tearDownWithError() throws {
        if let f = folder { try? FileManager.default.removeItem(at: f) }
    }

    /// Writes `text` as a scene file in the scratch folder and returns its path.
    @discardableResult
    func writeScene(_ text: String, named name: String = "scene.json") throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Visible file names in a folder, sorted.
    func files(in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
    }

    func bytes(_ file: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: file)) }

    func json(_ file: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: try bytes(file))
        return try XCTUnwrap(object as? [String: Any], "\(file) is not a JSON object")
    }

    /// Runs the binary and fails the test with its stderr when the exit status is not `status`.
    @discardableResult
    func expect(_ status: Int32, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> RenderBinary.Run {
        let run = try render.run(arguments)
        XCTAssertEqual(run.status, status, "render \(arguments.joined(separator: " ")) → stderr: \(run.stderr)", file: file, line: line)
        return run
    }

    /// Frame file names `frame_00000.png` … for the given indices (five digits, as the format says).
    func frameNames(_ indices: some Sequence<Int>) -> [String] {
        indices.map { "frame_" + String(repeating: "0", count: max(0, 5 - String($0).count)) + String($0) + ".png" }
    }
}
