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
///
/// Every write passes through `FileWriteGate.shared`: once the gate is closed (a process that must exit now), writes
/// in progress finish and later ones fail with ECANCELED before creating anything.
public func writeFileAtomically(_ bytes: [UInt8], to path: String, sync: Bool = false) throws {
    guard FileWriteGate.shared.enter() else { throw FileIOError(path: path, operation: "create", code: ECANCELED) }
    defer { FileWriteGate.shared.leave() }
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

/// Lets a process stop writing files at once without leaving a partial or temporary file: `close()` waits for the
/// atomic writes in progress to finish (each one is short: the bytes are ready before it starts) and turns every later
/// one away. Used when Ctrl-C must end a render whose frames take longer to draw than the user should wait.
///
/// A file that grows over a long time (a video that an encoder writes to a temporary name) cannot be one short write:
/// its writer registers a clean-up (stop the encoder, remove the temporary) that `close()` runs, and renames the
/// finished file inside `enter()`/`leave()`, so a closed gate leaves neither a half file nor a temporary.
public final class FileWriteGate: @unchecked Sendable {
    public static let shared = FileWriteGate()
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let idle: UnsafeMutablePointer<pthread_cond_t>
    private var writing = 0
    private var closed = false
    private var cleanups: [Int: @Sendable () -> Void] = [:]
    private var nextCleanup = 0

    private init() {
        mutex = .allocate(capacity: 1)
        idle = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(idle, nil)
    }

    /// False once the gate is closed; otherwise the caller must call `leave()` when done.
    public func enter() -> Bool {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        if closed { return false }
        writing += 1
        return true
    }

    public func leave() {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        writing -= 1
        if writing == 0 { pthread_cond_broadcast(idle) }
    }

    /// Refuses new writes from now on, waits for the ones in progress, then runs the registered clean-ups. Not from
    /// inside a write.
    public func close() {
        pthread_mutex_lock(mutex)
        closed = true
        while writing > 0 { pthread_cond_wait(idle, mutex) }
        let pending = cleanups.values
        cleanups = [:]
        pthread_mutex_unlock(mutex)
        for cleanup in pending { cleanup() }
    }

    /// Registers `cleanup` to run when the gate closes; returns nil (and runs nothing) when it is closed already.
    /// The key unregisters it (`unregister`) once the file is finished or removed.
    public func register(_ cleanup: @escaping @Sendable () -> Void) -> Int? {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        if closed { return nil }
        nextCleanup += 1
        cleanups[nextCleanup] = cleanup
        return nextCleanup
    }

    public func unregister(_ key: Int) {
        pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }
        cleanups[key] = nil
    }
}
