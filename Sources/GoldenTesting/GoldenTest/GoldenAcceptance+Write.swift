import Formats
import Foundation
import Frames
import ImageIO
import Raster
import RenderKit

extension GoldenAcceptance {
    /// One golden file to write (bytes) or remove (nil), with the manifest entry it gets (nil: none).
    struct Step {
        var frame: Int?
        var name: String
        var bytes: [UInt8]?
        var entry: Manifest.Frame?
        var action: AcceptanceResult.Change.Action
        var path: String
    }

    /// One acceptance or undo at a time in this process (a server may get two requests at once): each checks the
    /// goldens and then writes them, which must not interleave with another's.
    static let writing = NSLock()

    /// Checks every chosen file, then writes them all or nothing.
    func write(_ frames: [TestReportRecord.Frame], motion: Bool) throws(AcceptanceError) -> AcceptanceResult {
        Self.writing.lock()
        defer { Self.writing.unlock() }
        var steps: [Step] = []
        for f in frames {
            let target = goldens + "/" + f.name
            guard f.status != .missing else {
                steps.append(try step(frame: f.index, name: f.name, target: target, actual: nil, actualSHA: nil, goldenSHA: f.goldenSHA256, entry: nil))
                continue
            }
            guard let relative = f.actual else { throw AcceptanceError(.reportAltered, "report \(report) keeps no actual file for \(f.name)") }
            var entry: Manifest.Frame?
            if let hash = f.pixelHash, let file = FrameFileName(f.name) {
                entry = Manifest.Frame(index: f.index, file: file, hash: hash, displayList: f.displayList)
            }
            steps.append(try step(frame: f.index, name: f.name, target: target, actual: report + "/" + relative,
                                  actualSHA: f.actualSHA256, goldenSHA: f.goldenSHA256, entry: entry))
        }
        if motion, let m = record.motion, let relative = m.actual {
            steps.append(try step(frame: nil, name: MotionTest.fileName, target: goldens + "/" + MotionTest.fileName,
                                  actual: report + "/" + relative, actualSHA: m.actualSHA256, goldenSHA: m.goldenSHA256, entry: nil))
        }
        // Keep what is replaced or removed, so that `undo` can put it back; and the manifest as it was before the first
        // acceptance from this report, so that undoing everything gives it back as it was.
        let manifest = GoldenFolderManifest.path(goldens), keptManifest = keptManifestPath
        if steps.contains(where: { $0.action != .unchanged && FrameFileName($0.name) != nil }),
           FileManager.default.fileExists(atPath: manifest), !FileManager.default.fileExists(atPath: keptManifest) {
            do {
                try FileManager.default.createDirectory(atPath: report + "/" + Self.replacedFolder, withIntermediateDirectories: true)
                try writeFileAtomically(try readFileBytes(at: manifest), to: keptManifest)
            } catch {
                throw AcceptanceError(.io, "cannot keep the goldens' manifest in \(keptManifest): \(explain(error, known: keptManifest))")
            }
        }
        for s in steps where s.action == .replaced || s.action == .removed {
            let keep = report + "/" + Self.replacedFolder + "/" + s.name
            do {
                try FileManager.default.createDirectory(atPath: report + "/" + Self.replacedFolder, withIntermediateDirectories: true)
                try writeFileAtomically(try readFileBytes(at: s.path), to: keep)
            } catch {
                throw AcceptanceError(.io, "cannot keep the replaced golden in \(keep): \(explain(error, known: keep))")
            }
        }
        try commit(steps, environment: record.environment)
        return AcceptanceResult(goldens: goldens, changes: steps.map { AcceptanceResult.Change(frame: $0.frame, name: $0.name, action: $0.action, path: $0.path) })
    }

    /// The step for one golden: unchanged when it already holds the actual file, a write when it is still the one
    /// the report compared with (`goldenSHA`, nil: there was none), a refusal otherwise.
    func step(frame: Int?, name: String, target: String, actual: String?, actualSHA: String?, goldenSHA: String?,
              entry: Manifest.Frame?) throws(AcceptanceError) -> Step {
        var bytes: [UInt8]?
        var wanted: String?
        if let actual {
            guard FileManager.default.fileExists(atPath: actual) else {
                throw AcceptanceError(.reportAltered, "report \(report) has lost \(actual): cannot accept \(name)")
            }
            do { bytes = try readFileBytes(at: actual) } catch {
                throw AcceptanceError(.io, "cannot read \(actual): \(explain(error, known: actual))")
            }
            wanted = ContentDigest.sha256(bytes!)
            guard let actualSHA else {  // refused when the report was read; kept here so no path skips the check
                throw AcceptanceError(.invalidReport, "report \(report) records no SHA-256 for \(actual): not accepted")
            }
            if wanted != actualSHA {
                throw AcceptanceError(.reportAltered, "\(actual) is not the file report \(report) recorded (its SHA-256 differs): not accepted")
            }
        }
        let current = try Self.sha256(target)
        if current == wanted {
            return Step(frame: frame, name: name, bytes: bytes, entry: entry, action: .unchanged, path: target)
        }
        guard current == goldenSHA else {
            let now = current.map { "SHA-256 \($0.prefix(12))… now" } ?? "gone now"
            let then = goldenSHA.map { "\($0.prefix(12))… when compared" } ?? "absent when compared"
            throw AcceptanceError(.goldensChanged, "the golden \(target) changed since report \(report) was made (\(now), \(then)): "
                + "nothing accepted; run render test again for a fresh report")
        }
        let action: AcceptanceResult.Change.Action = actual == nil ? .removed : (current == nil ? .added : .replaced)
        return Step(frame: frame, name: name, bytes: bytes, entry: entry, action: action, path: target)
    }

    /// Stages every file beside the goldens, renames them into place, removes what is to go, then rewrites the
    /// manifest. A failure while staging removes what was staged: the goldens are as they were.
    func commit(_ steps: [Step], environment: RenderEnvironment?) throws(AcceptanceError) {
        let work = steps.filter { $0.action != .unchanged }
        guard !work.isEmpty else { return }
        var staged: [(temporary: String, path: String)] = []
        for s in work {
            guard let bytes = s.bytes else { continue }
            let temporary = goldens + "/.\(s.name).accept-\(getpid())"
            do { try writeFileAtomically(bytes, to: temporary) } catch {
                for t in staged { unlink(t.temporary) }
                throw AcceptanceError(.io, "cannot write into \(goldens): \(explain(error, known: temporary)); nothing accepted")
            }
            staged.append((temporary, s.path))
        }
        for t in staged where rename(t.temporary, t.path) != 0 {
            let code = errno
            for u in staged { unlink(u.temporary) }
            throw AcceptanceError(.io, "cannot move \(t.temporary) to \(t.path): \(String(cString: strerror(code)))")
        }
        for s in work where s.bytes == nil { unlink(s.path) }
        try updateManifest(work, environment: environment)
    }

    /// Rewrites the goldens' manifest.json with the written frames' entries. Its environment becomes the report's;
    /// where that differs from the earlier one (other renderer, libraries or font files), the other frames lose their
    /// display-list hashes, so that the next `render test` draws them rather than trusting a list from elsewhere.
    func updateManifest(_ steps: [Step], environment: RenderEnvironment?) throws(AcceptanceError) {
        let frames = steps.filter { FrameFileName($0.name) != nil }
        guard !frames.isEmpty else { return }
        let path = GoldenFolderManifest.path(goldens)
        var earlier: Manifest?
        if FileManager.default.fileExists(atPath: path) {
            do { earlier = try FormatFile.read(Manifest.self, at: path) } catch { throw AcceptanceError(.io, "\(error)") }
        }
        var entries = GoldenFolderManifest.carriedOver(earlier, header: record.header, environment: environment)
        var merged = environment ?? earlier?.environment
        if let earlier, OutputFolder.sameRender(earlier.header, record.header), let before = earlier.environment, let now = environment {
            merged = GoldenFolderManifest.sameDrawing(before, now) ? before.addingFonts(of: now) : now
        }
        for s in frames { entries[s.name] = s.entry }
        let present = Set((try? GoldenComparison.pngNames(goldens)) ?? [])
        let manifest = GoldenFolderManifest.manifest(entries, present: present, header: record.header, environment: merged)
        do { try writeFileAtomically(try OrderedJSONEncoder().encodeBytes(manifest), to: path) } catch {
            throw AcceptanceError(.io, "cannot write \(path): \(explain(error, known: path))")
        }
    }

    /// `undo`: each chosen golden that holds the report's actual file gets back what it replaced.
    func restore(_ frames: [TestReportRecord.Frame], motion: Bool) throws(AcceptanceError) -> AcceptanceResult {
        Self.writing.lock()
        defer { Self.writing.unlock() }
        var items: [(frame: Int?, name: String, actualSHA: String?, goldenSHA: String?)] = frames.map {
            ($0.index, $0.name, $0.status == .missing ? nil : $0.actualSHA256, $0.goldenSHA256)
        }
        if motion, let m = record.motion { items.append((nil, MotionTest.fileName, m.actualSHA256, m.goldenSHA256)) }
        var steps: [Step] = []
        let before = keptManifest
        for item in items {
            let target = goldens + "/" + item.name
            let current = try Self.sha256(target)
            if current == item.goldenSHA {
                steps.append(Step(frame: item.frame, name: item.name, bytes: nil, entry: nil, action: .unchanged, path: target))
                continue
            }
            guard current == item.actualSHA else {
                throw AcceptanceError(.goldensChanged, "the golden \(target) is no longer the one accepted from report \(report): not undone")
            }
            guard item.goldenSHA != nil else {
                steps.append(Step(frame: item.frame, name: item.name, bytes: nil, entry: nil, action: .removed, path: target))
                continue
            }
            let kept = report + "/" + Self.replacedFolder + "/" + item.name
            guard entryAt(kept)?.kind == S_IFREG,
                  let bytes = try? readFileBytes(at: kept), ContentDigest.sha256(bytes) == item.goldenSHA else {
                throw AcceptanceError(.reportAltered, "report \(report) does not keep the golden \(item.name) replaced from it (\(kept)): cannot undo")
            }
            var entry: Manifest.Frame?
            if let file = FrameFileName(item.name), let hash = (try? PNGDecoder().decode(bytes)).map(pixelHash) {
                // The entry the golden had before (with its display list), else one made from its pixels.
                entry = before?.frames.first { $0.file == file && $0.hash == hash } ?? Manifest.Frame(index: file.index, file: file, hash: hash)
            }
            steps.append(Step(frame: item.frame, name: item.name, bytes: bytes, entry: entry, action: .replaced, path: target))
        }
        try commit(steps, environment: nil)
        if before != nil { try restoreManifestIfAllUndone() }
        return AcceptanceResult(goldens: goldens, changes: steps.map { AcceptanceResult.Change(frame: $0.frame, name: $0.name, action: $0.action, path: $0.path) })
    }

    /// `replaced/manifest.json`: the goldens' manifest before the first acceptance from this report.
    var keptManifestPath: String { report + "/" + Self.replacedFolder + "/manifest.json" }

    /// The kept manifest, when there is one (a regular file, not a link) and it reads.
    var keptManifest: Manifest? {
        guard entryAt(keptManifestPath)?.kind == S_IFREG else { return nil }
        return try? FormatFile.read(Manifest.self, at: keptManifestPath)
    }

    /// When every golden the report compared is again the one it compared with (everything accepted from it undone),
    /// the manifest is put back as it was before the first acceptance (kept, and read, by `restore`), byte for byte.
    func restoreManifestIfAllUndone() throws(AcceptanceError) {
        for f in record.frames where try Self.sha256(goldens + "/" + f.name) != f.goldenSHA256 { return }
        if let m = record.motion, m.failed, try Self.sha256(goldens + "/" + MotionTest.fileName) != m.goldenSHA256 { return }
        let path = GoldenFolderManifest.path(goldens)
        do { try writeFileAtomically(try readFileBytes(at: keptManifestPath), to: path) } catch {
            throw AcceptanceError(.io, "cannot write \(path): \(explain(error, known: path))")
        }
    }
}
