import Geometry

/// A loaded, validated scene: defaults applied, colours and paths resolved, every expression
/// type-checked. Later stages never re-read the JSON.
public final class Scene: Sendable {
    /// The scene file as given on the command line.
    public let file: String
    /// The folder the file is in; image paths resolve against it.
    public let directory: String
    public let name: String
    public let canvas: Canvas
    /// Frames per second from the file (the CLI may override it).
    public let fps: Double
    public let duration: SceneDuration
    public let colors: [String: Color]
    /// State variables in file order; a variable's index is its slot in a state vector.
    public let state: [StateVariable]
    public let body: ViewSpec
    public let timeline: [EventSpec]
    public let input: [InputSpec]
    /// The initial values given from outside the file (`--set`, `--state`), already in `colors` and `state`; kept
    /// so that outputs can record them.
    public let overrides: [AppliedOverride]

    public init(file: String, directory: String, name: String, canvas: Canvas, fps: Double, duration: SceneDuration,
                colors: [String: Color], state: [StateVariable], body: ViewSpec, timeline: [EventSpec], input: [InputSpec],
                overrides: [AppliedOverride] = []) {
        self.file = file; self.directory = directory; self.name = name; self.canvas = canvas; self.fps = fps
        self.duration = duration; self.colors = colors; self.state = state; self.body = body
        self.timeline = timeline; self.input = input; self.overrides = overrides
    }

    /// The initial state vector.
    public var initialState: [Value] { state.map(\.initial) }

    /// The slot of a state variable.
    public func slot(of name: String) -> Int? { state.firstIndex { $0.name == name } }
}

/// The drawing surface: size in points and pixels per point.
public struct Canvas: Sendable {
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    public var background: PaintSpec?
    public init(width: Double, height: Double, scale: Double, background: PaintSpec?) {
        self.width = width; self.height = height; self.scale = scale; self.background = background
    }
    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}

/// `duration`: seconds, or until everything has finished plus 0.5 s (at most 60 s).
public enum SceneDuration: Sendable, Equatable {
    case seconds(Double)
    case auto
}

/// A state variable and its initial value (number, boolean or string).
public struct StateVariable: Sendable {
    public var name: String
    public var initial: Value
    public init(name: String, initial: Value) { self.name = name; self.initial = initial }
}
