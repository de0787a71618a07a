#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole content of the file at `path`.
/// - Throws: `FileIOError` with the system's reason (ENOENT, EACCES, EISDIR, …).
public func readFileBytes(at path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileIOError(path: path, operation: "open", code: errno) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw FileIOError(path: path, operation: "read", code: errno)
        }
        if n == 0 { return bytes }
        bytes.append(contentsOf: chunk[0..<n])
    }
}

/// The entry at `path` itself, not followed when it is a symbolic link: its kind (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …)
/// and size in bytes; nil when there is none. What input from a stranger (a report, a folder to clean) is checked
/// with before anything is read through it or removed.
public func entryAt(_ path: String) -> (kind: mode_t, size: Int)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & S_IFMT, Int(info.st_size))
}
