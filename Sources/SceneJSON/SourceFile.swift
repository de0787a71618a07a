import Foundation

/// Reading a file a scene is made from (a JSON scene, a SwiftUI file): its bytes, or the one located problem that
/// says why not — no such file, a folder, unreadable, or larger than its kind may be.
public enum SourceFile {
    /// `what` names the kind of file in the folder message ("a scene file"); `files` in the size message ("scene files").
    public static func read(_ path: String, what: String, files: String, maxSize: Int) -> Result<Data, SceneError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            let why = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
                ? (isDir.boolValue ? "is a folder, not \(what)" : "cannot be read (permission denied?)") : "no such file"
            return .failure(SceneError(file: path, line: 1, column: 1, path: "", message: why))
        }
        if data.count > maxSize {
            return .failure(SceneError(file: path, line: 1, column: 1, path: "",
                                       message: "the file is \(data.count) bytes; \(files) may be at most \(maxSize) bytes"))
        }
        return .success(data)
    }
}
