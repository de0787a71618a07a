import DisplayList
import Geometry
import XCTest
@testable import Raster

/// Renders a few pictures to /tmp for a person to look at; asserts only that something was drawn.
final class ScratchPictureTests: XCTestCase {
    func testGallery() {
        let card = Path.roundedRect(Rect(x: 60, y: 40, width: 200, height: 60), cornerRadius: 12, continuous: true)
        let glow = Layer(shadows: [
            Shadow(color: Color(hex: 0x8A7CFF, alpha: 0.3), radius: 40),
            Shadow(color: Color(hex: 0x8A7CFF, alpha: 0.5), radius: 30),
            Shadow(color: Color(hex: 0x8A7CFF, alpha: 0.6), radius: 10),
            Shadow(color: Color(hex: 0x8A7CFF, alpha: 0.7), radius: 4),
        ])
        let stops = [GradientStop(color: .named["red"]!, location: 0), GradientStop(color: .named["blue"]!, location: 0.5),
                     GradientStop(color: .named["green"]!, location: 1)]
        let text = TextCommand(text: "slide to unlock 0123", style: TextStyle(size: 20, weight: 600), origin: Point(60, 130),
                               paint: .linear(stops: stops, start: .leading, end: .trailing),
                               paintBounds: Rect(x: 60, y: 130, width: 200, height: 24), transform: .identity)
        let list: [DisplayCommand] = [
            .beginLayer(glow), Support.fill(card, .color(Color(hex: 0x8A7CFF))), .endLayer,
            .text(text),
            .beginLayer(Layer(blur: 3)),
            .text(TextCommand(text: "blurred", style: TextStyle(size: 24, weight: 800, design: .rounded), origin: Point(60, 170),
                              paint: .color(.white), paintBounds: .zero, transform: .identity)),
            .endLayer,
            Support.fill(.ellipse(in: Rect(x: 220, y: 160, width: 80, height: 80)),
                         .angular(stops: stops, center: .center, startAngle: 0, endAngle: 360)),
        ]
        let img = Support.render(list, width: 640, height: 520, scale: 2, background: Color(hex: 0x101014))
        Support.save(img, "gallery")
        XCTAssertEqual(img.width, 640)
    }
}
