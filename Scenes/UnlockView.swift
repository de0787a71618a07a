// The hold-to-unlock easter egg (reference interactions §1) as SwiftUI: the seed's view, rebuilt from the
// reference's numbers so that `render` can draw it straight from Swift. Lines marked GLUE are not part of the seed:
// they stand in for what a person does on a device (typing the PIN) or give the file colours and a preview.
//
//   render Scenes/UnlockView.swift                 (390 × 300 pt from the #Preview; no touches)
//   render Scenes/unlock-swift.json               (the same view with the scripted long press of unlock.json)
import SwiftUI

extension Color {
    static let accent = Color(hex: 0x8A7CFF)
    static let rose = Color(hex: 0xFF8FC7)
    // GLUE: the JSON scene's colours to the byte (#FFFFFF14, #FFFFFF99, #FFFFFF0D, #FFFFFF24).
    static let track = Color.white.opacity(20 / 255)
    static let label = Color.white.opacity(153 / 255)
    static let well = Color.white.opacity(13 / 255)
    static let rim = Color.white.opacity(36 / 255)
    static let error = Color(hex: 0xFF5C6C)
    static let backdrop = Color(hex: 0x0E0E12)

    init(hex: UInt32) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }
}

extension AnyTransition {
    /// Blur radius 5 and opacity 0 while away: the PIN field's dissolve.
    static var blurDissolve: AnyTransition {
        .modifier(active: Dissolve(radius: 5, opacity: 0), identity: Dissolve(radius: 0, opacity: 1))
    }
}

struct Dissolve: ViewModifier {
    let radius: CGFloat
    let opacity: Double
    func body(content: Content) -> some View {
        content.blur(radius: radius).opacity(opacity)
    }
}

struct UnlockView: View {
    @Namespace private var cards
    @State private var progress: CGFloat = 0
    @State private var increment: CGFloat = 0.0007
    @State private var lastHaptic: CGFloat = 0
    @State private var timer: Timer?
    @State private var stage = 0
    @State private var pin = ""
    @State private var shake: CGFloat = 0
    @State private var wrong: CGFloat = 0

    let barWidth: CGFloat = 300

    var body: some View {
        ZStack {
            if stage == 0 {
                VStack(spacing: 24) {
                    glowBar
                    Text("Hold to unlock")
                        .font(.system(size: 13, weight: .medium))
                        .kerning(0.2)
                        .foregroundColor(.label)
                }
            }
            if stage == 1 {
                RoundedRectangle(cornerRadius: 4, style: .continuous)
                    .fill(Color.accent)
                    .frame(width: 48, height: 30)
                    .matchedGeometryEffect(id: "card", in: cards)
                    .shadow(color: Color.accent.opacity(stage >= 1 ? 0.45 : 0), radius: 14)
                    .id("card")
            }
            if stage == 2 {
                ZStack {
                    ForEach(0..<6) { i in
                        RoundedRectangle(cornerRadius: 4, style: .continuous)
                            .fill(Color.accent)
                            .frame(width: 48, height: 30)
                            .matchedGeometryEffect(id: "card\(i)", in: cards)
                            .shadow(color: Color.accent.opacity(i == 0 ? 0.45 : 0), radius: 14)
                            .id("deck\(i)")
                    }
                }
                .transition(.identity)
                .id("deck")
            }
            if stage == 3 {
                HStack(spacing: 8) {
                    ForEach(0..<6) { i in
                        RoundedRectangle(cornerRadius: 4, style: .continuous)
                            .fill(Color.accent.mix(with: .rose, by: Double(i) / 5, in: .device))
                            .frame(width: 48, height: 30)
                            .matchedGeometryEffect(id: "card\(i)", in: cards)
                            .shadow(color: Color.accent.mix(with: .rose, by: Double(i) / 5, in: .device).opacity(stage == 3 ? 0.35 : 0.08), radius: 10)
                            .id("fan\(i)")
                    }
                }
                .transition(.asymmetric(insertion: .identity, removal: .opacity.combined(with: .scale(scale: 0.4))))
                .id("fan")
            }
            if stage >= 4 && stage < 6 {
                pinField
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }

    var glowBar: some View {
        ZStack(alignment: .leading) {
            RoundedRectangle(cornerRadius: 12, style: .continuous)
                .fill(Color.track)
            GeometryReader { geometry in
                RoundedRectangle(cornerRadius: 12, style: .continuous)
                    .fill(Color.accent)
                    .frame(width: geometry.size.width * progress, height: 24)
                    .mask(
                        RoundedRectangle(cornerRadius: 12, style: .continuous)
                            .frame(width: geometry.size.width, height: 24)
                            .offset(x: geometry.size.width / 2 - progress * geometry.size.width / 2)
                    )
                    .matchedGeometryEffect(id: "card", in: cards)
                    // Light scattering from the bar: small radius strong, large radius faint.
                    .shadow(color: Color.accent.opacity(0.3), radius: 80)
                    .shadow(color: Color.accent.opacity(0.5), radius: 60)
                    .shadow(color: Color.accent.opacity(0.6), radius: 20)
                    .shadow(color: Color.accent.opacity(0.7), radius: 8)
            }
        }
        .frame(width: barWidth, height: 24)
        .contentShape(Rectangle())
        .gesture(LongPressGesture(minimumDuration: 0.5).onEnded { _ in startProgress() })
        .simultaneousGesture(DragGesture(minimumDistance: 0).onEnded { _ in resetProgress() })
        .id("glowBar")
    }

    var pinField: some View {
        ZStack(alignment: .leading) {
            HStack(spacing: 20) {
                ForEach(0..<6) { _ in
                    Capsule()
                        .fill(Color.rim.mix(with: .error, by: wrong, in: .device))
                        .frame(width: 7.8271, height: 2)
                        .scaleEffect(x: 1.6, y: 1)
                }
            }
            .offset(x: 0, y: 13)
            Text(pin)
                .font(.system(size: 13).weight(.bold).monospaced())
                .kerning(20)
                .foregroundColor(Color.white.mix(with: .error, by: wrong, in: .device))
                .offset(x: 0, y: -3)
            Color.clear.frame(width: 166.9626, height: 22)
        }
        .padding(EdgeInsets(top: 18, leading: 26, bottom: 18, trailing: 6))
        .background(
            RoundedRectangle(cornerRadius: 14, style: .continuous)
                .fill(Color.well)
                .stroke(Color.rim.mix(with: .error, by: wrong, in: .device), lineWidth: 1)
        )
        .offset(x: shake, y: 0)
        .transition(.asymmetric(
            insertion: .opacity.combined(with: .scale(scale: 0.94)).animation(.spring(response: 0.45, dampingFraction: 0.9).delay(0.15)),
            removal: .scale(scale: 0.9).animation(.spring()).combined(with: .blurDissolve)))
        .id("pinField")
    }

    /// Charging: a 10 ms timer whose step grows each tick, a soft haptic every 1 % of progress.
    func startProgress() {
        timer?.invalidate()
        timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { t in
            progress += increment
            increment += 0.00007
            if progress >= lastHaptic + 0.01 {
                UIImpactFeedbackGenerator(style: .soft).impactOccurred()
                lastHaptic = progress
            }
            if progress >= 1 {
                progress = 1
                t.invalidate()
                unlock()
            }
        }
    }

    /// Letting go before the bar is full drains it.
    func resetProgress() {
        timer?.invalidate()
        guard progress < 1 else { return }
        withAnimation { progress = 0 }
        increment = 0.0007
        lastHaptic = 0
    }

    /// The bar becomes a card at once, the card six cards a second later, the cards a PIN field a second after that.
    func unlock() {
        withAnimation(.spring()) { stage = 1 }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            stage = 2
            withAnimation(.spring(response: 0.5, dampingFraction: 0.78)) { stage = 3 }
            DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
                withAnimation(.spring(response: 0.45, dampingFraction: 0.9)) { stage = 4 }
                typeDemoPin() // GLUE
            }
        }
    }

    // GLUE: on a device the user types the PIN; a scripted demo types a wrong one, shakes, then types the right one.
    func typeDemoPin() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { pin = "4" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.4) { pin = "48" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { pin = "483" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.6) { pin = "4839" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.7) { pin = "48392" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) { pin = "483920" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { rejectPin() }
    }

    /// A wrong PIN: the field turns red and shakes (offset 4, springing back with response 0.2, damping 0.2).
    func rejectPin() {
        stage = 5
        shake = 4
        wrong = 1
        withAnimation(.spring(response: 0.2, dampingFraction: 0.2)) { shake = 0 }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.45) {
            withAnimation(.easeOut(duration: 0.25)) {
                pin = ""
                wrong = 0
            }
        }
        // GLUE: the right PIN, typed.
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.55) { pin = "2" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.62) { pin = "27" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.69) { pin = "271" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.76) { pin = "2718" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.83) { pin = "27182" }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.90) { pin = "271828" }
        // The success dissolve: scale 0.9 with its own spring, blur 5, opacity 0.
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            withAnimation(.easeOut(duration: 0.6)) { stage = 6 }
        }
    }
}

#Preview {
    UnlockView()
        .background(Color.backdrop) // GLUE: the card app's dark backdrop
        .frame(width: 390, height: 300)
        .preferredColorScheme(.dark)
}
