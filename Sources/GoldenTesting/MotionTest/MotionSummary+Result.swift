import Formats
import RenderKit

extension MotionSummary {
    /// The JSON form of a motion verdict.
    init(_ m: MotionResult) {
        func character(_ c: MotionCharacter?) -> Character? {
            c.map { Character(start: $0.start.map(Self.micro), settle: $0.settle.map(Self.micro), overshoot: Self.tenThousandth($0.overshoot), final: Self.tenThousandth($0.final)) }
        }
        self.init(status: m.status, golden: m.goldenPath, actual: m.actualPath, bytes: m.bytes, pngGoldenBytes: m.pngGoldenBytes,
                  findings: m.findings.map { f in
                      Finding(name: f.name, words: f.words, frames: f.frames.map { [$0.lowerBound, $0.upperBound] },
                              golden: character(f.golden), actual: character(f.actual), alsoOn: f.alsoOn.isEmpty ? nil : f.alsoOn)
                  })
    }

    /// Seconds on the microsecond grid, so that a frame time such as 1/60 s reads 0.016667.
    static func micro(_ t: Double) -> Double { (t * 1_000_000).rounded() / 1_000_000 }

    /// Values to 0.0001, without the binary noise of a difference of two rounded values.
    static func tenThousandth(_ x: Double) -> Double { (x * 10_000).rounded() / 10_000 }
}
