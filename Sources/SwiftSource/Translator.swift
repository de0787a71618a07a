import Foundation
import SceneJSON
internal import SwiftOperators
internal import SwiftParser
internal import SwiftSyntax

/// Translates the View structs of a SwiftUI source file into the scene model's JSON (docs/swiftui-source.md), without
/// compiling or running anything: views, modifiers and paints map to view keys, `@State` to state variables,
/// handlers are executed symbolically into events. What is outside the subset is refused with a located line.
public enum SwiftSceneTranslator {
    /// Largest Swift file accepted, in bytes.
    public static let maxFileSize = 4 << 20

    /// Translates `source` (the text of `file`) into a whole scene; `others` are the other files of its project
    /// (SwiftProject), whose declarations it may use.
    public static func translate(source: String, file: String, options: SwiftSceneOptions = SwiftSceneOptions(),
                                 others: [SwiftProjectFile] = [], assetColors: [String: Result<SwiftAssetColor, SwiftProject.AssetProblem>] = [:],
                                 assetImages: [String: Result<SwiftAssetImage, SwiftProject.AssetProblem>] = [:]) -> SwiftTranslation {
        let t = Translator(source: source, file: file, others: others)
        t.assetColors = assetColors
        t.assetImages = assetImages
        return t.run { try t.wholeScene(options) }
    }

    /// Translates the view `view` of `source` into the parts a JSON scene's `{"type": "swift"}` body stands for:
    /// an object with `body`, `state`, `colors` and `timeline` members.
    public static func translateBody(source: String, file: String, view: String?, dark: Bool = false,
                                     others: [SwiftProjectFile] = [], assetColors: [String: Result<SwiftAssetColor, SwiftProject.AssetProblem>] = [:],
                                 assetImages: [String: Result<SwiftAssetImage, SwiftProject.AssetProblem>] = [:]) -> SwiftTranslation {
        let t = Translator(source: source, file: file, others: others)
        t.assetColors = assetColors
        t.assetImages = assetImages
        t.dark = dark
        return t.run { try t.bodyParts(view: view) }
    }

    /// Makes this process's scene reader use the translator (`SwiftFrontEnd.translate`).
    public static func install() {
        SwiftFrontEnd.translate = { request in
            switch request {
            case .scene(let path, let options): return translate(path: path, options: options)
            case .body(let path, let view, let dark):
                switch read(path) {
                case .success(let source):
                    return translateBody(source: source, file: path, view: view, dark: dark, others: SwiftProject.otherFiles(of: path),
                                         assetColors: SwiftProject.assetColors(of: path), assetImages: SwiftProject.assetImages(of: path))
                case .failure(let e): return SwiftTranslation(scene: nil, problems: [e], warnings: [])
                }
            }
        }
    }

    /// Reads and translates a file.
    public static func translate(path: String, options: SwiftSceneOptions = SwiftSceneOptions()) -> SwiftTranslation {
        switch read(path) {
        case .success(let s):
            return translate(source: s, file: path, options: options, others: SwiftProject.otherFiles(of: path),
                             assetColors: SwiftProject.assetColors(of: path), assetImages: SwiftProject.assetImages(of: path))
        case .failure(let e): return SwiftTranslation(scene: nil, problems: [e], warnings: [])
        }
    }

    public static func read(_ path: String) -> Result<String, SceneError> {
        switch SourceFile.read(path, what: "a Swift file", files: "Swift scene files", maxSize: maxFileSize) {
        case .failure(let e): return .failure(e)
        case .success(let data):
            guard let s = String(data: data, encoding: .utf8) else {
                return .failure(SceneError(file: path, line: 1, column: 1, path: "", message: "the file is not UTF-8 text"))
            }
            return .success(s)
        }
    }

}

/// Thrown inside the translator to abandon a construct after its problem was recorded.
struct Refused: Error {}

/// A file's syntax errors, located.
struct SyntaxProblems: Error {
    let found: [SceneError]
}

/// The translator's working state for one file. A class: views, handlers and events all add to one scene.
final class Translator {
    let file: String
    let source: String
    let lines: LineTable
    var utf8: [UInt8] { lines.utf8 }
    var tree: SourceFileSyntax!
    /// The other Swift files of the file's project (SwiftProject), whose declarations the file may use.
    let others: [SwiftProjectFile]
    /// Their line tables, by the root of each one's syntax tree: a node's location is in the file it is in.
    var otherLines: [SyntaxIdentifier: LineTable] = [:]
    /// Their trees, kept for the translation's life so that no tree made later can take one's identity.
    var otherTrees: [SourceFileSyntax] = []
    /// The colour sets of the project's asset catalogues, by name (SwiftProject.assetColors).
    var assetColors: [String: Result<SwiftAssetColor, SwiftProject.AssetProblem>] = [:]
    /// Its image sets (SwiftProject.assetImages).
    var assetImages: [String: Result<SwiftAssetImage, SwiftProject.AssetProblem>] = [:]

    var problems: [SceneError] = []
    var warnings: [SceneError] = []
    var dark = false

    // The file's declarations.
    var structs: [String: StructDeclSyntax] = [:]
    var structOrder: [String] = []
    var viewStructs: [String] = []
    /// The file's structs conforming to `Shape`: drawn from their `path(in:)`.
    var shapeStructs: [String] = []
    /// Items of ForEach over constant arrays written out so far, at most `maxWrittenOutItems` (the scene format's view
    /// limit: a scene with more views than that does not load anyway).
    var writtenOutItems = 0
    static let maxWrittenOutItems = 10_000
    /// `static let`/`var` members of extensions (`Color.accent`, `AnyTransition.blurDissolve`), by type then name.
    var extensionMembers: [String: [String: DeclSyntax]] = [:]
    /// Initialisers of extensions (`extension Color { init(r:g:b:) { self.init(red: …) } }`), by type then labels.
    var extensionInits: [String: [String: InitializerDeclSyntax]] = [:]
    /// The Color initialisers being expanded (fileColorInit), against one that calls itself through another.
    var colorInitsInProgress: Set<SyntaxIdentifier> = []
    /// The file's enums without associated values: case name → the string it is (its String raw value, or its name).
    var enums: [String: [String: String]] = [:]
    /// Their cases in the order written (`allCases`).
    var enumOrder: [String: [String]] = [:]
    /// Top-level constants and functions.
    var globals: [String: DeclSyntax] = [:]
    /// The file's previews: a `#Preview`'s closure or a `PreviewProvider`'s `previews` getter, each kept in the
    /// file's own tree so that problems inside it are located in the file.
    var previews: [Preview] = []
    struct Preview {
        let statements: CodeBlockItemListSyntax
        let node: Syntax
    }

    // What the scene gathers.
    var state: [(name: String, value: JSONValue)] = []
    var stateKinds: [String: Sym.Kind] = [:]
    /// `@State` of `CGSize` / `CGPoint`: the two number variables that hold it (`offset_width`, `offset_height`).
    var pairStates: [String: (String, String)] = [:]
    /// The initial values of the `@State` variables the file never changes (no assignment or binding outside the
    /// initialisers): where a constant is required (an animation's duration, a frame's size), such a state reads as
    /// that value. Elsewhere it stays a state variable, which `--set` can change.
    var unchangedStates: [String: Sym] = [:]
    /// The state variables that are `@GestureState`s (scene names; a CGSize's is the name of its pair).
    var gestureStates: Set<String> = []
    var colors: [(String, JSONValue)] = []
    var timeline: [JSONValue] = []
    var hiddenCounter = 0
    /// Timer call sites so far, by the hidden variable of the Timer variable that holds them.
    var timerSites: [String: Int] = [:]
    /// `.animation(_:value:)` scopes: a view below one reads its own copy of each state variable the modifier
    /// watches (`progress__1`), which every change of the variable sets too, with the modifier's animation. By state
    /// variable: the copies and their animations (nil: `.animation(nil)`, no animation). `knownMirrors` holds the
    /// first translation pass's, which the second pass's handlers use wherever they are in the file.
    var mirrors: [String: [(name: String, animation: JSONValue?)]] = [:]
    var knownMirrors: [String: [(name: String, animation: JSONValue?)]] = [:]
    /// `.keyframeAnimator(trigger:)` clocks: by trigger state variable, the hidden variables holding the time it last
    /// changed, which every assignment to it sets (without animation) when the value changes. `knownKeyframeClocks`
    /// holds the first pass's, as for the mirrors.
    var keyframeClocks: [String: [String]] = [:]
    var knownKeyframeClocks: [String: [String]] = [:]
    /// `.phaseAnimator(trigger:)` flags: by trigger state variable, the hidden variables a change of it raises to 1.
    var phaseFlags: [String: [String]] = [:]
    var knownPhaseFlags: [String: [String]] = [:]
    /// The canvas of a file rendered alone (what `UIScreen.main.bounds` reads); nil inside a JSON scene.
    var canvasSize: (Double, Double)?
    /// The first View struct inlined while translating a preview takes the root's plain state names.
    var rootNamesFree = false
    /// Depth of struct inlining, against a view that contains itself.
    var inlineDepth = 0
    /// Depth of expressions, views and colours being evaluated inside each other, against names that refer to
    /// themselves (`var a: some View { b }`, `let a = b; let b = a`, a function that calls itself), which would
    /// otherwise overflow the stack.
    var evalDepth = 0

    static let maxBracketDepth = 16
    /// Every struct instance inlined: an instance's bindings hold scopes that hold the instance, so the cycles are
    /// broken when the translation ends (else each translation kept its syntax tree alive).
    var instances: [Instance] = []

    func newInstance(_ type: String) -> Instance {
        let i = Instance(type: type)
        instances.append(i)
        return i
    }

    init(source: String, file: String, others: [SwiftProjectFile] = []) {
        self.source = source
        self.file = file
        self.others = others
        lines = LineTable(file: file, source: source)
    }

    func run(_ body: () throws -> JSONValue) -> SwiftTranslation {
        defer {
            for i in instances { i.properties = [:] }
            instances = []
        }
        switch Self.parse(lines) {
        case .failure(let e):
            problems = e.found
            return SwiftTranslation(scene: nil, problems: problems, warnings: warnings)
        case .success(let t): tree = t
        }
        // The other files of the project first, so that the file's own declarations replace theirs.
        for other in others {
            let table = LineTable(file: other.path, source: other.source)
            switch Self.parse(table) {
            case .failure(let e):
                if let first = e.found.first {
                    warnings.append(SceneError(file: first.file, line: first.line, column: first.column, path: "warning: " + first.path,
                                               message: first.message + "; this file's declarations are not used"))
                }
            case .success(let t):
                otherLines[t.id] = table
                otherTrees.append(t)
                collectDeclarations(t, ownFile: false)
            }
        }
        collectDeclarations(tree, ownFile: true)
        var scene: JSONValue?
        do { scene = try body() } catch {}
        if scene == nil && problems.isEmpty {
            problems.append(error(at: 0, "file", "could not be translated"))
        }
        // The file's own lines first, then the other files' (by path), each by line and column.
        func order(_ a: SceneError, _ b: SceneError) -> Bool {
            ((a.file == file ? "" : a.file), a.line, a.column) < ((b.file == file ? "" : b.file), b.line, b.column)
        }
        let sorted = problems.sorted(by: order)
        return SwiftTranslation(scene: sorted.isEmpty ? scene : nil, problems: sorted, warnings: warnings.sorted(by: order))
    }

    // MARK: Locations and problems

    /// The syntax tree of one file, operators folded; or its syntax errors, located.
    static func parse(_ lines: LineTable) -> Result<SourceFileSyntax, SyntaxProblems> {
        func error(_ offset: Int, _ message: String) -> SceneError {
            let l = lines.location(utf8: offset)
            return SceneError(file: lines.file, line: l.line, column: l.column, path: "syntax", message: message)
        }
        // A NUL byte is an error for the Swift compiler too; swift-syntax's diagnostics trap on some inputs holding them.
        if let nul = lines.utf8.firstIndex(of: 0) {
            return .failure(SyntaxProblems(found: [error(nul, "a NUL character in the file; Swift source cannot contain one")]))
        }
        // swift-syntax's parser looks ahead through `[` for array types in time exponential in their nesting (20 deep
        // takes seconds, 24 a minute; found by fuzz-swift-source): deeper nesting than any view code has is refused.
        var depth = 0
        for (i, b) in lines.utf8.enumerated() {
            if b == UInt8(ascii: "[") {
                depth += 1
                if depth > Self.maxBracketDepth {
                    return .failure(SyntaxProblems(found: [error(i, "square brackets nested more than \(Self.maxBracketDepth) deep")]))
                }
            } else if b == UInt8(ascii: "]") { depth = max(0, depth - 1) }
        }
        let parsed = Parser.parse(source: lines.source)
        // Syntax errors from swift-syntax's tree: the tokens it had to assume and the code it could not place.
        // (SwiftParserDiagnostics' generator, which words them more fully, traps on some inputs — "A Fix-It must have
        // at least one change", found by fuzz-swift-source — and a trap cannot be caught.)
        let syntax = SyntaxErrorVisitor()
        syntax.walk(parsed)
        var seen = Set<Int>()
        var found: [SceneError] = []
        for (offset, message) in syntax.found.sorted(by: { $0.0 < $1.0 }) where seen.insert(offset).inserted && seen.count <= 20 {
            found.append(error(offset, message))
        }
        guard found.isEmpty else { return .failure(SyntaxProblems(found: found)) }
        let folded = OperatorTable.standardOperators.foldAll(parsed, errorHandler: { _ in })
        return .success(folded.as(SourceFileSyntax.self) ?? parsed)
    }

    func location(utf8 offset: Int) -> SceneJSON.SourceLocation { lines.location(utf8: offset) }

    /// Where a node is: in the file, or (with the file's path) in another file of the project.
    func loc(_ node: some SyntaxProtocol) -> SceneJSON.SourceLocation {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        if !otherLines.isEmpty, let other = otherLines[node.root.id] {
            var l = other.location(utf8: offset)
            l.file = other.file
            return l
        }
        return lines.location(utf8: offset)
    }

    func error(at offset: Int, _ construct: String, _ message: String) -> SceneError {
        let l = location(utf8: offset)
        return SceneError(file: file, line: l.line, column: l.column, path: construct, message: message)
    }

    /// Records a problem at `node` and returns `Refused` to throw.
    /// Where a problem with `node` is reported: a modifier in a chain (`Circle()\n.position(…)`, whose node starts at
    /// `Circle`) at the modifier's name.
    func problemLoc(_ node: some SyntaxProtocol) -> SceneJSON.SourceLocation {
        var callee = Syntax(node)
        if let c = node.as(FunctionCallExprSyntax.self) { callee = Syntax(c.calledExpression) }
        if let m = callee.as(MemberAccessExprSyntax.self), m.base?.is(FunctionCallExprSyntax.self) == true { return loc(m.declName) }
        return loc(node)
    }

    @discardableResult
    func fail(_ node: some SyntaxProtocol, _ trail: Trail, _ construct: String, _ message: String) -> Refused {
        let l = problemLoc(node)
        problems.append(SceneError(file: l.file ?? file, line: l.line, column: l.column, path: trail.with(construct), message: message))
        return Refused()
    }

    func warn(_ node: some SyntaxProtocol, _ trail: Trail, _ construct: String, _ message: String) {
        let l = problemLoc(node)
        warnings.append(SceneError(file: l.file ?? file, line: l.line, column: l.column, path: "warning: " + construct, message: message))
    }

    /// Runs `body` as a try: when it fails, the problems and warnings it recorded are taken back.
    func attempt<T>(_ body: () throws -> T) -> T? {
        let p = problems.count, w = warnings.count
        do { return try body() } catch {
            problems.removeSubrange(p...)
            warnings.removeSubrange(w...)
            return nil
        }
    }

    /// The source text of a node, trimmed, shortened for messages.
    func text(_ node: some SyntaxProtocol) -> String {
        let s = node.trimmedDescription.replacingOccurrences(of: "\n", with: " ")
        return s.count > 60 ? String(s.prefix(57)) + "…" : s
    }

    // MARK: Declarations

    /// The declarations of a file's tree. Another file of the project gives its types, extensions, enums and
    /// top-level names, but not its previews, and its views are not candidates for the scene's root.
    func collectDeclarations(_ tree: SourceFileSyntax, ownFile: Bool) {
        for item in tree.statements {
            guard ownFile else {
                if case .decl(let d) = item.item, !d.is(MacroExpansionDeclSyntax.self) { collect(d, ownFile: false) }
                continue
            }
            switch item.item {
            case .decl(let d): collect(d, ownFile: true)
            case .stmt(let s):
                if let m = s.as(ExpressionStmtSyntax.self)?.expression.as(MacroExpansionExprSyntax.self), m.macroName.text == "Preview",
                   let c = m.trailingClosure { previews.append(Preview(statements: c.statements, node: Syntax(c))) }
            case .expr(let e):
                if let m = e.as(MacroExpansionExprSyntax.self), m.macroName.text == "Preview", let c = m.trailingClosure {
                    previews.append(Preview(statements: c.statements, node: Syntax(c)))
                }
            @unknown default: break
            }
        }
    }

    func collect(_ d: DeclSyntax, ownFile: Bool) {
        if let s = d.as(StructDeclSyntax.self) {
            let name = s.name.text
            structs[name] = s
            if ownFile { structOrder.append(name) }
            let inherits = s.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            viewStructs.removeAll { $0 == name }
            shapeStructs.removeAll { $0 == name }
            if inherits.contains("View") { viewStructs.append(name) }
            if inherits.contains("Shape") || inherits.contains("InsettableShape") { shapeStructs.append(name) }
            if ownFile, inherits.contains("PreviewProvider") {
                for m in s.memberBlock.members {
                    if let v = m.decl.as(VariableDeclSyntax.self), let b = v.bindings.first,
                       b.pattern.trimmedDescription == "previews", let body = b.accessorBlock {
                        if case .getter(let stmts) = body.accessors {
                            previews.append(Preview(statements: stmts, node: Syntax(body)))
                        }
                    }
                }
            }
        } else if let e = d.as(ExtensionDeclSyntax.self) {
            let type = e.extendedType.trimmedDescription
            for m in e.memberBlock.members {
                if let v = m.decl.as(VariableDeclSyntax.self) {
                    for b in v.bindings { if let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { extensionMembers[type, default: [:]][n] = m.decl } }
                } else if let f = m.decl.as(FunctionDeclSyntax.self) {
                    extensionMembers[type, default: [:]][f.name.text] = m.decl
                } else if let i = m.decl.as(InitializerDeclSyntax.self) {
                    // Initialisers by their labels (`init(r:g:b:)`); the file's own replace another file's.
                    let labels = i.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
                    extensionInits[type, default: [:]][labels] = i
                }
            }
        } else if let e = d.as(EnumDeclSyntax.self) {
            // An enum without associated values is a set of strings: each case is its String raw value, or its name.
            var cases: [String: String] = [:]
            for m in e.memberBlock.members {
                guard let c = m.decl.as(EnumCaseDeclSyntax.self) else { continue }
                for el in c.elements where el.parameterClause == nil {
                    let raw = el.rawValue?.value.as(StringLiteralExprSyntax.self).map { lit in
                        lit.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
                    }
                    cases[el.name.text] = raw ?? el.name.text
                }
            }
            enums[e.name.text] = cases
            enumOrder[e.name.text] = e.memberBlock.members.flatMap { m in
                m.decl.as(EnumCaseDeclSyntax.self)?.elements.filter { $0.parameterClause == nil }.map(\.name.text) ?? []
            }
        } else if let v = d.as(VariableDeclSyntax.self) {
            for b in v.bindings { if let n = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { globals[n] = d } }
        } else if let f = d.as(FunctionDeclSyntax.self) {
            globals[f.name.text] = d
        } else if let m = d.as(MacroExpansionDeclSyntax.self), m.macroName.text == "Preview", let c = m.trailingClosure {
            previews.append(Preview(statements: c.statements, node: Syntax(c)))
        }
    }

    func deeper<T>(_ node: ExprSyntax, _ s: Scope, _ body: () throws -> T) throws -> T {
        evalDepth += 1
        defer { evalDepth -= 1 }
        guard evalDepth < 200 else { throw fail(node, s.trail, text(node), "nested too deeply, or refers to itself") }
        return try body()
    }

    func newHidden(_ stem: String) -> String {
        hiddenCounter += 1
        return "_\(stem)\(hiddenCounter)"
    }

    func addState(_ name: String, _ value: JSONValue, _ kind: Sym.Kind) {
        if stateKinds[name] != nil { return }
        state.append((name, value))
        stateKinds[name] = kind
    }
}

/// Where in the file a construct is, for messages: `UnlockView.body › .overlay`.
struct Trail {
    var parts: [String] = []
    /// A part equal to the last one is not repeated (`.gesture` adds itself, then its handler adds it again).
    func with(_ s: String) -> String { (parts + (s.isEmpty || s == parts.last ? [] : [s])).joined(separator: " › ") }
    func adding(_ s: String) -> Trail { s == parts.last ? self : Trail(parts: parts + [s]) }
}

/// What swift-syntax's parser could not make sense of: a token it assumed (missing from the file) or code it could not
/// place (unexpected).
final class SyntaxErrorVisitor: SyntaxVisitor {
    var found: [(Int, String)] = []
    init() { super.init(viewMode: .all) }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            let what: String
            switch token.tokenKind {
            case .identifier: what = "a name"
            case .integerLiteral, .floatLiteral: what = "a number"
            case .stringSegment: what = "text"
            default: what = token.text.isEmpty ? "\(token.tokenKind)" : "'\(token.text)'"
            }
            found.append((token.positionAfterSkippingLeadingTrivia.utf8Offset, "expected \(what)"))
        }
        return .visitChildren
    }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        var text = node.trimmedDescription.replacingOccurrences(of: "\n", with: " ")
        if text.count > 40 { text = String(text.prefix(37)) + "…" }
        found.append((node.positionAfterSkippingLeadingTrivia.utf8Offset, "unexpected code '\(text)'"))
        return .skipChildren
    }
}

/// A file's text with the UTF-8 offsets of its line starts, for locating nodes.
struct LineTable {
    let file: String
    let source: String
    let utf8: [UInt8]
    /// UTF-8 offsets of line starts.
    private(set) var lineStarts: [Int] = [0]

    init(file: String, source: String) {
        self.file = file
        self.source = source
        utf8 = Array(source.utf8)
        // Line breaks as Swift has them: \n, \r\n, and a lone \r.
        for (i, b) in utf8.enumerated() where b == 10 || (b == 13 && (i + 1 == utf8.count || utf8[i + 1] != 10)) {
            lineStarts.append(i + 1)
        }
    }

    /// The location of a UTF-8 offset: 1-based line, and column in Unicode scalars (as for JSON scenes).
    func location(utf8 offset: Int) -> SceneJSON.SourceLocation {
        let o = max(0, min(offset, utf8.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = lineStarts[lo]
        while i < o {
            // Count scalars: every byte that is not a UTF-8 continuation byte starts one.
            if utf8[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SceneJSON.SourceLocation(line: lo + 1, column: column)
    }
}
