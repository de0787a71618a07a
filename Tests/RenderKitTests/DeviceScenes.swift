import Foundation

/// The views of `../shared/device-refs/` (its SOURCES.md paraphrases each test source) written as scenes.
/// Each is built the way its SwiftUI or UIKit source builds it, so that what differs from the device
/// picture is the renderer's drawing, not the scene.
enum DeviceScenes {
    /// SwiftUI's system colours in sRGB, as the pictures show them (the flat areas confirm each to the level).
    static let green = "#34C759", red = "#FF3B30", blue = "#007AFF"

    /// `Circle().fill(.green).frame(width: 100, height: 100)` then `.shadow(color:radius: 10)` in black,
    /// green, red and blue, then `.padding(padding)`, transparent, at `scale` (paulz/ViewSnapshots'
    /// LayeringShadowsView).
    static func chainedShadows(padding: Int, scale: Int) -> String {
        let side = 100 + 2 * padding
        let shadows = ["#000000", green, red, blue].map { "{\"color\": \"\($0)\", \"radius\": 10}" }
        return """
        {"scene": 1, "canvas": {"width": \(side), "height": \(side), "scale": \(scale)}, "duration": 0.1,
         "body": {"type": "zstack", "padding": \(padding), "children": [
           {"type": "circle", "fill": "\(green)", "frame": {"width": 100, "height": 100},
            "shadows": [\(shadows.joined(separator: ", "))]}]}}
        """
    }

    /// A 200 pt systemRed square with CALayer continuous corners of 10 pt centred on a white 375×812 pt screen at 3x,
    /// its layer shadow black at opacity 0.5, radius 10, offset (0, 1) (BSWInterfaceKit's ShadowTests).
    static let layerShadow = """
        {"scene": 1, "canvas": {"width": 375, "height": 812, "scale": 3, "background": "white"}, "duration": 0.1,
         "body": {"type": "roundedRect", "cornerRadius": 10, "style": "layerContinuous", "fill": "\(red)",
                  "frame": {"width": 200, "height": 200},
                  "shadows": [{"color": "#00000080", "radius": 10, "y": 1}]}}
        """

    /// The square of `layerShadow` without its shadow, 25 pt from the edges of a white 250 pt canvas at 3x (on whole
    /// pixels, as the device drew it).
    static let layerSquare = """
        {"scene": 1, "canvas": {"width": 250, "height": 250, "scale": 3, "background": "white"}, "duration": 0.1,
         "body": {"type": "roundedRect", "cornerRadius": 10, "style": "layerContinuous", "fill": "\(red)",
                  "frame": {"width": 200, "height": 200}}}
        """

    /// A 50 pt pure red square with CALayer continuous corners of 10 pt centred in 100 pt of white, 3x
    /// (BSWInterfaceKit's roundedCorners; UIKit's `.red` is pure red).
    static let continuousCorner = """
        {"scene": 1, "canvas": {"width": 100, "height": 100, "scale": 3, "background": "white"}, "duration": 0.1,
         "body": {"type": "roundedRect", "cornerRadius": 10, "style": "layerContinuous", "fill": "#FF0000",
                  "frame": {"width": 50, "height": 50}}}
        """

    /// SwiftUI's `RoundedRectangle(cornerRadius: radius, style: .continuous)`, 50 pt, black, 5 pt from the edges of a
    /// white 60 pt canvas at 3x (the square on whole pixels), as `swiftui-corner-r20-insets.json` measures it.
    static func swiftUICorner(radius: Double) -> String {
        """
        {"scene": 1, "canvas": {"width": 60, "height": 60, "scale": 3, "background": "white"}, "duration": 0.1,
         "body": {"type": "roundedRect", "cornerRadius": \(radius), "style": "continuous", "fill": "#000000",
                  "frame": {"width": 50, "height": 50}}}
        """
    }

    /// A 256 pt linear gradient over white at 3x, from `start` to `end`, with SmoothGradient's 16 stops:
    /// stop i at `from + (to − from)·i/15` has the colour `first` mixed with `last` in sRGB by ease(i/15).
    static func smoothGradient(_ first: [Double], _ last: [Double], from: Double = 0, to: Double = 1,
                               start: String, end: String) -> String {
        let stops = (0...15).map { i -> String in
            let e = ease(Double(i) / 15)
            let hex = (0..<4).map { String(format: "%02X", Int((255 * (first[$0] + (last[$0] - first[$0]) * e)).rounded())) }.joined()
            return "{\"color\": \"#\(hex)\", \"at\": \(from + (to - from) * Double(i) / 15)}"
        }
        return """
        {"scene": 1, "canvas": {"width": 256, "height": 256, "scale": 3, "background": "white"}, "duration": 0.1,
         "body": {"type": "rect", "frame": {"width": 256, "height": 256},
                  "fill": {"linear": {"stops": [\(stops.joined(separator: ", "))], "start": "\(start)", "end": "\(end)"}}}}
        """
    }

    /// SwiftUI's `.easeInOut` curve, the cubic Bézier (0.42, 0) (0.58, 1), solved for x by bisection
    /// (written here rather than taken from Motion, which the renderer uses).
    static func ease(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    /// sRGB components 0…1 of a `#RRGGBB` colour, opaque.
    static func components(_ hex: String) -> [Double] {
        let v = Int(hex.dropFirst(), radix: 16) ?? 0
        return [Double(v >> 16 & 255) / 255, Double(v >> 8 & 255) / 255, Double(v & 255) / 255, 1]
    }
}
