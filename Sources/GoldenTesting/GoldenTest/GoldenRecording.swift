import Foundation
import Frames
import ImageIO
import RenderKit

/// Where `render test` writes the goldens it records (frames, `motion.json`, `manifest.json`) until the run is
/// complete: a hidden folder `.recording-<pid>` inside the golden folder, made at the first write. At the end
/// (`commit`) its files are renamed into place, the stale goldens removed and the manifest renamed last, all inside one
/// pass of `FileWriteGate` so that Ctrl-C or SIGTERM cannot cut it short. A run stopped before then — a signal, a
/// failure — removes the folder (`discard`), also from the signal handler's forced exit (a clean-up of the gate), with
/// the folders the run made for the goldens: the golden folder is then exactly as it was. Either way the manifest and
/// the goldens it lists go together, never a frame of a recording cut in half.
final class GoldenRecording: @unchecked Sendable {
    let golden: String
    /// The staging folder.
    let folder: String
    /// The folders the goldens needed that did not exist before the run, deepest first.
    private let missing: [String]
    private let lock = NSLock()
    private var gateKey: Int?
    private var staged: [String] = []
    private var removals: Set<String> = []
    private var state = State.open

    private enum State { case open, committed, discarded }

    init(golden: String) {
        self.golden = golden
        folder = golden + "/.recording-\(getpid())"
        var missing: [String] = []
        var path = golden
        while !path.isEmpty, path != "/", path != ".", !FileManager.default.fileExists(atPath: path) {
            missing.append(path)
            // The parent by hand: Foundation's deletingLastPathComponent traps on a one-letter relative path ("g").
            path = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        }
        self.missing = missing
        gateKey = FileWriteGate.shared.register { [self] in discard() }
    }

    /// The file name `name` will have in the golden folder once committed.
    func goldenPath(_ name: String) -> String { golden + "/" + name }

    /// Stages `bytes` as the golden `name` (written whole, as every file: `writeFileAtomically`).
    func write(_ bytes: [UInt8], as name: String) throws(GoldenTest.Failure) {
        // Held while the folder is made, so that a forced exit's clean-up, which waits for the gate, cannot run between
        // making the folder and writing into it (and leave the folder behind).
        guard FileWriteGate.shared.enter() else { throw .render(.cancelled) }
        defer { FileWriteGate.shared.leave() }
        let path = folder + "/" + name
        try stage(name)
        do { try writeFileAtomically(bytes, to: path) } catch {
            if (error as? FileIOError)?.code == ECANCELED { throw .render(.cancelled) }
            throw .input("cannot record \(goldenPath(name)): \(explain(error, known: path))")
        }
    }

    /// Makes the folder when it is not there yet and notes `name` as staged.
    private func stage(_ name: String) throws(GoldenTest.Failure) {
        lock.lock()
        defer { lock.unlock() }
        guard state == .open else { throw .render(.cancelled) }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .input("cannot record \(goldenPath(name)): \(explain(error, known: folder))")
        }
        if !staged.contains(name) { staged.append(name) }
    }

    /// Removes the golden `name` (a stale frame) at the commit.
    func remove(_ name: String) {
        lock.lock(); defer { lock.unlock() }
        removals.insert(name)
    }

    /// The PNG file names the golden folder will hold once committed.
    func pngNamesAfterCommit() throws(GoldenTest.Failure) -> Set<String> {
        let present: [String]
        do { present = try GoldenComparison.pngNames(golden) } catch { throw .input(error.description) }
        lock.lock(); defer { lock.unlock() }
        return Set(present).subtracting(removals).union(staged.filter { $0.hasSuffix(".png") })
    }

    /// Renames every staged file into the golden folder (the manifest last) and removes the goldens marked stale. Runs
    /// whole once begun: a forced exit waits for it.
    func commit() throws(GoldenTest.Failure) {
        guard FileWriteGate.shared.enter() else { discard(); throw .render(.cancelled) }
        defer { FileWriteGate.shared.leave() }
        lock.lock()
        defer { lock.unlock() }
        guard state == .open else {
            if state == .discarded { throw .render(.cancelled) }
            return
        }
        state = .committed
        if let key = gateKey { FileWriteGate.shared.unregister(key) }
        let manifest = GoldenFolderManifest.fileName
        for name in staged where name != manifest { try move(name) }
        for name in removals { unlink(goldenPath(name)) }
        if staged.contains(manifest) { try move(manifest) }
        rmdir(folder)
    }

    /// Renames the staged `name` over the golden; on failure the rest of the staging folder goes.
    private func move(_ name: String) throws(GoldenTest.Failure) {
        guard rename(folder + "/" + name, goldenPath(name)) != 0 else { return }
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(atPath: folder)
        throw .input("cannot move the recorded \(name) into \(golden): \(reason)")
    }

    /// Removes what was staged and the folders made for it: the golden folder is as it was. Does nothing after a commit.
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        guard state == .open else { return }
        state = .discarded
        if let key = gateKey { FileWriteGate.shared.unregister(key) }
        try? FileManager.default.removeItem(atPath: folder)
        for path in missing { rmdir(path) }
    }
}
