import ArgumentParser
import Frames
import GoldenTesting
import RenderKit

/// Readers for the options that take a range of frames or a shard, next to ``NumberRule``.
enum RangeOptions {
    /// The highest frame index a scene can have (at most 100 000 frames, docs/limits.md).
    static let lastFrame = 99_999

    /// `--frames A-B` (inclusive) or `--frames N`: whole numbers from 0 to 99999, A ≤ B.
    static func frames(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let bounds = parts.map { part -> Int? in
            guard NumberRule.isDecimal(part, whole: true), part.first != "+", part.count <= 6, let n = Int(part),
                  n <= lastFrame else { return nil }
            return n
        }
        switch bounds.count {
        case 1: if let n = bounds[0] { return n...n }
        case 2: if let a = bounds[0], let b = bounds[1], a <= b { return a...b }
        default: break
        }
        throw NumberError(message: "expected A-B or N, whole numbers from 0 to \(lastFrame) with A ≤ B")
    }

    /// `--shard K/N`: whole numbers with 1 ≤ K ≤ N ≤ 10000.
    static func shard(_ text: String) throws -> ShardSelection {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 2, parts.allSatisfy({ NumberRule.isDecimal($0, whole: true) && $0.count <= 6 }),
           let s = ShardSelection(text) {
            return s
        }
        throw NumberError(message: "expected K/N, whole numbers with 1 ≤ K ≤ N ≤ 10000")
    }
}
