import Formats

/// One kind of golden — the PNG of a frame, the motion track — as the three things a golden test needs of it, in the
/// spirit of swift-snapshot-testing's `Diffing`: the bytes of its file, the value back from them, and how an actual
/// value differs from a golden one. Everything else — which record mode records, compares or fails, that a golden is
/// staged until the run completes, that a failure keeps the actual and its evidence in the report folder for
/// `render accept` — is the same for every kind and written once, in `GoldenCheck`.
public protocol GoldenStrategy: Sendable {
    /// What is compared: a frame's pixels, a motion track.
    associatedtype Value
    /// What a comparison found.
    associatedtype Difference: GoldenDifference

    /// The golden file's bytes for `value`: what is recorded, and what the report keeps as the actual.
    func encode(_ value: Value) throws(GoldenTest.Failure) -> [UInt8]
    /// The value of a golden file's bytes; `path` names the file in a message.
    func decode(_ bytes: [UInt8], path: String) throws(GoldenTest.Failure) -> Value
    /// How `actual` differs from `golden`; its status is `same` when within the allowance.
    func compare(golden: Value, actual: Value) throws(GoldenTest.Failure) -> Difference
    /// Whether the actual is compared as its golden file would hold it: encoded first (a file with the same bytes
    /// matches without being decoded) and decoded back, so that both sides carry the file's rounding. False where
    /// encoding costs more than the comparison and loses nothing (a PNG's pixels are compared as drawn).
    var comparesAsWritten: Bool { get }
}

/// What a `GoldenStrategy` found comparing an actual value with its golden.
public protocol GoldenDifference: Sendable {
    /// `same` (within the allowance), or how the comparison fails: `different`, or `sizeMismatch` for images.
    var status: GoldenStatus { get }
    /// What differs, one line each, as a person reads them (empty when nothing does).
    var findings: [String] { get }
    /// The files that show a failure beside the actual in the report folder (a diff image), named after the golden
    /// `name`; made only for a failure that is kept, not for one that passes or whose golden is replaced.
    func evidence(for name: String) throws(GoldenTest.Failure) -> [GoldenEvidence]
}

/// One file of a failure's evidence: its path inside the report folder (`diff/frame_00012.png`) and its bytes.
public struct GoldenEvidence: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) { self.path = path; self.bytes = bytes }
}
