/// A value that `OrderedJSONEncoder` writes as a JSON number in a notation of its own rather than `NumberText.shortest`.
/// Other encoders see whatever the type's `encode(to:)` encodes (a plain Double), and decoders read it back from one.
public protocol JSONNumberText {
    /// The number as it stands in the file.
    var jsonNumberText: String { get }
}
