import DisplayList
import Formats
import Foundation
import Frames
import Geometry
import ImageIO
import Raster
import RenderKit

/// `summary.md` in `render test`'s report folder, for a pull request or a CI job summary: the scene's verdict, the
/// failing frames (passes counted; frames without a golden said once, with the command that records them), the motion
/// changes in words, the expectations that fail, and `summary.png`, an animated PNG of each changed frame's golden
/// (left) beside its actual frame (right, its changed pixels tinted), each side labelled with the frame and its time,
/// that code hosts play inline, kept under `byteBudget` by showing fewer frames and then smaller ones.
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
            let noGolden = run.failures.filter(\.noGolden)
            let failures = run.failures.filter { !$0.noGolden }
            let passed = run.results.count - run.failures.count
            s += "**Frames:** \(run.failures.count) of \(run.results.count) failing, \(passed) passing"
                + (run.environment.map { " — \($0)" } ?? "") + ".\n\n"
            if !noGolden.isEmpty {
                // Frames without a golden all say the same: one sentence and the command, not a row each.
                let names = noGolden.count == 1 ? noGolden[0].name : "\(noGolden[0].name) … \(noGolden[noGolden.count - 1].name)"
                s += "\(noGolden.count == 1 ? "1 frame has" : "\(noGolden.count) frames have") no golden (\(names)); the record mode "
                    + "`\(o.recordMode)` does not record them. Record them with:\n\n"
                    + "```\n\(recordCommand(record))\n```\n\n"
            }
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

    /// The command that records the missing goldens of `record`'s run: `render test` with its scene, variant, golden
    /// folder and sampling, `--record missing`.
    static func recordCommand(_ record: TestReportRecord) -> String {
        let o = record.options
        let words = ["render", "test", relative(record.scene)] + record.variant
            + ["--golden", relative(record.goldens), "--fps", fmt(o.fps), "--scale", fmt(o.scale)]
            + (o.first == 0 && o.last == record.header.frameCount - 1 ? [] : ["--frames", "\(o.first)-\(o.last)"])
            + ["--record", "missing"]
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// A word as a POSIX shell reads it back: as is when it is plain ASCII, else in single quotes.
    public static func shellQuoted(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,@%+")
        return word.allSatisfy(safe.contains) && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The motion verdict in a sentence, without the folder paths the terminal line carries.
    static func words(_ m: MotionResult) -> String {
        switch m.status {
        case .same: return "unchanged (\(m.seriesCount) moving values, \(m.eventCount) events)."
        case .different, .sizeMismatch, .missing: return "changed in \(m.findings.count) place\(m.findings.count == 1 ? "" : "s"):"
        case .noGolden, .extra: return "no motion golden (motion.json) to compare with."
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
        var panels: [Panel] = []
        for r in shown {
            guard let actual = try? PNGDecoder().decode(contentsOf: r.actualPath!) else { continue }
            let index = FrameFileName(r.name)?.index
            panels.append(Panel(expected: r.expectedPath.flatMap { try? PNGDecoder().decode(contentsOf: $0) }, actual: actual,
                                changed: r.diffPath.flatMap { try? PNGDecoder().decode(contentsOf: $0) }.map(changedPixels),
                                label: index.map { "frame \($0) · " + MotionWords.seconds(Double($0) / record.header.fps) } ?? r.name,
                                counted: r.differingPixels))
        }
        guard let first = panels.first else { return nil }
        // Each frame shown for the time it stands for (a sampled frame for its whole step), between 0.1 and 0.5 s.
        let delay = UInt16(min(500, max(100, (Double(step) / record.header.fps * 1000).rounded())))
        let widest = panels.map { ($0.expected?.width ?? $0.actual.width) + $0.actual.width }.max() ?? first.actual.width
        var reduction = max(1, (widest + maxWidth - 1) / maxWidth)
        while true {
            let frames = try panels.map { try compose($0, reduction: reduction) }
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

    /// One changed frame of the animation: both sides, which pixels were counted as changed (from the diff image),
    /// and the words of its labels.
    struct Panel {
        var expected: RGBAImage?
        var actual: RGBAImage
        /// Per pixel of the diff image (the expected frame's size), whether it was counted as changed.
        var changed: (width: Int, height: Int, mask: [Bool])?
        var label: String
        var counted: Int
    }

    /// The pixels a diff image marks in `ImageDiff.diffColor` (pure red): those counted as changed.
    static func changedPixels(_ diff: RGBAImage) -> (width: Int, height: Int, mask: [Bool]) {
        var mask = [Bool](repeating: false, count: diff.width * diff.height)
        for i in mask.indices {
            let p = diff.pixels[(4 * i)...]
            mask[i] = p[p.startIndex] == 255 && p[p.startIndex + 1] == 0 && p[p.startIndex + 2] == 0
        }
        return (diff.width, diff.height, mask)
    }

    /// The gap between the two sides and the height of the label row, in pixels; the colours of the page, of a side
    /// with no golden, and of the tint on changed pixels.
    static let gap = 8, labelHeight = 22
    static let gapColour: [UInt8] = [0x80, 0x80, 0x80, 0xFF]
    static let pageColour = Color(hex: 0x1C1C1E), textColour = Color(hex: 0xF2F2F7), dimColour = Color(hex: 0x8E8E93)
    static let tint: (r: Int, g: Int, b: Int) = (255, 45, 146)

    /// Golden and actual side by side, each reduced `reduction` times, under a row that names each side, the frame
    /// and its time; the actual's changed pixels tinted magenta (a reduced pixel when any pixel of its block changed).
    /// A missing golden is a grey panel.
    static func compose(_ panel: Panel, reduction: Int) throws -> RGBAImage {
        var a = reduce(panel.actual, by: reduction)
        if let changed = panel.changed { tintChanged(&a, changed, reduction: reduction) }
        let e = panel.expected.map { reduce($0, by: reduction) } ?? filled(width: a.width, height: a.height)
        let width = e.width + gap + a.width, height = labelHeight + max(e.height, a.height)
        var list = DisplayList()
        let page = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        list.append(.fill(FillCommand(path: .rect(page), paint: .color(pageColour), paintBounds: page, transform: .identity)))
        for (image, x) in [(e, 0), (a, e.width + gap)] {
            list.append(.image(ImageCommand(image: image, rect: Rect(x: Double(x), y: Double(labelHeight), width: Double(image.width),
                                                                     height: Double(image.height)), transform: .identity)))
        }
        func text(_ s: String, _ x: Int, _ c: Color, weight: Int = 400) {
            let style = TextStyle(size: 12, weight: weight, monospacedDigit: true)
            let b = Rect(x: Double(x), y: 4, width: Double(width), height: 17)
            list.append(.text(TextCommand(text: s, style: style, origin: Point(Double(x) + 4, 4), paint: .color(c), paintBounds: b,
                                          transform: .identity)))
        }
        text(panel.expected == nil ? "golden: none" : "golden", 0, textColour, weight: 600)
        text(panel.label, 0 + (panel.expected == nil ? 84 : 50), dimColour)
        text("actual", e.width + gap, textColour, weight: 600)
        text(panel.label + (panel.counted > 0 ? " · \(panel.counted) px changed" : ""), e.width + gap + 46, dimColour)
        let canvas: CairoRasterizer
        do { canvas = try CairoRasterizer(width: width, height: height, scale: 1) } catch {
            throw RenderError.output("cannot draw a \(width)×\(height) summary frame: \(error)")
        }
        return canvas.render(list)
    }

    /// Tints the pixels of `image` (reduced `reduction` times) whose block holds a changed pixel: 60 % magenta.
    static func tintChanged(_ image: inout RGBAImage, _ changed: (width: Int, height: Int, mask: [Bool]), reduction: Int) {
        for y in 0..<image.height {
            for x in 0..<image.width {
                var hit = false
                for sy in y * reduction..<min(changed.height, (y + 1) * reduction) where !hit {
                    for sx in x * reduction..<min(changed.width, (x + 1) * reduction) where changed.mask[sy * changed.width + sx] {
                        hit = true; break
                    }
                }
                guard hit else { continue }
                let i = (y * image.width + x) * 4
                image.pixels[i] = UInt8((Int(image.pixels[i]) * 2 + tint.r * 3) / 5)
                image.pixels[i + 1] = UInt8((Int(image.pixels[i + 1]) * 2 + tint.g * 3) / 5)
                image.pixels[i + 2] = UInt8((Int(image.pixels[i + 2]) * 2 + tint.b * 3) / 5)
                image.pixels[i + 3] = 255
            }
        }
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
