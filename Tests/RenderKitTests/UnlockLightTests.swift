import Foundation
import Geometry
import Frames
import RenderKit
import XCTest

/// Reference interaction 1, continuity: when the card becomes the deck and the deck fans out, the
/// light around the cards neither jumps nor vanishes (the card → deck change is not animated, so the
/// deck must cast the card's light; the fan-out morphs it).
final class UnlockLightTests: XCTestCase {
    /// The brightness (R + G + B) of a probe 12 pt below the stacked cards' bottom edge, on the dark
    /// background where only their shadows reach, from 10 frames before the fan-out to 30 after: no
    /// frame differs from the one before by more than 20 (the jump of six stacked shadows was ~150).
    func testLightAroundTheCardsIsContinuousThroughDeckAndFan() throws {
        let r = try loadReferenceScene("unlock.json")
        let slot = try XCTUnwrap(r.loaded.scene.state.firstIndex { $0.name == "stage" })
        let fanOut = try XCTUnwrap(r.history.snapshots.first { $0.values[slot].number == 3 }).time
        let first = Int((fanOut * 60).rounded()) - 10
        func brightness(_ i: Int) throws -> Int {
            let img = try r.image(frame: i)
            let k = 4 * (177 * 2 * img.width + 195 * 2)
            return Int(img.pixels[k]) + Int(img.pixels[k + 1]) + Int(img.pixels[k + 2])
        }
        var previous = try brightness(first)
        let background = 0x0E + 0x0E + 0x12
        XCTAssertGreaterThan(previous, background + 20, "the card's light reaches the probe before the fan-out")
        for i in (first + 1)...(first + 40) {
            let b = try brightness(i)
            XCTAssertLessThanOrEqual(abs(b - previous), 20, "light jumps at frame \(i): \(previous) → \(b)")
            previous = b
        }
    }
}
