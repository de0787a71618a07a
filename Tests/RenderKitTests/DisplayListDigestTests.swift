import DisplayList
import Frames
import Geometry
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
}
