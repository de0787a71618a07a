import SwiftUI

// A seed for fuzz-swift-source: keyframe tracks of every kind on a struct value and on a number.
struct Values {
    var scale = 1.0
    var angle = Angle.zero
}

struct Bounce: View {
    @State private var go = false
    var body: some View {
        VStack {
            Circle()
                .frame(width: 40, height: 40)
                .keyframeAnimator(initialValue: Values(), trigger: go) { content, value in
                    content.scaleEffect(value.scale).rotationEffect(value.angle)
                } keyframes: { _ in
                    KeyframeTrack(\.scale) {
                        SpringKeyframe(1.4, duration: 0.2, spring: .snappy)
                        CubicKeyframe(0.9, duration: 0.3)
                        CubicKeyframe(1.0, duration: 0.3)
                    }
                    KeyframeTrack(\.angle) {
                        LinearKeyframe(.degrees(20), duration: 0.1)
                        MoveKeyframe(.degrees(-20))
                        SpringKeyframe(.zero, spring: Spring(duration: 0.4, bounce: 0.3))
                    }
                }
                .onTapGesture { withAnimation(.spring) { go.toggle() } }
            Text("x")
                .keyframeAnimator(initialValue: 0.0, repeating: true) { c, v in c.offset(y: v) } keyframes: { _ in
                    LinearKeyframe(10, duration: 0.5)
                    SpringKeyframe(0, spring: .bouncy)
                }
        }
    }
}
