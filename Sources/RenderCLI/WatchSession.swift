import Foundation
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
    let allowExternalImages: Bool
    let options: RenderOptions
    let page: PreviewPage
    /// The folder holding the generations' frames.
    let folder: String
    let quiet: Bool
    var watcher: FileWatcher?
    /// The address printed after each render.
    var address = ""

    private let lock = NSLock()
    private var state = Snapshot()
    private var queued = false
    private var cancelled = CancellationFlag()
    /// The generation folder being written, removed if the process stops.
    private var inProgress: String?
    private let queue = DispatchQueue(label: "render watch")

    init(scene: String, allowExternalImages: Bool, options: RenderOptions, page: PreviewPage, folder: String, quiet: Bool) {
        self.scene = scene
        self.allowExternalImages = allowExternalImages
        self.options = options
        self.page = page
        self.folder = folder
        self.quiet = quiet
    }

    func snapshot() -> Snapshot {
        lock.lock(); defer { lock.unlock() }
        return state
    }

    /// The snapshot once its version differs from `since`, or after `timeout` seconds (a long poll for the page).
    func snapshot(after since: Int, timeout: Double) async -> Snapshot {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let s = snapshot()
            if s.version != since || Date() > deadline { return s }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// The generation folder of `generation`.
    func generationFolder(_ generation: Int) -> String { folder + "/\(generation)" }

    /// Renders again soon: cancels a render under way, and queues one unless one is queued already.
    func requestRender() {
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

    /// Removes a half-written generation (the process is stopping).
    func abandon() {
        lock.lock(); let folder = inProgress; lock.unlock()
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func update(_ change: (inout Snapshot) -> Void) {
        lock.lock(); defer { lock.unlock() }
        change(&state)
        state.version += 1
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
            loaded = try LoadedScene.load(path: scene, allowExternalImages: allowExternalImages)
        } catch {
            fail(error.errors.map(\.description))
            return
        }
        // The scene's images are watched too, wherever they are.
        do { try watcher?.watch([scene] + loaded.images.keys.sorted()) } catch { printError("render watch: \(error)") }
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
        do {
            try page.writeFrames(source, to: target, cancelled: { flag.isCancelled })
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
        if !quiet {
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            say("render watch: \(counted(source.frameCount, "frame")) rendered in \(seconds) s (render \(generation)) → \(address)")
        }
    }
}
