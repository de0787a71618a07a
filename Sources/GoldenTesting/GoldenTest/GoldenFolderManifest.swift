import Formats
import Foundation
import Frames
import ImageIO
import Raster
import RenderKit

/// The golden folder's manifest.json: what the goldens were rendered with (header), in which environment, and each
/// golden frame's pixel hash and display-list hash. Read before a run, it tells which frames can pass without being
/// drawn and, when pixels differ, whether the environment changed; written after a run that recorded something.
struct GoldenFolderManifest {
    /// The manifest found before the run; nil when the folder has none.
    let earlier: Manifest?

    static let fileName = "manifest.json"
    static func path(_ folder: String) -> String { folder + "/" + fileName }

    /// The folder's manifest; one that is there but not a manifest is an error, never a reason to draw everything.
    static func read(_ folder: String) throws(GoldenTest.Failure) -> GoldenFolderManifest {
        guard FileManager.default.fileExists(atPath: path(folder)) else { return GoldenFolderManifest(earlier: nil) }
        do { return GoldenFolderManifest(earlier: try FormatFile.read(Manifest.self, at: path(folder))) } catch {
            throw .input("\(error)")
        }
    }

    /// The frames of `indices` that pass without being drawn: rendered at the same settings as the goldens, their
    /// golden file present, their display list hashing as the golden's, in the same renderer and libraries, with
    /// the same font files (by SHA-256). Costs one layout per frame with a recorded hash, on the pump's threads;
    /// draws nothing. `known`, every frame's digest of the pump's source made already (`MotionSamples.digests`), saves
    /// that pass.
    /// - Returns: those frames, with the faces their text uses (for the environment of the run).
    func unchanged(_ indices: [Int], pump: FramePump, fileName: (Int) -> String, existing: Set<String>,
                   known: [MotionSamples.FrameDigest]? = nil) throws(RenderError) -> (frames: Set<Int>, faces: Set<FontFace>) {
        let source = pump.source
        guard let earlier, let environment = earlier.environment,
              OutputFolder.sameRender(earlier.header, RenderHeader(source)) else { return ([], []) }
        let libraries = RenderEnvironment.current(faces: [])
        guard libraries.renderer == environment.renderer, libraries.libraries == environment.libraries else { return ([], []) }
        var recorded: [String: String] = [:]
        for f in earlier.frames { if let d = f.displayList { recorded[f.file.description] = d } }
        let candidates: [(index: Int, digest: String)] = indices.compactMap { i in
            let name = fileName(i)
            guard existing.contains(name), let digest = recorded[name] else { return nil }
            return (i, digest)
        }
        let lists: [(digest: String, faces: Set<FontFace>)]
        if let known, known.count == source.frameCount {
            lists = candidates.map { (known[$0.index].digest, known[$0.index].faces) }
        } else {
            lists = try pump.withDisplayLists(candidates.map(\.index)) { list, digest in
                (digest: digest.hex(list), faces: FontFace.used(in: list))
            }
        }
        var frames = Set<Int>(), faces = Set<FontFace>()
        for (c, list) in zip(candidates, lists) where list.digest == c.digest {
            frames.insert(c.index)
            faces.formUnion(list.faces)
        }
        // A font file that is not the goldens' (another file for a face, or the same name with other bytes) could
        // draw other glyphs: then every frame is drawn.
        guard RenderEnvironment.current(faces: faces).fonts.allSatisfy(environment.fonts.contains) else { return ([], []) }
        return (frames, faces)
    }

    /// What `render test` says first when pixels differ: how the environment differs from the goldens', or that it
    /// is the same (so the scene's pictures changed).
    func verdict(_ current: RenderEnvironment) -> String {
        guard let golden = earlier?.environment else {
            return "the goldens record no environment (no manifest.json with one): cannot tell whether it changed"
        }
        let differences = current.differences(from: golden)
        return differences.isEmpty ? "same environment: the scene's pictures changed"
            : "environment differs from the goldens': " + differences.joined(separator: "; ")
    }

    /// What `render test` says when no pixel differs but the goldens were made in another environment (another
    /// machine's renderer, libraries or font files, as with goldens accepted from a CI report): then no frame passed
    /// by its display list, each was drawn and compared. Nil when the environment is the goldens' or not recorded.
    func passedElsewhere(_ current: RenderEnvironment) -> String? {
        guard let golden = earlier?.environment else { return nil }
        let differences = current.differences(from: golden)
        return differences.isEmpty ? nil : "environment differs from the goldens': " + differences.joined(separator: "; ")
            + " (every frame drawn and compared)"
    }

    /// Whether goldens drawn in `before` may pass by their display list in `now`: the same renderer and libraries,
    /// and no font file both used with other bytes. A folder's manifest records one environment: when it changes,
    /// the display lists of the goldens drawn in the other are dropped, so that those frames are drawn and compared.
    static func sameDrawing(_ before: RenderEnvironment, _ now: RenderEnvironment) -> Bool {
        let conflict = now.fonts.contains { f in before.fonts.contains { $0.file == f.file && $0.sha256 != f.sha256 } }
        return before.renderer == now.renderer && before.libraries == now.libraries && !conflict
    }

    /// Writes the folder's manifest.json after a run that recorded, updated or removed goldens: this run's frames
    /// whose golden now holds their pixels (recorded, updated, or the same to the pixel), the earlier entries of the
    /// other golden files still there (without their display lists when they were drawn in another environment,
    /// say accepted from a CI report), and the environment of this run. Staged in `recording`, beside the goldens it
    /// lists, so that it lists exactly the goldens there once they are committed.
    func write(_ recording: GoldenRecording, source: FrameSource, results: [GoldenFrameResult],
               environment: RenderEnvironment) throws(GoldenTest.Failure) {
        let header = RenderHeader(source)
        var entries = Self.carriedOver(earlier, header: header, environment: environment)
        for r in results {
            guard let file = FrameFileName(r.name) else { continue }
            let holdsThesePixels = r.status == .recorded || r.status == .updated
                || (r.status == .same && !r.sameDisplayList && r.differingPixels == 0)
            if holdsThesePixels, let hash = r.pixelHash {
                entries[r.name] = Manifest.Frame(index: file.index, file: file, hash: hash, displayList: r.displayListHash)
            } else if r.status == .updated || r.status == .different || r.status == .sizeMismatch {
                // Removed as stale, or no longer known to match.
                entries[r.name] = nil
            }
        }
        let manifest = Self.manifest(entries, present: try recording.pngNamesAfterCommit(), header: header, environment: environment)
        let bytes: [UInt8]
        do { bytes = try OrderedJSONEncoder().encodeBytes(manifest) } catch { throw .input("cannot encode \(Self.fileName): \(error)") }
        try recording.write(bytes, as: Self.fileName)
    }

    /// The entries of `earlier` that a rewrite of the folder's manifest starts from: none when the goldens were
    /// rendered at other settings than `header`; without their display lists when they were drawn in another
    /// environment than `environment` (nil: the same one, as when an undo puts back goldens of this folder).
    static func carriedOver(_ earlier: Manifest?, header: RenderHeader, environment: RenderEnvironment?) -> [String: Manifest.Frame] {
        guard let earlier, OutputFolder.sameRender(earlier.header, header) else { return [:] }
        let keepLists = environment.map { now in earlier.environment.map { sameDrawing($0, now) } ?? false } ?? true
        var entries: [String: Manifest.Frame] = [:]
        for var f in earlier.frames {
            if !keepLists { f.displayList = nil }
            entries[f.file.description] = f
        }
        return entries
    }

    /// The manifest of `entries` whose golden file is among `present`, in frame order.
    static func manifest(_ entries: [String: Manifest.Frame], present: Set<String>, header: RenderHeader,
                         environment: RenderEnvironment?) -> Manifest {
        let frames = entries.values.filter { present.contains($0.file.description) }.sorted { $0.index < $1.index }
        return Manifest(header: header, environment: environment, frames: frames)
    }
}
