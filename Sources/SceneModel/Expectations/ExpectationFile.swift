/// The expectations of one file, in file order, with the file's name as it was given: every located line names it.
public struct ExpectationFile: Sendable {
    public var file: String
    public var expectations: [Expectation]
}
