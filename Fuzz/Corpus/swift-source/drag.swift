import SwiftUI
struct DragCard: View {
    @State private var offset = CGSize.zero
    @State private var dragging = false
    var body: some View {
        RoundedRectangle(cornerRadius: 20)
            .fill(dragging ? Color.blue : Color.purple)
            .frame(width: 120, height: 160)
            .offset(offset)
            .gesture(
                DragGesture()
                    .onChanged { value in
                        offset = value.translation
                        dragging = true
                    }
                    .onEnded { _ in
                        withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) {
                            offset = .zero
                            dragging = false
                        }
                    }
            )
    }
}
