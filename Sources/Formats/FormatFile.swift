import Foundation

/// Reads our files back: JSONDecoder into the format's type, with a `FormatReadError` (file and problem, in words)
/// for a file that is missing, not JSON, or not of the format, so a broken file is reported rather than trusted.
public enum FormatFile {
    /// The file at `path` as a `T`.
    public static func read<T: Decodable>(_ type: T.Type, at path: String) throws(FormatReadError) -> T {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FormatReadError(path: path, problem: "cannot read it (\(reason(path)))")
        }
        return try decode(type, from: data, path: path)
    }

    /// `data`, the contents of the file at `path`, as a `T`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String) throws(FormatReadError) -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch let error as DecodingError {
            throw FormatReadError(path: path, error)
        } catch {
            throw FormatReadError(path: path, problem: "\(error)")
        }
    }

    /// The system's words for why the file at `path` cannot be read (`No such file or directory`).
    static func reason(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd < 0 else {
            close(fd)
            return "it opens, but reading it failed"
        }
        return String(cString: strerror(errno))
    }
}
