import ArgumentParser
import Foundation
import Frames
import GoldenTesting
import RenderKit
import SceneJSONReader
import SceneModel

/// Options every scene-reading command shares.
struct SceneOptions: ParsableArguments {
    @Argument(help: "The scene file: JSON, or a SwiftUI .swift file (docs/swiftui-source.md).", completion: .file(extensions: ["json", "swift"]))
    var scene: String

    @Option(help: ArgumentHelp("For a .swift scene: the View struct to render (default: the first in the file).", valueName: "NAME"))
    var view: String?

    @Option(help: ArgumentHelp("For a .swift scene without a #Preview of fixed size: the canvas in points (default 390x844).", valueName: "WxH"),
            transform: SceneOptions.canvasSize)
    var canvas: CanvasSize?

    @Option(parsing: .unconditional, help: "Frames per second, 1 to 240 (overrides the scene's fps).",
            transform: NumberRule.fps.decimal)
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point, 0.1 to 8 (overrides canvas.scale).",
            transform: NumberRule.scale.decimal)
    var scale: Double?

    @Flag(help: "Allow image paths outside the scene's folder.")
    var allowExternalImages = false

    @Option(name: .customLong("set"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Replace the initial value of a state variable or colour (repeatable): a number, true/false, "
                + "text, or a colour (#RRGGBB or a name); state.NAME or colors.NAME when both have NAME.", valueName: "NAME=VALUE"),
            transform: SceneOptions.setting)
    var settings: [String] = []

    @Option(name: .customLong("state"),
            help: ArgumentHelp("A JSON file {\"state\": {…}, \"colors\": {…}} of initial values to replace (before any --set).", valueName: "FILE"),
            completion: .file(extensions: ["json"]))
    var stateFile: String?

    struct CanvasSize { var width: Double; var height: Double }

    /// `--canvas`'s reader: `390x844`.
    static func canvasSize(_ text: String) throws -> CanvasSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w >= 1, h >= 1,
              w <= Double(SceneLimits.maxCanvasSide), h <= Double(SceneLimits.maxCanvasSide) else {
            throw NumberError(message: "expected WIDTHxHEIGHT in points, each 1 to \(SceneLimits.maxCanvasSide), e.g. 390x844")
        }
        return CanvasSize(width: w, height: h)
    }

    /// What a `.swift` scene takes from the command line.
    var swiftOptions: SwiftSceneOptions {
        SwiftSceneOptions(view: view, canvas: canvas.map { ($0.width, $0.height) }, scale: nil)
    }

    /// `--set`'s reader: the form `name=value` only (the scene decides whether the name and value fit).
    static func setting(_ text: String) throws -> String {
        var probe = SceneOverrides()
        do { try probe.add(commandLine: text) } catch { throw NumberError(message: error.description) }
        return text
    }

    /// The `--state` file's values, then each `--set` in order.
    func overrides() throws(SceneErrors) -> SceneOverrides {
        var o = SceneOverrides()
        if let stateFile { try o.add(file: stateFile) }
        for text in settings { try? o.add(commandLine: text) }
        return o
    }

    /// Frame options with this command line's fps and scale; `defaultScale` replaces the scene's
    /// own scale when `--scale` is not given (strips and previews default to 1).
    func frameOptions(defaultScale: Double? = nil) -> FrameOptions {
        var options = FrameOptions()
        options.fps = fps
        options.scale = scale ?? defaultScale
        return options
    }

    /// The scene's frames with this command line's options, built once per command (one simulation): loads the
    /// scene (`loadScene()`), then builds its frame source, or prints why it cannot be rendered and exits with status 1.
    func frameSource(showTouches: Bool = false, defaultScale: Double? = nil) throws -> FrameSource {
        switch frameSourceOrProblems(showTouches: showTouches, defaultScale: defaultScale) {
        case .success(let source): return source
        case .failure(let problems):
            for line in problems.lines { printError(line) }
            throw ExitCode(1)
        }
    }

    /// Why a scene cannot be rendered: one line per problem, as printed.
    struct LoadProblems: Error { var lines: [String] }

    /// `frameSource` without printing the problems or exiting, for a command that reports them in files too (`render
    /// test --json/--junit`). Warnings are printed as they come.
    /// `simulateAtSceneRate` (`render test`): the scene is simulated at its own fps and scale, and the frames at the
    /// options' share that simulation (`FrameSource.simulatedBy`), so the motion golden and the expectations, which
    /// read the scene at its own rate, need no second one.
    func frameSourceOrProblems(showTouches: Bool = false, defaultScale: Double? = nil,
                               simulateAtSceneRate: Bool = false) -> Result<FrameSource, LoadProblems> {
        if let misuse = swiftOptionsMisuse { return .failure(LoadProblems(lines: [misuse])) }
        let loaded: LoadedScene
        do { loaded = try loadScene() } catch { return .failure(LoadProblems(lines: error.errors.map(\.description))) }
        for w in loaded.warnings { printError(w.description) }
        var options = frameOptions(defaultScale: defaultScale)
        options.showTouches = showTouches
        do {
            guard simulateAtSceneRate else { return .success(try FrameSource(loaded, options: options)) }
            let own = try FrameSource(loaded, options: FrameOptions())
            let same = (options.fps ?? own.fps) == own.fps && (options.scale ?? own.scale) == own.scale && !showTouches
            return .success(same ? own : try FrameSource(options: options, sharingSimulationOf: own))
        } catch {
            return .failure(LoadProblems(lines: ["\(scene): \(explain(error))"]))
        }
    }

    /// `--view` and `--canvas` given with a scene that is not a `.swift` file: what to say; nil when they fit.
    var swiftOptionsMisuse: String? {
        !SceneDocument.isSwift(scene) && (view != nil || canvas != nil)
            ? "\(scene): --view and --canvas are for .swift scenes (a JSON scene names its view in its body and has its own canvas)" : nil
    }

    /// `--view` and `--canvas` only with a `.swift` scene; else prints why and exits with status 1.
    func checkSwiftOptions() throws {
        if let misuse = swiftOptionsMisuse {
            printError(misuse)
            throw ExitCode(1)
        }
    }

    /// The one way every command loads its scene: the file as it is now (a `.swift` file translated), with the
    /// `--state` file's values and each `--set`, every problem thrown. `render watch` calls it for every render.
    func loadScene() throws(SceneErrors) -> LoadedScene {
        try LoadedScene.load(path: scene, allowExternalImages: allowExternalImages, overrides: try overrides(), swift: swiftOptions)
    }
}

func printError(_ s: String) {
    FileHandle.standardError.write(Data((s + "\n").utf8))
}
