import Formats
import Foundation
import Frames
import Geometry
import ImageIO

/// `summary.md` in `render test`'s report folder, for a pull request or a CI job summary: the scene's verdict, the
/// failing frames (passes counted), the motion changes in words, the expectations that fail, and `summary.png`, an
/// animated PNG of each changed frame's golden (left) beside its actual frame (right) that code hosts play inline,
/// kept under `byteBudget` by showing fewer frames and then smaller ones.
public enum GoldenSummaryPage {
    /// The file names in the report folder.
    public static let fileName = "summary.md"
    public static let animationName = "summary.png"
    /// The most an animation may weigh: what a pull request comment takes comfortably.
    public static let byteBudget = 2_000_000
    /// The most frames the animation shows; more changed frames are sampled evenly.
    public static let maxFrames = 40
    /// The most motion findings listed; index.html has them all.
    public static let maxFindings = 15
    /// The widest an animation starts (golden, gap and actual side by side), in pixels.
    public static let maxWidth = 1200

    /// The page for `run` of `record`'s scene, its animation written beside it as `animationName` when frames
    /// changed. `report` is the report folder as the user gave it, for the commands shown.
    /// - Returns: the markdown; the animation (if any) is already written into `folder`.
    @discardableResult
    public static func write(_ run: GoldenRun, record: TestReportRecord, report: String, to folder: String) throws -> String {
        let animation = try writeAnimation(run, record: record, to: folder + "/" + animationName)
        let text = markdown(run, record: record, report: report, animation: animation)
        try writeFileAtomically(Array(text.utf8), to: folder + "/" + fileName)
        return text
    }

    /// What the animation shows: the frames' names in order, how small (1: full size), its bytes.
    public struct Animation: Sendable {
        public var frames: [String]
        public var changedFrames: Int
        public var reduction: Int
        public var bytes: Int
        public var size: (width: Int, height: Int)
    }

    static func markdown(_ run: GoldenRun, record: TestReportRecord, report: String, animation: Animation?) -> String {
        let variant = record.variant.isEmpty ? "" : " (" + record.variant.joined(separator: " ") + ")"
        var s = "## \(record.sceneName)\(variant): \(run.passed ? "passed" : "FAILED")\n\n"
        let o = record.options
        s += "`render test` against `\(relative(record.goldens))`: \(fmt(o.fps)) fps, scale \(fmt(o.scale)), "
        s += o.motionOnly ? "motion only.\n\n" : "frames \(o.first)–\(o.last), threshold \(fmt(o.threshold))"
            + (o.includeAA ? ", antialiasing counted" : "") + ".\n\n"
        if !o.motionOnly {
            let failures = run.failures
            let passed = run.results.count - failures.count
            s += "**Frames:** \(failures.count) of \(run.results.count) failing, \(passed) passing"
                + (run.environment.map { " — \($0)" } ?? "") + ".\n\n"
            if !failures.isEmpty {
                s += "| frame | time | status |\n|---|---|---|\n"
                for r in failures.prefix(30) {
                    let t = FrameFileName(r.name).map { MotionWords.seconds(Double($0.index) / record.header.fps) } ?? ""
                    s += "| \(r.name) | \(t) | \(r.message) |\n"
                }
                if failures.count > 30 { s += "| … | | \(failures.count - 30) more failing frames (index.html lists them) |\n" }
                s += "\n"
            }
        }
        if let m = run.motion {
            s += "**Motion:** \(words(m))\n\n"
            for f in m.findings.prefix(maxFindings) { s += "- `\(f.name)`: \(f.words)\n" }
            if m.findings.count > maxFindings { s += "- … \(m.findings.count - maxFindings) more (index.html plots every one)\n" }
            if !m.findings.isEmpty { s += "\n" }
        }
        if let e = run.expectations {
            let failing = e.filter { !$0.passed }
            s += "**Expectations:** \(e.count), \(failing.count) failing.\n\n"
            for x in failing { s += "- \(x.description)\n" }
            if !failing.isEmpty { s += "\n" }
        }
        if let a = animation {
            let which = a.frames.count < a.changedFrames ? "\(a.frames.count) of the \(a.changedFrames) changed frames" : "the \(a.changedFrames) changed frame\(a.changedFrames == 1 ? "" : "s")"
            s += "Golden (left) beside actual (right), \(which)"
                + (a.reduction > 1 ? ", at 1/\(a.reduction) size" : "") + ":\n\n"
            s += "![golden left, actual right](\(animationName))\n\n"
        }
        if !run.passed {
            s += "Review: `render review \(report)`; accept the changes as the new goldens: `render accept \(report)`"
                + " (`--frames A-B` for some frames, `--motion` for the motion track only); then `render test` again.\n"
        }
        return s
    }

    /// The motion verdict in a sentence, without the folder paths the terminal line carries.
    static func words(_ m: MotionResult) -> String {
        switch m.status {
        case .same: return "unchanged (\(m.seriesCount) moving values, \(m.eventCount) events)."
        case .different: return "changed in \(m.findings.count) place\(m.findings.count == 1 ? "" : "s"):"
        case .missing: return "no motion golden (motion.json) to compare with."
        case .recorded: return "motion golden recorded."
        case .updated: return "motion golden updated."
        }
    }

    static func relative(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
    }

    static func fmt(_ x: Double) -> String { NumberText.shortest(x) }

    // MARK: - The animation

    /// Writes the animation of the failing frames that kept an actual file; nil (and no file) when there are none.
    static func writeAnimation(_ run: GoldenRun, record: TestReportRecord, to path: String) throws -> Animation? {
        let changed = run.failures.filter { $0.actualPath != nil }
        guard !changed.isEmpty else { return nil }
        let step = max(1, (changed.count + maxFrames - 1) / maxFrames)
        let shown = stride(from: 0, to: changed.count, by: step).map { changed[$0] }
        var pairs: [(expected: RGBAImage?, actual: RGBAImage)] = []
        for r in shown {
            guard let actual = try? PNGDecoder().decode(contentsOf: r.actualPath!) else { continue }
            pairs.append((r.expectedPath.flatMap { try? PNGDecoder().decode(contentsOf: $0) }, actual))
        }
        guard let first = pairs.first else { return nil }
        // Each frame shown for the time it stands for (a sampled frame for its whole step), between 0.1 and 0.5 s.
        let delay = UInt16(min(500, max(100, (Double(step) / record.header.fps * 1000).rounded())))
        let widest = pairs.map { ($0.expected?.width ?? $0.actual.width) + $0.actual.width }.max() ?? first.actual.width
        var reduction = max(1, (widest + maxWidth - 1) / maxWidth)
        while true {
            let frames = pairs.map { compose($0.expected, $0.actual, reduction: reduction) }
            let width = frames.map(\.width).max()!, height = frames.map(\.height).max()!
            var encoder = APNGEncoder(frameCount: frames.count, delayNumerator: delay, delayDenominator: 1000, compression: .small)
            var bytes: [UInt8] = []
            for f in frames { bytes += try encoder.append(pad(f, width: width, height: height)) }
            bytes += try encoder.finish()
            if bytes.count <= byteBudget || width / 2 < 64 {
                try writeFileAtomically(bytes, to: path)
                return Animation(frames: shown.map(\.name), changedFrames: changed.count, reduction: reduction,
                                 bytes: bytes.count, size: (width, height))
            }
            reduction += 1
        }
    }

    /// The gap between the two sides, in pixels, and its colour (and that of a side with no golden).
    static let gap = 8
    static let gapColour: [UInt8] = [0x80, 0x80, 0x80, 0xFF]

    /// Golden and actual side by side, each reduced `reduction` times; a missing golden is a grey panel.
    static func compose(_ expected: RGBAImage?, _ actual: RGBAImage, reduction: Int) -> RGBAImage {
        let a = reduce(actual, by: reduction)
        let e = expected.map { reduce($0, by: reduction) } ?? filled(width: a.width, height: a.height)
        let width = e.width + gap + a.width, height = max(e.height, a.height)
        var out = filled(width: width, height: height)
        blit(e, into: &out, x: 0)
        blit(a, into: &out, x: e.width + gap)
        return out
    }

    static func filled(width: Int, height: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels.replaceSubrange(i..<i + 4, with: gapColour) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    static func blit(_ image: RGBAImage, into out: inout RGBAImage, x: Int) {
        for y in 0..<image.height {
            let from = y * image.width * 4, to = (y * out.width + x) * 4
            out.pixels.replaceSubrange(to..<to + image.width * 4, with: image.pixels[from..<from + image.width * 4])
        }
    }

    static func pad(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        guard image.width != width || image.height != height else { return image }
        var out = filled(width: width, height: height)
        blit(image, into: &out, x: 0)
        return out
    }

    /// `image` made `factor` times smaller, each pixel the average of a factor × factor block (colours weighted by
    /// their alpha, as they are not premultiplied).
    static func reduce(_ image: RGBAImage, by factor: Int) -> RGBAImage {
        guard factor > 1 else { return image }
        let w = max(1, image.width / factor), h = max(1, image.height / factor)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                var r = 0, g = 0, b = 0, a = 0, n = 0
                for sy in y * factor..<min(image.height, (y + 1) * factor) {
                    for sx in x * factor..<min(image.width, (x + 1) * factor) {
                        let i = (sy * image.width + sx) * 4
                        let alpha = Int(image.pixels[i + 3])
                        r += Int(image.pixels[i]) * alpha; g += Int(image.pixels[i + 1]) * alpha
                        b += Int(image.pixels[i + 2]) * alpha; a += alpha; n += 1
                    }
                }
                let o = (y * w + x) * 4
                if a > 0 {
                    pixels[o] = UInt8((r + a / 2) / a); pixels[o + 1] = UInt8((g + a / 2) / a); pixels[o + 2] = UInt8((b + a / 2) / a)
                }
                pixels[o + 3] = UInt8((a + n / 2) / max(n, 1))
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }
}
