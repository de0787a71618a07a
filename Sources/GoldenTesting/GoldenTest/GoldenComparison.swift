import Formats
import Foundation
import Frames
import Geometry
import ImageIO
import RenderKit
import Snapshot

/// Why a comparison could not be made at all (exit status 2), as opposed to a failed one.
public struct GoldenInputError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What a whole comparison found.
public struct GoldenRun: Sendable {
    /// One result per file name, sorted by name.
    public var results: [GoldenFrameResult]
    public var options: GoldenOptions
    /// Wall-clock seconds of the comparison.
    public var seconds: Double
    /// `render test`'s motion golden, when it was checked.
    public var motion: MotionResult?
    /// `render test`'s expectations, when it had an expectation file.
    public var expectations: [ExpectationResult]?
    /// `render test` when a frame's pixels differ: the environment verdict, said before the frames
    /// (`GoldenEnvironment.verdict`).
    public var environment: String?
    /// `render test`: frames drawn (the rest of `results` passed with the same display list, or are goldens without
    /// a frame); nil for `render diff`.
    public var drawn: Int?

    public init(results: [GoldenFrameResult], options: GoldenOptions, seconds: Double, motion: MotionResult? = nil,
                expectations: [ExpectationResult]? = nil) {
        self.results = results; self.options = options; self.seconds = seconds; self.motion = motion
        self.expectations = expectations
    }

    public var passed: Bool {
        !results.contains { $0.failed } && motion?.failed != true && expectations?.contains { !$0.passed } != true
    }
    public var failures: [GoldenFrameResult] { results.filter(\.failed) }
    public func count(_ s: GoldenStatus) -> Int { results.filter { $0.status == s }.count }
}

/// Compares actual renders with expected ones — two PNG files, or two folders whose PNG files are paired by name —
/// the way pixelmatch 5.3 counts (see `ImageDiff`), and writes a diff image for every frame with over-threshold pixels.
public struct GoldenComparison: Sendable {
    public var options: GoldenOptions
    /// Where diff images go (created when needed); nil writes none.
    public var diffFolder: String?

    /// Threads inside one frame's comparison (`ImageDiff`'s bands): by default all of `options.jobs`, for
    /// `render diff`; `render test` passes one, as its frames are compared side by side on the pump's threads.
    public let threadsPerFrame: Int

    public init(options: GoldenOptions, diffFolder: String? = nil, threadsPerFrame: Int? = nil) {
        self.options = options
        self.diffFolder = diffFolder
        self.threadsPerFrame = threadsPerFrame ?? max(1, options.jobs)
    }

    /// One pair to compare: a name and the path on each side (nil when that side has no such file).
    public struct Pair: Sendable {
        public var name: String
        public var actual: String?
        public var expected: String?
        public init(name: String, actual: String?, expected: String?) {
            self.name = name; self.actual = actual; self.expected = expected
        }
    }

    /// The pairs for two paths that are both files or both folders.
    public static func pairs(actual: String, expected: String) throws(GoldenInputError) -> [Pair] {
        let a = kind(actual), e = kind(expected)
        switch (a, e) {
        case (.file, .file):
            return [Pair(name: (actual as NSString).lastPathComponent, actual: actual, expected: expected)]
        case (.folder, .folder):
            let left = try pngNames(actual), right = try pngNames(expected)
            return Set(left).union(right).sorted().map {
                Pair(name: $0, actual: left.contains($0) ? actual + "/" + $0 : nil,
                     expected: right.contains($0) ? expected + "/" + $0 : nil)
            }
        case (.none, _): throw GoldenInputError("\(actual): no such file or folder")
        case (_, .none): throw GoldenInputError("\(expected): no such file or folder")
        default: throw GoldenInputError("compare two PNG files or two folders, not a file with a folder")
        }
    }

    enum Kind { case file, folder, none }
    static func kind(_ path: String) -> Kind {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { return .none }
        return isDir.boolValue ? .folder : .file
    }

    /// The `.png` files directly in `folder`, hidden files left out.
    static func pngNames(_ folder: String) throws(GoldenInputError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder)
                .filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
        } catch {
            throw GoldenInputError("cannot list \(folder): \(explain(error, known: folder))")
        }
    }

    /// Compares every pair in turn, each frame's pixels split over `options.jobs` threads (`ImageDiff`); `progress`
    /// gets (done, total).
    /// - Throws: `GoldenInputError` when a file cannot be read or is not a PNG.
    public func compare(_ pairs: [Pair], progress: ((Int, Int) -> Void)? = nil) throws(GoldenInputError) -> GoldenRun {
        let start = DispatchTime.now().uptimeNanoseconds
        if let d = diffFolder, pairs.contains(where: { $0.actual != nil && $0.expected != nil }) {
            do { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) } catch {
                throw GoldenInputError("cannot create \(d): \(explain(error, known: d))")
            }
        }
        var results: [GoldenFrameResult] = []
        for (k, pair) in pairs.enumerated() {
            results.append(try compare(pair))
            progress?(k + 1, pairs.count)
        }
        return GoldenRun(results: results, options: options,
                         seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }

    /// Compares one pair of files.
    public func compare(_ pair: Pair) throws(GoldenInputError) -> GoldenFrameResult {
        let start = DispatchTime.now().uptimeNanoseconds
        var r = GoldenFrameResult(name: pair.name, status: .same)
        r.actualPath = pair.actual
        r.expectedPath = pair.expected
        guard let actualPath = pair.actual else { r.status = .missing; return r }
        guard let expectedPath = pair.expected else { r.status = .extra; return r }
        let actual = try Self.read(actualPath), expected = try Self.read(expectedPath)
        let found: PixelDifference
        do { found = try difference(actual, expected, diffImage: diffFolder != nil) } catch { throw GoldenInputError("\(pair.name): \(error)") }
        if let folder = diffFolder, let image = found.diffImage {
            let path = folder + "/" + pair.name
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try writeFileAtomically(try PNGEncoder(compression: .fast).encode(image), to: path)
            } catch {
                throw GoldenInputError("cannot write the diff image \(path): \(explain(error, known: path))")
            }
            r.diffPath = path
        }
        r.status = found.status
        r.pixels = found.withoutImage
        r.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return r
    }

    /// How `actual` differs from `expected`, with the diff image (`diffImage`) when there is something to show: the
    /// one comparison of `render diff` and of `render test`'s frames (`FrameGolden`).
    public func difference(_ actual: RGBAImage, _ expected: RGBAImage, diffImage: Bool) throws -> PixelDifference {
        var d = PixelDifference(actualSize: (actual.width, actual.height), expectedSize: (expected.width, expected.height))
        guard actual.width == expected.width, actual.height == expected.height else {
            d.status = .sizeMismatch
            return d
        }
        d.totalPixels = actual.width * actual.height
        // Byte-identical frames (the usual case for goldens) need no colour arithmetic and no diff image.
        if actual.pixels == expected.pixels { return d }
        // pixelmatch's diff image shows its first image faded: that is the side `options.background` names. The
        // counts do not depend on the order.
        var diff = ImageDiff(threshold: options.threshold, includeAA: options.includeAA, fade: options.alpha, jobs: threadsPerFrame)
        diff.diffColor = options.diffColor
        diff.aaColor = options.aaColor
        diff.diffMask = options.diffMask
        let (first, second) = options.background == .actual ? (actual, expected) : (expected, actual)
        let start = DispatchTime.now().uptimeNanoseconds
        let found = try diff.compare(first, second, makeDiffImage: diffImage)
        d.compareSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        d.differingPixels = found.differingPixels
        d.antialiasedPixels = found.antialiasedPixels
        d.totalPixels = found.totalPixels
        d.status = options.passes(differing: found.differingPixels, total: found.totalPixels) ? .same : .different
        if found.differingPixels + found.antialiasedPixels > 0 { d.diffImage = found.diffImage }
        return d
    }

    static func read(_ path: String) throws(GoldenInputError) -> RGBAImage {
        do { return try PNGDecoder().decode(contentsOf: path) } catch {
            throw GoldenInputError("\(path): \(error)")
        }
    }
}
