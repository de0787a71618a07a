/// The expectations of one file, in file order, with the file's name as it was given: every located line names it.
public struct ExpectationFile: Sendable {
    public var file: String
    /// The entries that read well.
    public var expectations: [Expectation]
    /// What is wrong in the file as read; entries with a problem are left out of `expectations`.
    public var problems: [SceneError]
    public init(file: String, expectations: [Expectation], problems: [SceneError]) {
        self.file = file; self.expectations = expectations; self.problems = problems
    }
}
