import Foundation

/// The SwiftUI front end as the rest of the pipeline sees it (docs/swiftui-source.md). The translator itself
/// (the SwiftSource target, on swift-syntax) is linked into the `render-swiftui` executable only, which installs it
/// here at start; `render`, which does not link it, hands a command that needs it to `render-swiftui`
/// (RenderCLI's `SwiftFrontEndHandoff`). Pure data, so that a scene reader can ask without knowing who answers.
public enum SwiftFrontEnd {
    /// The translator, when this process has it (`render-swiftui` and the tests install it before anything runs).
    nonisolated(unsafe) public static var translate: (@Sendable (SwiftFrontEndRequest) -> SwiftTranslation)?
}

/// What a `.swift` file became: the scene JSON (each value located in the Swift file), or the problems that stopped it.
public struct SwiftTranslation: Sendable {
    /// The whole scene, for a `.swift` file given alone; the view with its state, colours and events for a JSON
    /// scene's `{"type": "swift"}` body.
    public var scene: JSONValue?
    /// Located problems: nothing is rendered while there is one.
    public var problems: [SceneError]
    /// Located warnings: the scene renders, and these lines say what was approximated.
    public var warnings: [SceneError]
    public init(scene: JSONValue?, problems: [SceneError], warnings: [SceneError]) {
        self.scene = scene; self.problems = problems; self.warnings = warnings
    }
}

/// What a `.swift` file needs from the command line when it has no scene JSON around it.
public struct SwiftSceneOptions: Sendable {
    public var view: String?
    /// Canvas in points when the file has no `#Preview` with a fixed size.
    public var canvas: (width: Double, height: Double)?
    public var scale: Double?
    public var dark = false
    public init(view: String? = nil, canvas: (width: Double, height: Double)? = nil, scale: Double? = nil) {
        self.view = view; self.canvas = canvas; self.scale = scale
    }
}

/// What the scene reader asks the front end.
public enum SwiftFrontEndRequest: Sendable {
    /// A `.swift` file given alone: the whole scene.
    case scene(path: String, options: SwiftSceneOptions)
    /// A JSON scene's `{"type": "swift"}` body: the view, its state and events (`body`, `state`, `timeline`).
    case body(path: String, view: String?, dark: Bool)
}
