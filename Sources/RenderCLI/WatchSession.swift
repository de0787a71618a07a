import Foundation
import Frames
import ImageIO
import GoldenTesting
import RenderKit
import SceneModel

/// The state of `render watch`: the last good render (a generation of frames in `folder/G/frames/` and the page's
/// data for it), the problems of the scene as it is on disk now, and whether a render is under way. Renders run one
/// at a time on a queue of their own; a change that arrives during one cancels it, and the next render starts from the
/// file as it is then. A scene with problems, or one that fails while drawing, leaves the last good generation served.
final class WatchSession: @unchecked Sendable {
    /// What the page and the status route see; `version` changes whenever anything else does.
    struct Snapshot: Sendable {
        var version = 1
        var generation = 0
        var errors: [String] = []
        var rendering = false
        var model: PreviewPageModel?
    }

    let scene: String
    /// Loads the scene as it is on disk now, with the command line's `--state` and `--set` (`SceneOptions.loadScene`).
    let load: @Sendable () throws(SceneErrors) -> LoadedScene
    /// Files watched besides the scene and what it names: the `--state` file.
    let alsoWatched: [String]
    /// The options of the command line; `scale` is replaced by the page's pixel ratio unless `fixedScale`.
    let options: FrameOptions
    /// `--scale` was given: the frames stay at it whatever screen opens the page.
    let fixedScale: Bool
    /// This run of the server, told apart from the next by the page.
    let run = UUID().uuidString
    /// The secret the page sends with its one state-changing request (`POST /screen`): only a page that could read
    /// this server's page has it (random, 122 bits).
    let token = UUID().uuidString
    let page: PreviewPage
    /// The folder holding the generations' frames: this process's own (`WatchSession.makeInstanceFolder`), so two
    /// watchers of one scene never share frames.
    let folder: String
    let output: WatchOutput
    var watcher: FileWatcher?
    /// The address printed after each render.
    var address = ""

    private let lock = NSLock()
    private var state = Snapshot()
    private var queued = false
    private var cancelled = CancellationFlag()
    /// The generation folder being written, removed if the process stops.
    private var inProgress: String?
    /// The scale the open page asked for (its screen's pixel ratio, made a scale the renderer accepts); nil until a
    /// page asks, and always nil with `fixedScale`.
    private var screenScale: Double?
    private let queue = DispatchQueue(label: "render watch")
    /// Long polls waiting for the next change, called back (and forgotten) by `update`.
    private var waiters: [Int: @Sendable (Snapshot) -> Void] = [:]
    private var nextWaiter = 0

    init(scene: String, load: @escaping @Sendable () throws(SceneErrors) -> LoadedScene, alsoWatched: [String], options: FrameOptions, fixedScale: Bool, page: PreviewPage,
         folder: String, output: WatchOutput) {
        self.scene = scene
        self.load = load
        self.alsoWatched = alsoWatched
        self.options = options
        self.fixedScale = fixedScale
        self.page = page
        self.folder = folder
        self.output = output
    }

    func snapshot() -> Snapshot {
        lock.lock(); defer { lock.unlock() }
        return state
    }

    /// Calls `then` with the snapshot once its version differs from `since` (at once when it does already, on this
    /// thread); the waiter's number, for `stopWaiting`. Nothing runs while nothing changes: a waiting page costs no
    /// CPU.
    @discardableResult
    func waitForChange(after since: Int, then: @escaping @Sendable (Snapshot) -> Void) -> Int {
        lock.lock()
        nextWaiter += 1
        let id = nextWaiter
        guard state.version == since else {
            let s = state
            lock.unlock()
            then(s)
            return id
        }
        waiters[id] = then
        lock.unlock()
        return id
    }

    func stopWaiting(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        waiters[id] = nil
    }

    /// The file a watcher writes into its own folder: what marks the folder as one `render watch` made and may remove.
    static let markerName = ".render-watch"

    /// Makes this process's folder inside the watch folder `parent` — `run-PID`, or `run-PID-N` when a folder of that
    /// name is there already and is not a watcher's — with the marker file in it that says which process made it.
    /// Folders of earlier watchers whose process is gone are removed: only those holding a marker (a regular file,
    /// naming a process id) that a watcher wrote; a `run-…` folder without one (another tool's, a CI run's) is never
    /// touched, nor is anything else in `parent`.
    static func makeInstanceFolder(in parent: String) throws -> String {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix("run-") {
            let folder = parent + "/" + name
            guard let pid = markerProcess(folder), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? fm.removeItem(atPath: folder)
        }
        try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
        var folder = parent + "/run-\(getpid())"
        var n = 1
        // mkdir, not "create if missing": a folder of this name that is there already is someone else's.
        while mkdir(folder, 0o777) != 0 {
            let code = errno
            guard code == EEXIST, n < 1000 else { throw FileIOError(path: folder, operation: "create", code: code) }
            folder = parent + "/run-\(getpid())-\(n)"
            n += 1
        }
        try writeFileAtomically(Array("render watch \(getpid())\n".utf8), to: folder + "/" + markerName)
        return folder
    }

    /// The process id in the marker of `folder`, nil when the folder (not a symbolic link) holds no marker written by
    /// a watcher.
    static func markerProcess(_ folder: String) -> Int32? {
        guard entryAt(folder)?.kind == S_IFDIR, let marker = entryAt(folder + "/" + markerName), marker.kind == S_IFREG, marker.size < 64,
              let bytes = try? readFileBytes(at: folder + "/" + markerName) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.hasPrefix("render watch "), text.hasSuffix("\n"),
              let pid = Int32(text.dropFirst("render watch ".count).dropLast()), pid > 0 else { return nil }
        return pid
    }

    /// Removes this watcher's folder (the process is stopping).
    func removeFolder() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The generation folder of `generation`.
    func generationFolder(_ generation: Int) -> String { folder + "/\(generation)" }

    /// Renders again soon, saying why (`reason`; nil for the first render): cancels a render under way, and queues
    /// one unless one is queued already.
    func requestRender(because reason: String? = nil) {
        if let reason { output.rendering(because: reason) }
        lock.lock(); defer { lock.unlock() }
        cancelled.cancel()
        guard !queued else { return }
        queued = true
        queue.async { [self] in
            lock.lock()
            queued = false
            cancelled = CancellationFlag()
            let flag = cancelled
            lock.unlock()
            render(flag)
        }
    }

    /// The scale for a screen of pixel ratio `ratio`: a multiple of 0.25 (the nearest), within the renderer's 0.1 to 8
    /// pixels per point; nil for a ratio that is no number above 0. The page works the same out to know whether its
    /// frames match its screen.
    static func scale(forPixelRatio ratio: Double) -> Double? {
        guard ratio.isFinite, ratio > 0 else { return nil }
        return min(8, max(0.25, (ratio * 4).rounded() / 4))
    }

    /// The open page's screen has pixel ratio `ratio`: unless `--scale` fixed the scale, renders again at it when
    /// the frames are not drawn at it already (or being drawn at it). A ratio that is no number is ignored.
    func pageAsks(pixelRatio ratio: Double) {
        guard !fixedScale, let wanted = Self.scale(forPixelRatio: ratio) else { return }
        lock.lock()
        let current = screenScale ?? state.model?.scale
        let changed = wanted != current
        screenScale = wanted
        lock.unlock()
        if changed {
            requestRender(because: "the page's screen has pixel ratio \(String(format: "%g", ratio)), so the frames are drawn at "
                          + "\(String(format: "%g", wanted))×")
        }
    }

    /// Removes a half-written generation (the process is stopping).
    func abandon() {
        lock.lock(); let folder = inProgress; lock.unlock()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func update(_ change: (inout Snapshot) -> Void) {
        lock.lock()
        change(&state)
        state.version += 1
        let s = state, waiting = waiters.values
        waiters = [:]
        lock.unlock()
        for then in waiting { then(s) }
    }

    private func fail(_ lines: [String]) {
        update { $0.errors = lines; $0.rendering = false }
        for line in lines { printError(line) }
        let kept = snapshot().generation
        printError(kept > 0 ? "render watch: the page keeps the last good frames (render \(kept))"
                            : "render watch: nothing to show until the scene loads")
    }

    private func render(_ flag: CancellationFlag) {
        let started = Date()
        let loaded: LoadedScene
        do {
            loaded = try load()
        } catch {
            // A Swift file named by the scene's body stays watched while the scene has problems.
            let named = error.errors.map(\.file).filter { SceneDocument.isSwift($0) }
            if !named.isEmpty { try? watcher?.watch(Array(Set([scene] + alsoWatched + named)).sorted()) }
            fail(error.errors.map(\.description))
            return
        }
        for w in loaded.warnings { printError(w.description) }
        // The scene's images are watched too, wherever they are, and the Swift file its body names (re-translated).
        do { try watcher?.watch(Array(Set([scene] + alsoWatched + loaded.sources + loaded.images.keys)).sorted()) } catch { printError("render watch: \(error)") }
        var options = self.options
        lock.lock(); let screen = screenScale; lock.unlock()
        if let screen {
            // A canvas too big at the screen's scale is drawn at its own instead: the page still works.
            do { try loaded.checkCanvas(scale: screen); options.scale = screen } catch {
                printError("render watch: not drawn at the screen's \(String(format: "%g", screen))×: \(error); drawn at the scene's own scale")
            }
        }
        let source: FrameSource
        do { source = try FrameSource(loaded, options: options) } catch {
            fail(["\(scene): \(error)"])
            return
        }
        let generation = snapshot().generation + 1
        let target = generationFolder(generation)
        try? FileManager.default.removeItem(atPath: target)
        lock.lock(); inProgress = target; lock.unlock()
        defer { lock.lock(); inProgress = nil; lock.unlock() }
        update { $0.rendering = true }
        // All cores draw, through the same pump as every output; a change cancels the pass between frames.
        let pump = FramePump(source: source, jobs: ProcessInfo.processInfo.activeProcessorCount, cancellation: flag)
        do {
            try page.writeFrames(with: pump, to: target)
        } catch {
            try? FileManager.default.removeItem(atPath: target)
            if flag.isCancelled { update { $0.rendering = false }; return }
            fail(["\(scene): \(explain(error, known: target))"])
            return
        }
        var model = page.model(for: source, frames: "frames/\(generation)/")
        model.compare = page.compare.map { PreviewPageModel.Compare($0, url: "compare/") }
        update {
            $0.generation = generation
            $0.model = model
            $0.errors = []
            $0.rendering = false
        }
        // Two generations stay: the page may still be loading frames of the one before while it reloads.
        try? FileManager.default.removeItem(atPath: generationFolder(generation - 2))
        output.rendered(frames: source.frameCount, seconds: Date().timeIntervalSince(started), generation: generation,
                        scale: model.scale, url: address)
    }
}
