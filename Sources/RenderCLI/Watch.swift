import ArgumentParser
import Foundation
import Frames
import ImageIO
import Loopback
import GoldenTesting
import RenderKit
import SceneModel

/// `render watch SCENE.json`: the preview page served on this machine, rendered again whenever the scene file or one of
/// its images changes; the open page reloads itself at the same time. Ctrl-C (or SIGTERM) stops it with status 130,
/// as it stops a render.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Serve the preview page on localhost and render again whenever the scene or its images change.",
        discussion: """
        Serves the page of `render preview` at http://127.0.0.1:8080/ (or the next free port; --port 0: one the \
        system picks; the address is the first line printed, with --progress json as a JSON line), renders the scene, and renders it again whenever the scene file or an image it uses \
        changes; an open page reloads itself and stays at the same time. A scene with problems prints them, one \
        located line each, in the terminal and over the page, which keeps the last good frames. Frames go to \
        Output/<file name>-watch/run-PID/ (or --out DIR/run-PID), a folder of this watcher's own. Without --scale the frames follow the screen: the open page tells \
        the server its pixel ratio and the scene is rendered again at it (to the nearest 0.25, within 0.25 to 8), so \
        one frame pixel lands on one device pixel; until a page asks, the scene's own scale is used. With --scale the \
        frames stay at it and the page's caption says when the screen differs. Each new render says why in the \
        terminal. The server answers GET and HEAD for its page and frames only, and one POST, the page's screen, \
        with a token from the page; it refuses heads over 16 KiB, bodies, two Host headers and connections that \
        are slow to send a request, and listens on 127.0.0.1 unless --host names another address. Ctrl-C stops it \
        (exit status 130).

        Examples:
          render watch Scenes/unlock.json
          render watch Scenes/unlock.json --port 9000 --scale 2
          render watch Scenes/unlock.json --port 0 --progress json
          render watch Scenes/unlock.json --compare Tests/Goldens/unlock --compare-fps 2
          render watch Scenes/unlock.json --host 0.0.0.0   every network (only where you trust it)
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(parsing: .unconditional, help: "Port to listen on, 0 to 65535 (default 8080; 0: one the system picks); when taken, the next free one is used.",
            transform: NumberRule.listenPort.wholeNumber)
    var port: Int = 8080
    @Option(help: "Address to listen on (default 127.0.0.1: this machine only).")
    var host: String = "127.0.0.1"
    @Option(help: "Folder for the rendered frames (default: Output/<scene file name>-watch).")
    var out: String?
    @OptionGroup var comparison: CompareOptions
    @Option(parsing: .unconditional, help: "Frames on the page's contact sheet, 1 to 1000.",
            transform: NumberRule.sheetFrames.wholeNumber)
    var stripCount: Int = 12
    @Flag(name: [.short, .long], help: "Print nothing but the address and errors.")
    var quiet = false
    @Option(help: "What standard output tells: auto (lines for people), json (one JSON object per line: listening, render, rendered) or none (the address only).")
    var progress: ProgressReporter.Style = .auto

    func validate() throws {
        guard ListenAddress(host) != nil else {
            throw ValidationError("--host must be an IPv4 or IPv6 address or localhost (found \(host))")
        }
    }

    func run() throws {
        guard let address = ListenAddress(host) else { throw ExitCode(2) }
        var options = sceneOptions.frameOptions()
        options.showTouches = touches.showTouches
        var page = PreviewPage()
        page.writeAnimation = false
        page.writeStrip = false
        page.strip.count = stripCount
        page.compare = try comparison.load(scene: sceneOptions.scene)
        let name = URL(fileURLWithPath: sceneOptions.scene).deletingPathExtension().lastPathComponent
        let parent = out ?? "Output/\(name)-watch"
        let folder: String
        do { folder = try WatchSession.makeInstanceFolder(in: parent) } catch {
            printError("\(sceneOptions.scene): cannot write into \(parent): \(explain(error, known: parent))")
            throw ExitCode(1)
        }
        let output = WatchOutput(style: progress, quiet: quiet)
        try sceneOptions.checkSwiftOptions()
        let scene = sceneOptions
        let session = WatchSession(scene: sceneOptions.scene, load: { () throws(SceneErrors) -> LoadedScene in try scene.loadScene() },
                                   alsoWatched: [sceneOptions.stateFile].compactMap { $0 },
                                   options: options, fixedScale: sceneOptions.scale != nil, page: page, folder: folder,
                                   output: output)
        let responder = WatchResponder(session: session, compareFolder: page.compare?.folder)
        let server: LoopbackServer
        if let warning = address.exposure(command: "render watch") { printError(warning) }
        do {
            server = try LoopbackServer(address: address, port: port, responder: responder,
                                     rules: LoopbackRules(loopbackOnly: address.isLoopback, token: session.token))
        } catch {
            printError("render watch: \(error)")
            throw ExitCode(1)
        }
        // The address first: a script waiting for it can go on while the first render runs.
        session.address = address.url(port: server.port)
        output.listening(session.address, port: server.port)
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher { names in session.requestRender(because: names.joined(separator: ", ") + " changed") }
            try watcher.watch([sceneOptions.scene] + session.alsoWatched)
        } catch {
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(1)
        }
        session.watcher = watcher
        WatchInterrupts.install(session)
        watcher.start()
        session.requestRender()
        do { try server.wait() } catch {
            printError("render watch: the server stopped: \(error)")
            throw ExitCode(1)
        }
    }
}

/// Ctrl-C and SIGTERM stop `render watch`: file writes in progress finish, a half-written render is removed, and the
/// process exits with status 130, like an interrupted render.
enum WatchInterrupts {
    static func install(_ session: WatchSession) {
        Interrupts.installStop(command: "render watch") {
            FileWriteGate.shared.close()
            session.abandon()
            session.removeFolder()
        }
    }
}

/// A line on standard output at once (print's buffer would hold it back when the output is a pipe or a file).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
