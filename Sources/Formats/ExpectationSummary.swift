/// One expectation in `render test --json` (`DiffSummary.expectations`): where it is written, whether it held, and
/// the line the terminal prints, which says what was found.
public struct ExpectationSummary: Codable, Equatable, Sendable {
    /// `expect[i]`.
    public var path: String
    public var file: String
    public var line: Int
    public var column: Int
    public var passed: Bool
    public var message: String

    public init(path: String, file: String, line: Int, column: Int, passed: Bool, message: String) {
        self.path = path; self.file = file; self.line = line; self.column = column; self.passed = passed; self.message = message
    }
}
