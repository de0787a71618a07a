import SwiftUI
struct Pulse: View {
    @State private var on = false
    @State private var count = 0
    @State private var timer: Timer?
    var body: some View {
        Circle()
            .fill(on ? Color.red : Color.blue.opacity(0.5))
            .scaleEffect(on ? 1.2 : 1)
            .animation(.easeInOut(duration: 0.8).repeatForever(autoreverses: true), value: on)
            .onAppear { on = true }
            .onTapGesture {
                guard count < 3 else { return }
                count += 1
                timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { t in
                    if count > 2 { t.invalidate() }
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { withAnimation { on.toggle() } }
            }
    }
}
