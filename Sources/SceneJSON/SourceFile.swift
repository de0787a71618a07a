import Foundation

/// Reading a file a scene is made from (a JSON scene, a SwiftUI file): its bytes, or the one located problem that
/// says why not — no such file, a folder, unreadable, or larger than its kind may be.
public enum SourceFile {
    /// `realpath(3)`: the absolute path with every symbolic link and `..` resolved in order (a link before the `..`
    /// after it, which a textual standardising would remove first), or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Whether `path` is `folder` or inside it (both absolute and resolved).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// `what` names the kind of file in the folder message ("a scene file"); `files` in the size message ("scene files").
    public static func read(_ path: String, what: String, files: String, maxSize: Int) -> Result<Data, SceneError> {
        func fail(_ why: String) -> Result<Data, SceneError> { .failure(SceneError(file: path, line: 1, column: 1, path: "", message: why)) }
        // What the path is, before anything is read: a named pipe would block the read until something writes to it,
        // and a device such as /dev/zero never ends.
        var info = stat()
        guard stat(path, &info) == 0 else {
            return fail(errno == ENOENT || errno == ENOTDIR ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return fail("is a folder, not \(what)")
        case S_IFIFO: return fail("is a named pipe (FIFO), not \(what): give the file itself")
        case S_IFCHR, S_IFBLK: return fail("is a device, not \(what)")
        case S_IFSOCK: return fail("is a socket, not \(what)")
        default: return fail("is not a regular file, not \(what)")
        }
        if Int(info.st_size) > maxSize {
            return fail("the file is \(info.st_size) bytes; \(files) may be at most \(maxSize) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else { return fail("cannot be read (permission denied?)") }
        if data.count > maxSize {
            return fail("the file is \(data.count) bytes; \(files) may be at most \(maxSize) bytes")
        }
        return .success(data)
    }
}
