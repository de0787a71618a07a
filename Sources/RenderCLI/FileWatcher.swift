import Foundation
#if os(Linux)
import Frames
import Glibc

/// Tells when files change, through Linux's inotify: it watches the folders that hold the files (editors save by
/// writing a new file and renaming it over the old one, which a watch on the file itself would lose), picks out the
/// events about the files asked for, and calls `onChange` with the names of the files that changed once a burst of
/// events has been quiet for `settle` seconds.
/// A thread of its own blocks in `poll` on the inotify descriptor; nothing is read on a timer.
final class FileWatcher: @unchecked Sendable {
    /// Why watching cannot start.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let fd: Int32
    private let settle: Double
    private let onChange: @Sendable ([String]) -> Void
    private let lock = NSLock()
    /// Watch descriptor → folder, and the names wanted in each folder.
    private var folders: [Int32: String] = [:]
    private var wanted: [String: Set<String>] = [:]

    init(settle: Double = 0.1, onChange: @escaping @Sendable ([String]) -> Void) throws {
        fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw Failure(description: "cannot watch files: inotify_init1 failed (\(String(cString: strerror(errno))))") }
        self.settle = settle
        self.onChange = onChange
    }

    /// Watches `paths` (files; their folders are what inotify watches) from now on, instead of the previous set.
    func watch(_ paths: [String]) throws {
        var byFolder: [String: Set<String>] = [:]
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            byFolder[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
        }
        lock.lock(); defer { lock.unlock() }
        for (wd, folder) in folders where byFolder[folder] == nil {
            inotify_rm_watch(fd, wd)
            folders[wd] = nil
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
        for folder in byFolder.keys where !folders.values.contains(folder) {
            let wd = inotify_add_watch(fd, folder, mask)
            guard wd >= 0 else {
                throw Failure(description: "cannot watch \(folder): \(String(cString: strerror(errno)))")
            }
            folders[wd] = folder
        }
        wanted = byFolder
    }

    /// Starts the thread that waits for events.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "render watch: inotify"
        thread.start()
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            // Block until something happens, then keep reading until the folder has been quiet for `settle` s.
            guard wait(timeout: -1) else { continue }
            var changed = read(into: &buffer)
            while wait(timeout: Int32(settle * 1000)) { changed.formUnion(read(into: &buffer)) }
            if !changed.isEmpty { onChange(changed.sorted()) }
        }
    }

    private func wait(timeout: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = poll(&p, 1, timeout)
        return n > 0 && p.revents & Int16(POLLIN) != 0
    }

    /// Reads the pending events; the names of the watched files they are about.
    private func read(into buffer: inout [UInt8]) -> Set<String> {
        let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return [] }
        lock.lock(); defer { lock.unlock() }
        var relevant: Set<String> = []
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        buffer.withUnsafeBytes { raw in
            while offset + headerSize <= n {
                let wd = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = raw[(offset + headerSize)..<min(n, offset + headerSize + length)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if let folder = folders[wd], wanted[folder]?.contains(name) == true { relevant.insert(name) }
                offset += headerSize + length
            }
        }
        return relevant
    }
}
#else
/// `render watch` needs Linux's inotify; elsewhere it says so and stops.
final class FileWatcher: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(settle: Double = 0.1, onChange: @escaping @Sendable ([String]) -> Void) throws {
        throw Failure(description: "render watch needs Linux (inotify)")
    }

    func watch(_ paths: [String]) throws {}
    func start() {}
}
#endif
