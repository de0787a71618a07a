import ArgumentParser
import Foundation
import Frames
import SceneModel

/// `render translate View.swift`: the scene JSON a SwiftUI file becomes, to read, diff or start a JSON scene from.
struct Translate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Print the scene JSON a SwiftUI .swift file becomes.",
        discussion: """
        Reads the View structs of a SwiftUI file without compiling or running it (docs/swiftui-source.md) and prints \
        the scene it renders as: views, modifiers and paints as view keys, @State as state variables, handlers \
        executed symbolically into events (hidden variables start with an underscore). A JSON scene whose body is \
        {"type": "swift", …} prints with that view in its place. Problems are printed one per line \
        (File.swift:line:column: where › construct: what to do), exit status 1, nothing printed on standard output.

        Examples:
          render translate Scenes/UnlockView.swift
          render translate Scenes/UnlockView.swift --view UnlockView --canvas 390x300
          render translate Scenes/unlock-swift.json -o /tmp/unlock-translated.json
          render translate --subset
        """)

    @Argument(help: "The .swift file (or a JSON scene with a swift body).", completion: .file(extensions: ["swift", "json"]))
    var scene: String?

    @Flag(help: "Print the table of the SwiftUI subset the translator reads (Markdown, as in docs/swiftui-source.md) and exit.")
    var subset = false

    @Option(help: ArgumentHelp("The View struct to translate (default: the first in the file).", valueName: "NAME"))
    var view: String?

    @Option(help: ArgumentHelp("The canvas in points when the file has no #Preview of fixed size (default 390x844).", valueName: "WxH"),
            transform: SceneOptions.canvasSize)
    var canvas: SceneOptions.CanvasSize?

    @Flag(help: "Translate for the dark appearance (semantic colours, the window's background).")
    var dark = false

    @Option(name: [.short, .long], help: ArgumentHelp("Write the JSON to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    func validate() throws {
        if scene == nil && !subset { throw ValidationError("give a .swift file (or --subset)") }
    }

    func run() throws {
        if subset {
            print(SwiftSubset.markdown(), terminator: "")
            return
        }
        guard let scene else { return }
        var options = SwiftSceneOptions(view: view, canvas: canvas.map { ($0.width, $0.height) })
        options.dark = dark
        let document: SceneDocument
        do { document = try SceneDocument.read(path: scene, swift: options) } catch {
            for e in error.errors { printError(e.description) }
            throw ExitCode(1)
        }
        for w in document.warnings { printError(w.description) }
        let text = document.json.sceneText()
        guard let output else { print(text, terminator: ""); return }
        do { try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
            printError("\(output): cannot write: \(error.localizedDescription)")
            throw ExitCode(1)
        }
    }
}
