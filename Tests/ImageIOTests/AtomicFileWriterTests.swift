import Foundation
import ImageIO
import XCTest

final class AtomicFileWriterTests: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "atomic-writer-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        chmod(folder, 0o755)
        try? FileManager.default.removeItem(atPath: folder)
    }

    func entries() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }

    func testWritesAndReplacesLeavingNoTemporary() throws {
        let path = folder + "/frame.png"
        try writeFileAtomically([1, 2, 3], to: path)
        XCTAssertEqual(try readFileBytes(at: path), [1, 2, 3])
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try writeFileAtomically(big, to: path, sync: true)
        XCTAssertEqual(try readFileBytes(at: path), big)
        try writeFileAtomically([], to: folder + "/empty")
        XCTAssertEqual(try readFileBytes(at: folder + "/empty"), [])
        XCTAssertEqual(try entries(), ["empty", "frame.png"])
    }

    func testMissingFolderNamesThePathAndReason() throws {
        let path = folder + "/no-such-folder/frame.png"
        XCTAssertThrowsError(try writeFileAtomically([1], to: path)) { error in
            let e = error as? FileIOError
            XCTAssertEqual(e?.path, path)
            XCTAssertEqual(e?.code, ENOENT)
            XCTAssertEqual(e?.operation, "create")
            XCTAssertEqual(e?.reason, "No such file or directory")
        }
    }

    func testFailedRenameRemovesTheTemporary() throws {
        // A non-empty folder where the file should go: the data are written, then rename fails.
        let path = folder + "/occupied"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try writeFileAtomically([1, 2], to: path)) { error in
            let e = error as? FileIOError
            XCTAssertEqual(e?.operation, "rename")
            XCTAssertEqual(e?.path, path)
            XCTAssertTrue([EISDIR, ENOTEMPTY, EEXIST].contains(e?.code ?? 0), "\(error)")
        }
        XCTAssertEqual(try entries(), ["occupied"], "no temporary left behind")
    }

    func testUnwritableFolderGivesPermissionDenied() throws {
        try XCTSkipIf(geteuid() == 0, "running as root, which may write anywhere: EACCES cannot be provoked")
        chmod(folder, 0o500)
        XCTAssertThrowsError(try writeFileAtomically([1], to: folder + "/f")) { error in
            XCTAssertEqual((error as? FileIOError)?.code, EACCES)
        }
    }

    func testConcurrentWritersOfOneFileEachLeaveACompleteFile() throws {
        let path = folder + "/shared.bin"
        let payloads = (0..<8).map { k in [UInt8](repeating: UInt8(k), count: 50_000 + k) }
        let failures = FailureCount()
        DispatchQueue.concurrentPerform(iterations: payloads.count) { k in
            do { try writeFileAtomically(payloads[k], to: path) } catch { failures.add() }
        }
        XCTAssertEqual(failures.value, 0)
        XCTAssertTrue(payloads.contains(try readFileBytes(at: path)), "the file is one writer's whole payload")
        XCTAssertEqual(try entries(), ["shared.bin"])
    }
}

/// Counts failures from concurrent closures (XCTest assertions are not meant to be called off the main thread).
final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
