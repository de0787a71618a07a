import ArgumentParser
import FlyingFox
import Foundation
import Frames
import ImageIO
import RenderKit

/// `render watch SCENE.json`: the preview page served on this machine, rendered again whenever the scene file or one of
/// its images changes; the open page reloads itself at the same time. Ctrl-C (or SIGTERM) stops it with status 130,
/// as it stops a render.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the preview page on localhost and render again whenever the scene or its images change.",
        discussion: """
        Serves the page of `render preview` at http://127.0.0.1:8080/ (or the next free port; the address is \
        printed at start), renders the scene, and renders it again whenever the scene file or an image it uses \
        changes; an open page reloads itself and stays at the same time. A scene with problems prints them, one \
        located line each, in the terminal and over the page, which keeps the last good frames. Frames go to \
        Output/<file name>-watch/run-PID/ (or --out DIR/run-PID), a folder of this watcher's own. Without --scale the frames follow the screen: the open page tells \
        the server its pixel ratio and the scene is rendered again at it (to the nearest 0.25, within 0.25 to 8), so \
        one frame pixel lands on one device pixel; until a page asks, the scene's own scale is used. With --scale the \
        frames stay at it and the page's caption says when the screen differs. The \
        server answers GET and HEAD for its page and frames only, on 127.0.0.1 unless --host names another \
        address. Ctrl-C stops it (exit status 130).

        Examples:
          render watch Scenes/unlock.json
          render watch Scenes/unlock.json --port 9000 --scale 2
          render watch Scenes/unlock.json --compare Tests/Goldens/unlock --compare-fps 2
          render watch Scenes/unlock.json --host 0.0.0.0   every network (only where you trust it)
        """)

    @OptionGroup var sceneOptions: SceneOptions
    @OptionGroup var touches: TouchOptions
    @Option(parsing: .unconditional, help: "Port to listen on, 1 to 65535 (default 8080); when taken, the next free one is used.",
            transform: NumberRule.port.wholeNumber)
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
        let folder = WatchSession.instanceFolder(in: parent)
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            printError("\(sceneOptions.scene): cannot write into \(parent): \(explain(error, known: parent))")
            throw ExitCode(1)
        }
        let session = WatchSession(scene: sceneOptions.scene, allowExternalImages: sceneOptions.allowExternalImages,
                                   options: options, fixedScale: sceneOptions.scale != nil, page: page, folder: folder,
                                   quiet: quiet)
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher { session.requestRender() }
            try watcher.watch([sceneOptions.scene])
        } catch {
            printError("\(sceneOptions.scene): \(error)")
            throw ExitCode(1)
        }
        session.watcher = watcher
        guard let chosen = address.firstFreePort(from: port) else {
            printError("render watch: no free port from \(port) to \(min(port + 99, 65535)) on \(host)")
            throw ExitCode(1)
        }
        let handler = WatchHandler(session: session, compareFolder: page.compare?.folder, loopbackOnly: address.isLoopback)
        let server: HTTPServer
        do {
            server = HTTPServer(config: .init(address: try address.socketAddress(port: chosen), logger: .disabled), handler: handler)
        } catch {
            printError("render watch: cannot listen on \(host): \(error)")
            throw ExitCode(1)
        }
        let outcome = ServerOutcome()
        Task { do { try await server.run() } catch { outcome.finish(error) }; outcome.finish(nil) }
        let listening = ServerOutcome()
        Task { do { try await server.waitUntilListening(timeout: 10) } catch { listening.finish(error) }; listening.finish(nil) }
        if let error = listening.wait() ?? nil {
            printError("render watch: cannot listen on \(address.url(port: chosen)): \(error)")
            throw ExitCode(1)
        }
        session.address = address.url(port: chosen)
        say("render watch: serving \(session.address) (Ctrl-C stops)")
        WatchInterrupts.install(session)
        watcher.start()
        session.requestRender()
        if let error = outcome.wait() ?? nil {
            printError("render watch: the server stopped: \(error)")
            throw ExitCode(1)
        }
    }
}

/// A server task's end, waited for from the command's thread.
final class ServerOutcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var error: Error??

    func finish(_ error: Error?) {
        lock.lock()
        let first = self.error == nil
        if first { self.error = .some(error) }
        lock.unlock()
        if first { done.signal() }
    }

    /// Blocks until `finish`; the error it was given, if any.
    func wait() -> Error?? {
        done.wait()
        lock.lock(); defer { lock.unlock() }
        return error
    }
}

/// Ctrl-C and SIGTERM stop `render watch`: file writes in progress finish, a half-written render is removed, and the
/// process exits with status 130, like an interrupted render.
enum WatchInterrupts {
    nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    static func install(_ session: WatchSession) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler {
                FileWriteGate.shared.close()
                session.abandon()
                session.removeFolder()
                FileHandle.standardError.write(Data("\nrender watch: stopped\n".utf8))
                _exit(130)
            }
            s.resume()
            sources.append(s)
        }
    }
}

/// A line on standard output at once (print's buffer would hold it back when the output is a pipe or a file).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
