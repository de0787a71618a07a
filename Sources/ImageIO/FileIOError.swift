#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed file read or write: which file, which system call, and the system's own reason (errno and strerror text),
/// e.g. "cannot create /out/.frame_00001.png.tmp-12-0: Permission denied (EACCES)".
public struct FileIOError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path the caller asked to read or write (not the temporary name).
    public var path: String
    /// What failed: "create", "write", "sync", "close", "rename", "open" or "read".
    public var operation: String
    /// The `errno` value, e.g. `ENOSPC` (disk full) or `EACCES` (permission denied).
    public var code: Int32
    /// The system's description of `code` (`strerror`).
    public var reason: String

    public init(path: String, operation: String, code: Int32) {
        self.path = path
        self.operation = operation
        self.code = code
        self.reason = String(cString: strerror(code))
    }

    public var description: String { "cannot \(operation) \(path): \(reason) (errno \(code))" }
}
