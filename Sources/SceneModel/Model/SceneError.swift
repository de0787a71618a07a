/// One problem with a scene, located in its file: `file:line:column: path: message`.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The JSON path of the offending value, e.g. `body.children[2].shadows[0].radius`.
    public var path: String
    public var message: String

    public init(file: String, line: Int, column: Int, path: String, message: String) {
        self.file = file; self.line = line; self.column = column; self.path = path; self.message = message
    }

    public init(file: String, at location: SourceLocation, path: String, message: String) {
        self.init(file: file, line: location.line, column: location.column, path: path, message: message)
    }

    public var description: String {
        "\(file):\(line):\(column): \(path.isEmpty ? "(document)" : path): \(message)"
    }
}

/// Every problem found in a scene, in file order.
public struct SceneErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [SceneError]
    public init(_ errors: [SceneError]) { self.errors = errors }
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
