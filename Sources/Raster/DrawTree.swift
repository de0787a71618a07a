import DisplayList

/// A display list with its layers nested: each `beginLayer … endLayer` becomes one node
/// holding its children. An unmatched `endLayer` is ignored and layers left open at the end
/// are closed, so any input list can be drawn.
indirect enum DrawNode: Equatable {
    case command(DisplayCommand)
    case layer(Layer, [DrawNode])

    static func tree(of list: DisplayList) -> [DrawNode] {
        var stack: [(Layer?, [DrawNode])] = [(nil, [])]
        for c in list.commands {
            switch c {
            case .beginLayer(let l):
                stack.append((l, []))
            case .endLayer:
                guard stack.count > 1, let (l, children) = stack.popLast(), let layer = l else { continue }
                stack[stack.count - 1].1.append(.layer(layer, children))
            default:
                stack[stack.count - 1].1.append(.command(c))
            }
        }
        while stack.count > 1, let (l, children) = stack.popLast(), let layer = l {
            stack[stack.count - 1].1.append(.layer(layer, children))
        }
        return stack[0].1
    }
}
