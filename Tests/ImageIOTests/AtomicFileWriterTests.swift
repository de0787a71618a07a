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
        chmod(folder, 0o500)
        let folder = self.folder
        let error: Error? = try asUnprivilegedUser { () -> Error? in
            do { try writeFileAtomically([1], to: folder + "/f") } catch { return error }
            return nil
        }
        let e = try XCTUnwrap(error as? FileIOError, "writing into a folder without write permission succeeded")
        XCTAssertEqual(e.code, EACCES)
        XCTAssertEqual(e.operation, "create")
        XCTAssertEqual(try entries(), [])
    }

    /// Runs `body` on a thread of its own whose file-system user is `nobody` when this process runs as root (which
    /// may write anywhere, so a permission error could not be provoked otherwise). Linux checks file access against a
    /// thread's file-system user ID, and changing it from 0 to another ID drops the thread's CAP_DAC_OVERRIDE and the
    /// other file capabilities until it is set back to 0 (setfsuid(2), capabilities(7)). glibc's `setfsuid` changes
    /// only the calling thread, and Swift's Glibc module does not declare it, so it is looked up by name.
    func asUnprivilegedUser<T>(_ body: @escaping @Sendable () -> T) throws -> T {
        guard geteuid() == 0 else { return body() }
        typealias SetFSUID = @convention(c) (UInt32) -> Int32
        let setfsuid = unsafeBitCast(try XCTUnwrap(dlsym(nil, "setfsuid"), "setfsuid not found"), to: SetFSUID.self)
        let box = ThreadResult<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = setfsuid(65534)
            box.fsuid = setfsuid(UInt32.max)   // an invalid ID changes nothing and returns the current one
            box.value = body()
            _ = setfsuid(0)
            done.signal()
        }
        done.wait()
        XCTAssertEqual(box.fsuid, 65534, "the thread did not become user nobody")
        return try XCTUnwrap(box.value)
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

/// What a test thread produced, read after it has signalled.
private final class ThreadResult<T>: @unchecked Sendable {
    var value: T?
    var fsuid: Int32 = -1
}
