#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `bytes` to `path` so that readers see either the old file or the complete new one, never a partial file:
/// the data go to `.<name>.tmp-<pid>-<n>` in the same folder (same file system, so the rename is atomic), then the
/// temporary is renamed over `path`. On any failure the temporary is removed and a `FileIOError` names the path and
/// the system's reason (ENOSPC, EACCES, …). With `sync`, the data are flushed to disk (fsync) before the rename and
/// the folder after it, so the new file also survives a power loss; renders leave it off because fsync is slow.
/// New files get mode 0666 less the umask, like any other file the process creates.
public func writeFileAtomically(_ bytes: [UInt8], to path: String, sync: Bool = false) throws {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard !name.isEmpty else { throw FileIOError(path: path, operation: "create", code: EISDIR) }
    let prefix = (slash == nil ? "" : (folder.isEmpty ? "/" : folder + "/")) + "." + name + ".tmp-\(getpid())-"

    // O_EXCL picks a fresh name even when another thread writes the same file or a crashed run left a temporary.
    var temporary = ""
    var fd: Int32 = -1
    for n in 0..<10_000 {
        temporary = prefix + String(n)
        fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        if fd >= 0 || errno != EEXIST { break }
    }
    guard fd >= 0 else { throw FileIOError(path: path, operation: "create", code: errno) }

    func fail(_ operation: String, _ code: Int32, closing: Bool) -> FileIOError {
        if closing { close(fd) }
        unlink(temporary)
        return FileIOError(path: path, operation: operation, code: code)
    }
    try bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let n = write(fd, base + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("write", errno, closing: true)
            }
            offset += n
        }
    }
    if sync, fsync(fd) != 0 { throw fail("sync", errno, closing: true) }
    // close can report a deferred write error (e.g. on network file systems), so it is checked too.
    if close(fd) != 0 { throw fail("close", errno, closing: false) }
    if rename(temporary, path) != 0 { throw fail("rename", errno, closing: false) }
    if sync {
        let dir = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
        if dir >= 0 { _ = fsync(dir); close(dir) }
    }
}
