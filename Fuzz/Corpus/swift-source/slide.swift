// "Slide to unlock" (reference interactions §2) as SwiftUI: a label drawn with a moving highlight, the seed's
// Shimmer modifier. Lines marked GLUE are not part of the seed.
//
//   render Scenes/SlideToUnlock.swift            (390 × 140 pt from the #Preview)
//   render Scenes/slide-to-unlock-swift.json     (the same view as the scene slide-to-unlock.json draws)
import SwiftUI

extension Color {
    /// The highlight's sides: an opaque grey, `Color(white: 0.25)`.
    static let side = Color(white: 0.25)
    // GLUE: the JSON scene's track colours to the byte (#FFFFFF1F, #FFFFFF14).
    static let trackFill = Color.white.opacity(31 / 255)
    static let trackRim = Color.white.opacity(20 / 255)
}

/// A linear gradient (side, white, side) whose centre `position` runs 0 → 1, masked by the content. The start and
/// end points are `position − 0.2·(1 − position)` and `position + 0.2·position`, so no half gradient shows at 0 %
/// and 100 %.
struct Shimmer: ViewModifier {
    let position: CGFloat

    func body(content: Content) -> some View {
        content
            .overlay(
                LinearGradient(
                    gradient: Gradient(colors: [.side, .white, .side]),
                    startPoint: UnitPoint(x: position - 0.2 * (1 - position), y: 0.5),
                    endPoint: UnitPoint(x: position + 0.2 * position, y: 0.5)
                )
            )
            .mask(content)
    }
}

struct SlideToUnlock: View {
    @State private var position: CGFloat = 0

    var body: some View {
        HStack(spacing: 0) {
            Circle()
                .fill(LinearGradient(colors: [.white, Color(red: 200 / 255, green: 200 / 255, blue: 206 / 255)],
                                     startPoint: .top, endPoint: .bottom))
                .frame(width: 52, height: 52)
                .overlay(
                    Text("→")
                        .font(.system(size: 22, weight: .semibold))
                        .foregroundColor(Color(red: 58 / 255, green: 58 / 255, blue: 60 / 255))
                )
            Spacer()
            Text("slide to unlock")
                .font(.system(size: 20))
                .fixedSize()
                .foregroundColor(.white)
                .modifier(Shimmer(position: position))
            Spacer()
        }
        .padding(4)
        .frame(width: 320, height: 60)
        .background(Capsule().fill(Color.trackFill).stroke(Color.trackRim, lineWidth: 1))
        .onAppear {
            withAnimation(.linear(duration: 2).delay(1).repeatForever(autoreverses: false)) {
                position = 1
            }
        }
    }
}

#Preview {
    SlideToUnlock()
        .frame(width: 390, height: 140)
        .preferredColorScheme(.dark)
}
