/// What became of one golden in a comparison — a frame or the motion track — in `render test` and `render diff`, their
/// `--json` and `report.json`: one vocabulary for every kind of golden, so that a reader (`render accept`, `render
/// review`, a CI script) learns one set of words, written and read as the case names.
///
/// Decoding refuses any other word with the list of these (`"copy" is not one of …`): a report is input from whoever
/// made it, and a status its reader does not know must not be taken for one it does.
public enum GoldenStatus: String, Codable, CaseIterable, Sendable {
    /// Within the allowance (a frame may have some counted pixels; the motion is within its tolerances).
    case same
    /// More counted pixels than allowed, or a motion value, state change or event beyond its tolerance.
    case different
    /// A frame and its golden have different pixel sizes.
    case sizeMismatch
    /// A golden without its actual (a frame no longer drawn, or absent from `render diff`'s actual folder).
    case missing
    /// An actual without its golden: `render diff`'s file only on the actual side, or `render test`'s frame that the
    /// record mode `never` did not record (`GoldenFrameResult.noGolden` says which).
    case extra
    /// The motion track without its golden, not recorded under the record mode `never` (a frame in that case is
    /// `extra`, the word its reports have always used).
    case noGolden
    /// No golden existed; the actual was recorded as the golden.
    case recorded
    /// The golden was replaced by the actual (record mode `all`, or `failed` after a difference).
    case updated

    /// Whether a golden with this status fails the test.
    public var failed: Bool {
        switch self {
        case .different, .sizeMismatch, .missing, .extra, .noGolden: return true
        case .same, .recorded, .updated: return false
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let word = try container.decode(String.self)
        guard let status = GoldenStatus(rawValue: word) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(TestReportRecord.quoted(word)) is not one of "
                + Self.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = status
    }
}
