import SwiftUI

// A seed for fuzz-swift-source: a phase animator view cycling on its own and a modifier run by a trigger.
struct Pulse: View {
    @State private var taps = 0

    var body: some View {
        VStack(spacing: 40) {
            PhaseAnimator([false, true]) { on in
                Circle()
                    .fill(.red)
                    .frame(width: 60, height: 60)
                    .scaleEffect(on ? 1.5 : 1)
                    .opacity(on ? 0.4 : 1)
            } animation: { on in
                on ? .easeOut(duration: 0.8) : .easeIn(duration: 0.4)
            }
            Text("Hi")
                .phaseAnimator([0.0, 20.0, -20.0], trigger: taps) { content, dx in
                    content.offset(x: dx)
                } animation: { _ in .easeInOut(duration: 0.2) }
                .onTapGesture { taps += 1 }
        }
    }
}
