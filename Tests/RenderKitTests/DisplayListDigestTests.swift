import DisplayList
@testable import Frames
import Geometry
import SwiftSource
import XCTest

/// `DisplayListDigest` tells apart lists that draw differently, down to one bit of one coordinate, and gives equal
/// lists built apart the same digest. (That it is the same in another process: GoldenEnvironmentTests passes the
/// committed goldens without drawing them.)
final class DisplayListDigestTests: XCTestCase {
    func list(x: Double = 10, colour: Color = Color(r: 1, g: 0, b: 0, a: 1), text: String = "Hold",
              pixel: UInt8 = 0, weight: Int = 400) -> DisplayList {
        let rect = Rect(x: x, y: 20, width: 30, height: 40)
        let path = Path.rect(rect)
        var image = RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255])
        image.pixels[0] = pixel
        return DisplayList([
            .beginLayer(Layer(opacity: 0.5)),
            .fill(FillCommand(path: path, paint: .color(colour), paintBounds: rect, transform: .identity)),
            .text(TextCommand(text: text, style: TextStyle(size: 17, weight: weight), origin: Point(x: 1, y: 2),
                              paint: .color(colour), paintBounds: rect, transform: .identity)),
            .image(ImageCommand(image: image, rect: rect, transform: .identity)),
            .endLayer,
        ])
    }

    func testEqualListsBuiltApartHaveOneDigest() {
        XCTAssertEqual(DisplayListDigest.hex(list()), DisplayListDigest.hex(list()))
        XCTAssertEqual(DisplayListDigest.hex(list()).count, 16)
    }

    func testEveryKindOfChangeChangesTheDigest() {
        let base = DisplayListDigest.hex(list())
        let changed = [
            list(x: 10.nextUp),
            list(colour: Color(r: 1, g: 0, b: 0, a: 0.99)),
            list(text: "HoId"),
            list(pixel: 1),
            list(weight: 500),
            DisplayList(list().commands.dropLast(2) + [.endLayer]),
        ]
        for (k, l) in changed.enumerated() {
            XCTAssertNotEqual(DisplayListDigest.hex(l), base, "change \(k)")
        }
        XCTAssertEqual(Set(changed.map(DisplayListDigest.hex)).count, changed.count)
    }

    /// A stroke's ends and corners draw differently, so they change the digest; the defaults are fed as strokes were
    /// before they had them (GoldenEnvironmentTests passes goldens recorded then without drawing them).
    func testStrokeEndsAndCornersChangeTheDigest() {
        func stroke(_ cap: LineCap, _ join: LineJoin) -> String {
            let r = Rect(x: 0, y: 0, width: 10, height: 10)
            return DisplayListDigest.hex(DisplayList([.stroke(StrokeCommand(path: .rect(r), paint: .color(.black), paintBounds: r, lineWidth: 2,
                                                                            transform: .identity, lineCap: cap, lineJoin: join))]))
        }
        let all = LineCap.allCases.flatMap { c in LineJoin.allCases.map { stroke(c, $0) } }
        XCTAssertEqual(Set(all).count, LineCap.allCases.count * LineJoin.allCases.count)
    }

    /// The digest finds each type's kind once per list; goldens were recorded trying every cast on every value, and
    /// must still match: the same digest for frames of every scene in Scenes/ (every kind of command, layers with
    /// masks, clips, shadows and projections, images, Lottie, text) and for the list above with each change.
    func testKnownTypesGiveTheDigestOfTryingEveryCast() throws {
        let folder = (referenceScenePath("unlock.json") as NSString).deletingLastPathComponent
        let scenes = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") && !$0.hasSuffix(".test.json")
        }.sorted()
        XCTAssertGreaterThan(scenes.count, 10)
        SwiftSceneTranslator.install() // the scenes with a SwiftUI body
        var lists = [list(), list(x: 10.nextUp), list(pixel: 1), DisplayList()]
        for name in scenes {
            let source = try FrameSource(try LoadedScene.load(path: folder + "/" + name), options: FrameOptions())
            var timings = StageTimings()
            for i in stride(from: 0, to: source.frameCount, by: max(1, source.frameCount / 6)) {
                lists.append(source.displayList(source.state(i), timings: &timings))
            }
        }
        var commands = 0
        var remembering = DisplayListDigest()
        for l in lists {
            let reference = DisplayListDigest.hexTryingEveryCast(l)
            XCTAssertEqual(DisplayListDigest.hex(l), reference)
            XCTAssertEqual(remembering.hex(l), reference, "with the commands of the lists before remembered")
            commands += l.commands.count
        }
        XCTAssertGreaterThan(commands, 1000)
    }
}
