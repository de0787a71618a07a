import Geometry
import SceneModel

/// How an image chooses its size (points) for a proposal, as SwiftUI's `Image`,
/// `.resizable()` and `.aspectRatio(contentMode:)` do.
struct ImageSizing: Sendable {
    /// Size in points at the image's natural resolution: pixels / the scene's canvas scale.
    var natural: Size
    var resizable: Bool
    var contentMode: ContentMode?

    init(image: RGBAImage?, resizable: Bool, contentMode: ContentMode?, imageScale: Double) {
        let s = imageScale > 0 && imageScale.isFinite ? imageScale : 1
        natural = Size(Double(image?.width ?? 0) / s, Double(image?.height ?? 0) / s)
        self.resizable = resizable
        self.contentMode = contentMode
    }

    /// A Lottie animation (§3.3b): always resizable, its natural size the composition's `w`×`h` points.
    init(lottie: LottieDocument?, contentMode: ContentMode) {
        natural = Size(lottie?.width ?? 0, lottie?.height ?? 0)
        resizable = true
        self.contentMode = contentMode
    }

    func size(for p: ProposedSize) -> Size {
        // A fixed-size image ignores the proposal, as SwiftUI's non-resizable Image.
        guard resizable else { return natural }
        // Without an aspect ratio (or without pixels to take it from), a resizable image stretches.
        guard let mode = contentMode, natural.width > 0, natural.height > 0 else {
            return p.replacingUnspecified(by: natural)
        }
        let ratio = natural.width / natural.height
        switch (p.width, p.height) {
        case (nil, nil): return natural
        case (let w?, nil): return Size(w, w / ratio)
        case (nil, let h?): return Size(h * ratio, h)
        case (let w?, let h?):
            // The proposal is wider than the image when w/h > ratio: fit is then bound by the height,
            // fill by the width. NaN (0/0, ∞/∞) falls to the second branch, which gives 0 or ∞ as SwiftUI.
            let wider = w / h > ratio
            if (mode == .fit) == wider { return Size(h * ratio, h) }
            return Size(w, w / ratio)
        }
    }
}
