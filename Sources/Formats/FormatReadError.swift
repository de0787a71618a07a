import Foundation

/// Why one of our files could not be read back: the file, and what is wrong with it in words
/// (`m/manifest.shard-1-of-2.json: frames[3].file: "../x.png" is not a frame file name (frame_NNNNN.png)`).
public struct FormatReadError: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) { self.path = path; self.problem = problem }

    public var description: String { "\(path): \(problem)" }

    /// The words for a JSONDecoder error: where in the file (`frames[3].hash`) and what was expected there.
    public init(path: String, _ error: DecodingError) {
        self.path = path
        func place(_ context: DecodingError.Context) -> String {
            let at = Self.place(context.codingPath)
            return at.isEmpty ? "" : at + ": "
        }
        switch error {
        case .keyNotFound(let key, let context):
            let at = Self.place(context.codingPath)
            problem = (at.isEmpty ? "" : at + ": ") + "\(TextEscaping.jsonString(key.stringValue)) is missing"
        case .typeMismatch(let type, let context):
            problem = place(context) + "expected \(Self.noun(type))"
        case .valueNotFound(let type, let context):
            problem = place(context) + "expected \(Self.noun(type)), found null"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // JSONDecoder says where the text goes wrong only on some platforms.
            problem = "not valid JSON" + (context.underlyingError.map { " (\($0))" } ?? "")
        case .dataCorrupted(let context):
            problem = place(context) + context.debugDescription
        @unknown default:
            problem = "\(error)"
        }
    }

    /// `frames[3].file`: keys joined with dots, array indices in brackets; empty for the top level.
    static func place(_ path: [CodingKey]) -> String {
        path.reduce("") { text, key in
            if let i = key.intValue { return text + "[\(i)]" }
            return text.isEmpty ? key.stringValue : text + "." + key.stringValue
        }
    }

    /// What a decoded type is called in a message.
    static func noun(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array<") { return "an array" }
            if name.hasPrefix("Dictionary<") { return "an object" }
            return "a value of type \(name)"
        }
    }
}
