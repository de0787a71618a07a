import FuzzSupport
import Geometry
import SceneModel

// Expression text → parser → type checker → compiled closures → one evaluation. Any text gives
// a value of the checked type or an error inside the text, never a crash or a hang.
let env: TypeEnvironment = {
    var env = TypeEnvironment(colors: ["brand": Color(r: 0.2, g: 0.4, b: 1, a: 1)])
    _ = env.declare("progress", type: .number)
    _ = env.declare("pressed", type: .bool)
    _ = env.declare("name", type: .string)
    _ = env.declare("i", type: .number)
    return env
}()
let slots: [Value] = [.number(0.25), .bool(true), .string("slide"), .number(3)]

FuzzDriver.run { bytes in
    let text = String(decoding: bytes, as: UTF8.self)
    let scalars = text.unicodeScalars.count
    do throws(ExprError) {
        let code = try CompiledExpr(parsing: text, env: env)
        let value = code.evaluate(slots)
        precondition(value.type == code.type, "\(text): evaluated to \(value.type), checked as \(code.type)")
        _ = code.evaluate([])  // a short vector reads defaults, not out of bounds
    } catch {
        precondition(error.offset >= 0 && error.length >= 0 && error.offset + error.length <= scalars,
                     "\(text): error span \(error.offset)+\(error.length) outside \(scalars) characters")
    }
}
