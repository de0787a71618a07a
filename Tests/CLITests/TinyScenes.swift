/// Small scenes (40×30 pt) that keep the CLI tests fast.
enum TinyScenes {
    /// 0.6 s at 60 fps = 36 frames. A circle springs 10 pt right from 0.1 s (response 0.3, dampingFraction 0.5,
    /// still moving at 1/3 s); an event "go" at 0.5 s; a 10 ms timer from 0.5 s that ends after 5 ticks (n: 1 → 6).
    static let moving = """
    {"scene": 1, "canvas": {"width": 40, "height": 30, "scale": 1, "background": "#000000"}, "fps": 60, "duration": 0.6,
     "state": {"x": 0, "n": 0},
     "body": {"type": "circle", "fill": "red", "frame": {"width": 10, "height": 10}, "offset": {"x": "=x", "y": 0}},
     "timeline": [
       {"at": 0.1, "set": {"x": 10}, "animation": {"spring": {"response": 0.3, "dampingFraction": 0.5}}},
       {"at": 0.5, "id": "go", "set": {"n": 1}},
       {"at": 0.5, "timer": {"id": "tick", "interval": 0.01, "set": {"n": "=n + 1"}, "until": "n >= 6"}}
     ]}
    """

    /// 1 s at 10 fps = 10 frames of 40×30 px on white: a 16 pt square of `fill` appears at 0.4 s (frames 4 to 9).
    /// Two fills: the same motion, six frames of different pixels.
    static func appearingSquare(fill: String) -> String {
        """
        {"scene": 1, "name": "tiny", "canvas": {"width": 40, "height": 30, "scale": 1, "background": "#FFFFFF"}, "fps": 10,
         "duration": 1, "state": {"o": 0},
         "body": {"type": "rect", "fill": "\(fill)", "frame": {"width": 16, "height": 16}, "opacity": "=o"},
         "timeline": [{"at": 0.4, "set": {"o": 1}}]}
        """
    }

    /// Two problems: an unknown view type on line 3 and an opacity above 1 on line 4.
    static let twoProblems = """
    {"scene": 1, "canvas": {"width": 40, "height": 30},
     "body": {"type": "zstack", "children": [
       {"type": "circel"},
       {"type": "rect", "opacity": 2}]}}
    """

    /// Where `token` first starts in `text`, as a 1-based (line, column) pair: the position an error should name.
    static func position(of token: String, in text: String) -> (line: Int, column: Int)? {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: token) {
                return (i + 1, line.distance(from: line.startIndex, to: r.lowerBound) + 1)
            }
        }
        return nil
    }
}
