/// The outcome of one expectation: passed, or failed with one located line that says what was found.
public struct ExpectationResult: Sendable, Equatable {
    /// `expect[i]`.
    public var path: String
    public var file: String
    public var line: Int
    public var column: Int
    /// What was checked and, when it failed, what was found instead.
    public var message: String
    public var passed: Bool

    /// `unlock.test.json:5:5: expect[2]: at 6.000 s card.opacity = 0.874, expected 1 ± 0.001`.
    public var description: String { "\(file):\(line):\(column): \(path): \(message)" }
}
