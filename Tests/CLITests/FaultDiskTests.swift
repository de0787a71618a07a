import Foundation
import Geometry
import ImageIO
import XCTest

/// A full disk and a read-only output folder: a clear error naming the file and the system's
/// reason, exit status 1, and no temporary files. Both need a small file system of their own,
/// a tmpfs mounted for the test; where mounting is not allowed (not root, no CAP_SYS_ADMIN)
/// the tests are skipped with the reason.
final class FaultDiskTests: CLITestCase {
    /// Writes a 256×256 image of pseudo-random pixels next to the scene: PNG cannot compress it,
    /// so each frame showing it is about 256 KiB and a 1 MiB disk fills after a few frames.
    private func noiseScene() throws -> String {
        var rng: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for i in pixels.indices where i % 4 != 3 {
            rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17  // xorshift64
            pixels[i] = UInt8(truncatingIfNeeded: rng)
        }
        let png = try PNGEncoder().encode(RGBAImage(width: 256, height: 256, pixels: pixels))
        try Data(png).write(to: folder.appendingPathComponent("noise.png"))
        // The image moves one point per frame, so no frame repeats an earlier one.
        return try writeScene("""
        {"scene": 1, "canvas": {"width": 256, "height": 256}, "fps": 60, "duration": 1,
         "body": {"type": "image", "src": "noise.png", "offset": {"x": "=t * 60", "y": 0}}}
        """)
    }

    func testFullDiskFailsWithTheReasonAndLeavesNoTemporaryFiles() throws {
        let scene = try noiseScene()
        let disk = try TmpfsMount(at: path("disk"), options: "size=1m")
        defer { disk.unmount() }
        let run = try expect(1, [scene, "--out", disk.path + "/out", "--quiet", "--jobs", "2"])
        XCTAssertTrue(run.stderr.contains("No space left on device"), run.stderr)
        XCTAssertTrue(run.stderr.contains(disk.path + "/out/"), "the error names the file: \(run.stderr)")
        XCTAssertEqual(run.errorLines.count, 1, run.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: disk.path + "/out")
        XCTAssertEqual(left.filter { $0.contains(".tmp-") }, [], "temporary files left on the full disk")
        XCTAssertFalse(left.contains("manifest.json"), "a failed render writes no manifest")
        // What was written is whole.
        XCTAssertFalse(left.isEmpty)
        for name in left { XCTAssertNoThrow(try PNGDecoder().decode(contentsOf: disk.path + "/out/" + name), name) }
    }

    func testReadOnlyOutputFolderFailsBeforeDrawingAndChangesNothing() throws {
        let scene = try writeScene(TinyScenes.moving)
        let disk = try TmpfsMount(at: path("disk"), options: "size=1m")
        defer { disk.unmount() }
        let notes = Data("keep\n".utf8)
        try FileManager.default.createDirectory(atPath: disk.path + "/out", withIntermediateDirectories: true)
        try notes.write(to: URL(fileURLWithPath: disk.path + "/out/notes.txt"))
        try disk.remount(options: "ro")
        let run = try expect(1, [scene, "--out", disk.path + "/out", "--quiet"])
        XCTAssertTrue(run.stderr.contains("Read-only file system"), run.stderr)
        XCTAssertTrue(run.stderr.contains(disk.path + "/out"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path + "/out"), ["notes.txt"])
        XCTAssertEqual(try bytes(disk.path + "/out/notes.txt"), notes)
    }

    func testOutputFolderThatCannotBeCreatedOnAReadOnlyDiskFails() throws {
        let scene = try writeScene(TinyScenes.moving)
        let disk = try TmpfsMount(at: path("disk"), options: "size=1m,ro")
        defer { disk.unmount() }
        let run = try expect(1, [scene, "--out", disk.path + "/new/out", "--quiet"])
        XCTAssertTrue(run.stderr.contains("cannot create the output folder"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), [])
    }
}

/// A tmpfs mounted for one test (mount(8) needs root or CAP_SYS_ADMIN).
struct TmpfsMount {
    let path: String

    init(at path: String, options: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let (status, message) = Self.mount(["-t", "tmpfs", "-o", options, "tmpfs", path])
        if status != 0 {
            throw XCTSkip("cannot mount a tmpfs for the disk-fault test (needs root or CAP_SYS_ADMIN): \(message)")
        }
        self.path = path
    }

    func remount(options: String) throws {
        let (status, message) = Self.mount(["-o", "remount," + options, path])
        if status != 0 { throw XCTSkip("cannot remount the test tmpfs \(options): \(message)") }
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
    }

    private static func mount(_ arguments: [String]) -> (Int32, String) {
        run("/bin/mount", arguments)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> (Int32, String) {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return (127, "\(tool) not found") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        let pipe = Pipe()
        p.standardError = pipe
        p.standardOutput = FileHandle.nullDevice
        do { try p.run() } catch { return (127, "\(error)") }
        p.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (p.terminationStatus, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
