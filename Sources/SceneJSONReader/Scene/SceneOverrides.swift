import Formats
import Foundation
import Geometry
import SceneModel

/// New initial values for a scene's `state` variables and `colors`, from the command line (`--set name=value`) or a
/// file (`--state file.json`), so that one scene file renders as several variants (light and dark, three accents).
///
/// They replace the declared values in the model once the scene's state and colours are read, before anything that
/// reads them (`ColorDeclarations`), so everything that reads the variable or names the colour — paints,
/// `alpha('accent', 0.3)`, colours declared from other colours — sees the new value, whichever front end (JSON or
/// SwiftUI source) declared it. A value must have its variable's type (number, boolean or string) or be a
/// colour for a colour. Later values win: a file's, then each `--set` in order.
public struct SceneOverrides: Sendable {
    public typealias Section = AppliedOverride.Section

    /// One value as given.
    struct Setting: Sendable {
        /// Given as `state.name` or `colors.name`; nil when the name alone decides.
        var section: Section?
        var name: String
        var value: Given
        /// Where it was given, for messages: `--set name=value`, or the file.
        var origin: String
    }

    enum Given: Sendable {
        /// Text after `=` on the command line: its meaning depends on the variable's type.
        case text(String)
        /// A value in a `--state` file, with its location and JSON path there.
        case json(JSONValue, path: String)
    }

    var settings: [Setting] = []

    public init() {}

    public var isEmpty: Bool { settings.isEmpty }

    // MARK: - Reading

    /// Why a `--set` argument is not `name=value` (a usage error).
    public struct SyntaxError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Adds `--set NAME=VALUE` (`NAME` may be `state.NAME` or `colors.NAME`). Only the form is checked here; whether
    /// the scene has the name and the value fits is checked when the scene is read.
    public mutating func add(commandLine text: String) throws(SyntaxError) {
        guard let eq = text.firstIndex(of: "=") else {
            throw SyntaxError(description: "expected name=value, e.g. accent=#7CA0FF or dark=true")
        }
        var name = String(text[..<eq])
        var section: Section?
        for s in [Section.state, .colors] where name.hasPrefix(s.rawValue + ".") {
            section = s
            name.removeFirst(s.rawValue.count + 1)
        }
        guard !name.isEmpty else { throw SyntaxError(description: "the name before = is empty") }
        settings.append(Setting(section: section, name: name, value: .text(String(text[text.index(after: eq)...])),
                                origin: "--set \(text)"))
    }

    /// Adds the values of a `--state` file: a JSON object `{"state": {name: value…}, "colors": {name: colour…}}`
    /// (either part may be left out). Problems are located in that file, like a scene's.
    public mutating func add(file path: String) throws(SceneErrors) {
        func fail(_ at: SourceLocation, _ jsonPath: String, _ message: String) -> SceneErrors {
            SceneErrors([SceneError(file: path, at: at, path: jsonPath, message: message)])
        }
        let data: Data
        switch SourceFile.read(path, what: "a state file", files: "state files", maxSize: SceneLimits.maxFileSize) {
        case .success(let d): data = d
        case .failure(let e): throw SceneErrors([e])
        }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes: [UInt8](data)) } catch {
            throw fail(error.location, "", error.message)
        }
        guard let top = json.members else {
            throw fail(json.location, "", "expected an object with \"state\" and/or \"colors\", found \(json.typeName)")
        }
        var errors: [SceneError] = []
        for part in top {
            guard let section = Section(rawValue: part.key) else {
                let hint = nearest(part.key, in: ["state", "colors"]).map { "; did you mean \"\($0)\"?" } ?? ""
                errors.append(SceneError(file: path, at: part.keyLocation, path: part.key,
                                         message: "unknown key \"\(part.key)\": a state file has \"state\" and \"colors\"\(hint)"))
                continue
            }
            guard let members = part.value.members else {
                errors.append(SceneError(file: path, at: part.value.location, path: part.key,
                                         message: "expected an object of names and values, found \(part.value.typeName)"))
                continue
            }
            for m in members {
                settings.append(Setting(section: section, name: m.key, value: .json(m.value, path: join(part.key, m.key)),
                                        origin: path))
            }
        }
        if !errors.isEmpty { throw SceneErrors(errors) }
    }

    // MARK: - Applying

    /// Puts the values in place of the declared ones, and returns them as applied, in the scene's order (state
    /// first, then colours). They apply to the model, not to a file's text: whichever front end declared the state
    /// and colours, every expression, paint and colour declared from a colour reads the new value. A value that does
    /// not fit is one problem in `errors` (located in its `--state` file, or naming its `--set`), and is not applied.
    func apply(state: inout [StateVariable], colors: inout ColorDeclarations,
               errors: inout [SceneError]) -> [AppliedOverride] {
        guard !settings.isEmpty else { return [] }
        let stateNames = state.map(\.name), colorNames = colors.entries.map(\.name)
        let sceneColors = colors.resolved()
        var chosen: [Section: [String: (value: Value, recorded: ManifestOverrides.Value)]] = [.state: [:], .colors: [:]]
        for s in settings {
            do throws(Problem) {
                let section = try Self.section(of: s, state: stateNames, colors: colorNames)
                if section == .colors {
                    let (colour, recorded) = try Self.colour(s, colors: sceneColors)
                    chosen[.colors, default: [:]][s.name] = (.color(colour), recorded)
                } else if let current = state.first(where: { $0.name == s.name }) {
                    chosen[.state, default: [:]][s.name] = try Self.value(s, replacing: current.initial)
                }
            } catch {
                errors.append(error.sceneError(for: s))
            }
        }
        var applied: [AppliedOverride] = []
        for i in state.indices {
            guard let v = chosen[.state]?[state[i].name] else { continue }
            state[i].initial = v.value
            applied.append(AppliedOverride(section: .state, name: state[i].name, value: v.recorded))
        }
        for name in colorNames {
            guard let v = chosen[.colors]?[name], case .color(let c) = v.value else { continue }
            // A name given is replaced by its colour, so the scene's order of declarations does not matter.
            colors.redefine(name, as: .color(c))
            applied.append(AppliedOverride(section: .colors, name: name, value: v.recorded))
        }
        return applied
    }

    /// A problem with one setting: a message, and for a file's value its location.
    struct Problem: Error {
        var message: String
        func sceneError(for s: Setting) -> SceneError {
            switch s.value {
            case .text:
                // Not in a file: line 0 makes SceneError print "--set name=value: message".
                return SceneError(file: s.origin, line: 0, column: 0, path: "", message: message)
            case .json(let v, let path):
                return SceneError(file: s.origin, at: v.location, path: path, message: message)
            }
        }
    }

    /// Which section holds the setting's name: the one it names, else the only one that has it.
    static func section(of s: Setting, state: [String], colors: [String]) throws(Problem) -> Section {
        let inState = state.contains(s.name), inColors = colors.contains(s.name)
        switch (s.section, inState, inColors) {
        case (.state?, true, _), (nil, true, false): return .state
        case (.colors?, _, true), (nil, false, true): return .colors
        case (nil, true, true):
            throw Problem(message: "\"\(s.name)\" is both a state variable and a colour: write state.\(s.name) or colors.\(s.name)")
        default:
            let candidates: [String] = s.section == .colors ? colors : s.section == .state ? state : state + colors
            let what = s.section == .colors ? "colour" : s.section == .state ? "state variable" : "state variable or colour"
            let hint = nearest(s.name, in: candidates).map { "; did you mean \"\($0)\"?" }
                ?? (candidates.isEmpty ? "" : " (it has \(candidates.sorted().joined(separator: ", ")))")
            throw Problem(message: "the scene has no \(what) \"\(s.name)\"\(hint)")
        }
    }

    /// The colour a colour's setting gives (`#RRGGBB` or the name of a colour the scene can name), and what the
    /// manifest records: the text given.
    static func colour(_ s: Setting, colors: [String: Color]) throws(Problem) -> (Color, ManifestOverrides.Value) {
        let text: String
        switch s.value {
        case .text(let t): text = t
        case .json(let v, _):
            guard let t = v.string else { throw Problem(message: "expected a colour (\"#RRGGBB\"), found \(v.typeName)") }
            text = t
        }
        guard let colour = Color(hexString: text) ?? colors[text] else {
            throw Problem(message: "\"\(text)\" is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a colour's name")
        }
        return (colour, .string(text))
    }

    /// The value that replaces a state variable's initial value `current`, after checking it has the same type, and
    /// what the manifest records.
    static func value(_ s: Setting, replacing current: Value) throws(Problem) -> (value: Value, recorded: ManifestOverrides.Value) {
        let recorded: ManifestOverrides.Value
        switch (current, s.value) {
        case (.number, .text(let t)):
            guard isDecimal(t), let x = Double(t), x.isFinite else {
                throw Problem(message: "\"\(s.name)\" is a number, and \"\(t)\" is not one (write e.g. 0.5 or -2)")
            }
            recorded = .number(x)
        case (.bool, .text(let t)):
            guard t == "true" || t == "false" else {
                throw Problem(message: "\"\(s.name)\" is a boolean: write true or false, not \"\(t)\"")
            }
            recorded = .bool(t == "true")
        case (.string, .text(let t)):
            recorded = .string(t)
        case (_, .json(let v, _)):
            switch (current, v.kind) {
            case (.number, .number(let x)): recorded = .number(x)
            case (.bool, .bool(let b)): recorded = .bool(b)
            case (.string, .string(let t)): recorded = .string(t)
            default:
                throw Problem(message: "\"\(s.name)\" holds \(current.type.jsonPhrase) in the scene, found \(v.typeName)")
            }
        default:
            throw Problem(message: "\"\(s.name)\" holds \(current.type.jsonPhrase) in the scene, which cannot be set")
        }
        switch recorded {
        case .number(let x): return (.number(x), recorded)
        case .bool(let b): return (.bool(b), recorded)
        case .string(let t): return (.string(t), recorded)
        }
    }

    /// Plain decimal notation (`0.5`, `-2`, `1e3`), not `nan`, `inf` or `0x10`.
    static func isDecimal(_ t: String) -> Bool {
        !t.isEmpty && t.allSatisfy { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) } && t.contains { $0.isNumber }
    }
}

private extension ValueType {
    /// The type's name as the file's JSON has it, for messages about the value written there ("a boolean").
    var jsonPhrase: String { self == .bool ? "a boolean" : description }
}
