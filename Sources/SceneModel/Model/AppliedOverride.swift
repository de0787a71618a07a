import Formats

/// A value given from outside the scene's file (`--set`, `--state`) that replaced a declared initial value: what the
/// scene keeps so that outputs can record it (`manifest.json`'s `overrides`).
public struct AppliedOverride: Sendable, Equatable {
    /// Which part of the scene a value replaces.
    public enum Section: String, Sendable { case state, colors }

    public var section: Section
    public var name: String
    /// A number, `true`/`false`, or a string; for a colour, the text given (`#7CA0FF` or a colour's name).
    public var value: ManifestOverrides.Value

    public init(section: Section, name: String, value: ManifestOverrides.Value) {
        self.section = section; self.name = name; self.value = value
    }
}
