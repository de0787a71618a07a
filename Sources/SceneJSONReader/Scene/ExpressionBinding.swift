import Geometry
import SceneModel

extension ValueType {
    /// "a number", "a colour"… for messages.
    var phrase: String { description }
}

extension SceneReader {
    /// Records the state variables for type checking; call once the `state` and `colors` are read (and the item
    /// states declared: the compiler needs every slot).
    mutating func prepareExpressions(state: [StateVariable]) {
        compiler = ExpressionCompiler(state: state, colors: colors)
    }

    /// Parses, checks and compiles an expression found in the JSON string `v` at `path`.
    /// `offset` is the number of characters between the string's opening quote position
    /// and the start of `source` (2 for `"=…`, 1 for a condition without `=`).
    mutating func expression(_ source: String, _ v: JSONValue, _ path: String, _ scope: Scope,
                             expecting: ValueType?, offset: Int = 2) -> ExprRef? {
        let compiler = self.compiler ?? ExpressionCompiler(state: [], colors: colors)
        do {
            return try compiler.compile(source, path: path, location: v.location, scope: scope, expecting: expecting)
        } catch {
            // `offset` counts the opening quote, so the error's scalar in the decoded string is
            // offset − 1 + error.offset; escapes before it widen the column.
            let loc = offset == 0 ? v.location : v.location(ofScalar: offset - 1 + error.offset)
            // The checker already explains `gesture.*` outside handlers; adding it here said it twice.
            var message = error.message
            if !scope.presented && source.contains("presented.") {
                message += " (presented values can be read only in what an event or gesture handler sets)"
            }
            fail(loc, path, message)
            return nil
        }
    }
}
