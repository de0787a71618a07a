import Foundation

/// Every entry under `root` (hidden ones too), by path relative to it: a file's bytes, a symbolic link's target (never
/// followed), a folder's mark. Tests of hostile input compare a victim tree before and after with it.
func fileTree(_ root: String) throws -> [String: Data] {
    var out: [String: Data] = [:]
    func walk(_ relative: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: relative.isEmpty ? root : root + "/" + relative) {
            let r = relative.isEmpty ? name : relative + "/" + name
            let p = root + "/" + r
            var info = stat()
            guard lstat(p, &info) == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: p]) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK: out[r] = Data(("-> " + (try FileManager.default.destinationOfSymbolicLink(atPath: p))).utf8)
            case S_IFDIR: out[r] = Data("folder".utf8); try walk(r)
            default: out[r] = try Data(contentsOf: URL(fileURLWithPath: p))
            }
        }
    }
    try walk("")
    return out
}
