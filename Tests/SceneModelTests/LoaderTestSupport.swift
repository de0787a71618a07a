import Geometry
import XCTest
@testable import SceneJSONReader
@testable import SceneModel

/// Small helpers for reading what the loader produced.
enum LoaderTestSupport {
    /// Loads scene JSON given as text, named `folder/<file>` so the default name is the stem.
    static func load(_ json: String, file: String = "scenes/test.json") throws -> Scene {
        do {
            return try SceneLoader.load(bytes: Array(json.utf8), file: file, directory: "scenes")
        } catch {
            throw LoadFailure(description: error.description)
        }
    }

    /// A minimal scene around a body and optional extra top-level keys.
    static func scene(body: String, extra: String = "") -> String {
        "{\"scene\": 1, \"canvas\": {\"width\": 100, \"height\": 80}, \(extra.isEmpty ? "" : extra + ",") \"body\": \(body)}"
    }

    struct LoadFailure: Error, CustomStringConvertible { var description: String }
}

extension Dynamic where T == Double {
    /// The literal value, or nil for an expression.
    var literal: Double? { if case .constant(let x) = self { return x } else { return nil } }
    /// The expression, or nil for a literal.
    var expr: ExprRef? { if case .expression(let e) = self { return e } else { return nil } }
}

extension Dynamic where T == Color {
    var literal: Color? { if case .constant(let x) = self { return x } else { return nil } }
}

extension DynamicPoint {
    /// Both parts when both are literal.
    var literal: [Double]? {
        guard let x = x.literal, let y = y.literal else { return nil }
        return [x, y]
    }
}

extension PaintSpec {
    var literalColor: Color? { if case .color(let c) = self { return c.literal } else { return nil } }
}

extension ViewSpec {
    /// The views among the children (forEach entries skipped).
    var childViews: [ViewSpec] { children.compactMap { if case .view(let v) = $0 { return v } else { return nil } } }
}

extension Color {
    /// Components rounded to 1/255 for comparisons with hex literals.
    var bytes: [Int] { [r, g, b, a].map { Int(($0 * 255).rounded()) } }
}
