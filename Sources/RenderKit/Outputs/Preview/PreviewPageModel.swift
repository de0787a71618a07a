import Formats
import Foundation
import Frames
import Timeline

/// What the preview page shows, turned into its HTML by `html()`. The page is one file with its style and script;
/// frames are loaded by URL (`frames` + `frame_NNNNN.png`), a few at a time, so the page's size and the browser's
/// memory do not grow with the frame count.
///
/// The address's fragment opens the page at a state and drives it without a mouse: `frame=N` (or `t=SECONDS`),
/// `step=K` (K frames, negative: back, with the buttons' function), `speed=0.5`, `in=A&out=B` (the loop range),
/// `loop=0` (stop at the out point instead of looping), `play`, `compare=0` (hide the other render). A change of the
/// fragment in an open tab is followed. The shown frame is in `document.body.dataset.frame`, the frame drawn on the
/// canvas in `dataset.drawn`, the number of loops played in `dataset.loops`.
///
/// Every string from the scene (its name, event ids, error lines) reaches the page escaped: HTML text through
/// `TextEscaping.xml`, data through `TextEscaping.scriptJSON`, which leaves no `<` or `&` that could end the script element.
public struct PreviewPageModel: Sendable {
    /// The lane of the events track an event is drawn on: haptics apart from timer ticks, and both apart from events
    /// and gestures.
    public enum Lane: String, Sendable, CaseIterable {
        case haptic, timer, event

        init(_ kind: FiredEvent.Kind) {
            switch kind {
            case .haptic: self = .haptic
            case .timerStart, .tick, .timerEnd: self = .timer
            case .event, .gesture: self = .event
            }
        }
    }

    /// One fired event: its lane, its name, its exact time on the microsecond grid, and the first frame showing it.
    public struct Event: Sendable {
        public var lane: Lane
        public var name: String
        public var micros: Int64
        public var frame: Int
    }

    /// One cell of the contact sheet: a frame and the haptics that fired since the cell before it.
    public struct SheetCell: Sendable {
        public var frame: Int
        public var haptics: [String]
    }

    /// The other render shown side by side: its label, frame URL prefix, frame count and fps (nil: the page's).
    public struct Compare: Sendable {
        public var label: String
        public var url: String
        public var frameCount: Int
        public var fps: Double?

        public init(_ comparison: PreviewComparison, url: String) {
            label = comparison.label
            self.url = url
            frameCount = comparison.files.count
            fps = comparison.fps
        }
    }

    /// `render watch`: the generation of frames the page shows and where it asks for news.
    public struct Watch: Sendable {
        public var generation: Int
        public var status: String
        /// The server renders again at the pixel ratio the page tells it (no `--scale`); false: the scale is fixed.
        public var followsScreen: Bool
        /// Tells one run of the server from the next (the page asks for its scale once per run).
        public var run: String
        /// Sent with the page's one state-changing request (`POST screen`), which the server refuses without it.
        public var token: String
        public init(generation: Int, status: String = "status", followsScreen: Bool = false, run: String = "", token: String = "") {
            self.generation = generation
            self.status = status
            self.followsScreen = followsScreen
            self.run = run
            self.token = token
        }
    }

    public var name: String
    public var fps: Double
    public var frameCount: Int
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Pixels per point the frames were drawn at; the page shows them at one CSS pixel per point.
    public var scale: Double
    /// URL prefix of the frame files (ends in `/`; made by us, never from the scene).
    public var frames: String
    public var events: [Event]
    public var sheet: [SheetCell]
    public var compare: Compare?
    /// Links to the APNG and the strip, when written.
    public var animation: String?
    public var strip: String?
    /// Located problems of the scene as it is on disk now (`render watch` after a bad edit): shown over the last
    /// good frames.
    public var errors: [String] = []
    public var watch: Watch?

    public init(name: String, fps: Double, frameCount: Int, pixelWidth: Int, pixelHeight: Int, scale: Double,
                frames: String, events: [Event], sheet: [SheetCell]) {
        self.name = name
        self.fps = fps
        self.frameCount = frameCount
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.frames = frames
        self.events = events
        self.sheet = sheet
    }

    /// A page with no frames yet (`render watch` started on a scene with problems).
    public static func empty(name: String, errors: [String], watch: Watch) -> PreviewPageModel {
        var m = PreviewPageModel(name: name, fps: 1, frameCount: 0, pixelWidth: 320, pixelHeight: 180, scale: 1,
                                 frames: "frames/", events: [], sheet: [])
        m.errors = errors
        m.watch = watch
        return m
    }

    /// A time on the microsecond grid as the page writes it: seconds with six decimals.
    public static func seconds(micros: Int64) -> String {
        let sign = micros < 0 ? "-" : ""
        let m = micros.magnitude
        return sign + String(m / 1_000_000) + "." + String(String(m % 1_000_000 + 1_000_000).dropFirst())
    }

    /// The page's data as JSON (for its script).
    func data() -> String {
        func str(_ s: String) -> String { TextEscaping.jsonString(s) }
        let events = self.events.map {
            "{\"lane\":\(str($0.lane.rawValue)),\"name\":\(str($0.name)),\"t\":\(str(Self.seconds(micros: $0.micros))),\"f\":\($0.frame)}"
        }.joined(separator: ",")
        let sheet = self.sheet.map { "{\"f\":\($0.frame),\"h\":[\($0.haptics.map(str).joined(separator: ","))]}" }.joined(separator: ",")
        let compare = self.compare.map {
            "{\"label\":\(str($0.label)),\"url\":\(str($0.url)),\"count\":\($0.frameCount),\"fps\":\($0.fps.map(NumberText.shortest) ?? "null")}"
        } ?? "null"
        let watch = self.watch.map {
            "{\"generation\":\($0.generation),\"status\":\(str($0.status)),\"follows\":\($0.followsScreen),\"run\":\(str($0.run)),\"token\":\(str($0.token))}"
        } ?? "null"
        let errors = self.errors.map(str).joined(separator: ",")
        return "{\"name\":\(str(name)),\"fps\":\(NumberText.shortest(fps)),\"count\":\(frameCount),\"width\":\(pixelWidth),"
            + "\"height\":\(pixelHeight),\"scale\":\(NumberText.shortest(scale)),\"frames\":\(str(frames)),\"events\":[\(events)],"
            + "\"sheet\":[\(sheet)],\"compare\":\(compare),\"watch\":\(watch),\"errors\":[\(errors)]}"
    }

    /// The page.
    public func html() -> String {
        // XML's escaping, not only HTML's: a scene name or error line may hold control characters, which it replaces.
        let esc = TextEscaping.xml
        let errorLines = errors.map(esc).joined(separator: "\n")
        let links = [animation.map { "<a href=\"\(esc($0))\">animated PNG</a>" }, strip.map { "<a href=\"\(esc($0))\">strip.png</a>" }]
            .compactMap { $0 }.joined(separator: " · ")
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>\(esc(name)) — \(watch == nil ? "preview" : "watch")</title>
        <style>\(PreviewPageScript.style)\(Self.viewToolsStyle)</style></head>
        <body data-frame="0" data-drawn="-1" data-loops="0" data-generation="\(watch?.generation ?? 0)">
        <div id="viewport"><div id="stages">
        <figure class="stage"><div class="box bg-checker"><canvas id="frame"></canvas><canvas id="onion" hidden></canvas><canvas id="overlay" hidden></canvas></div><figcaption id="caption">\(esc(name))</figcaption></figure>
        <figure class="stage" id="compareStage" hidden><div class="box bg-checker"><canvas id="compareFrame"></canvas></div><figcaption id="compareCaption"></figcaption></figure>
        </div></div>
        <div id="panel">
        <div id="errors"\(errors.isEmpty ? " hidden" : "")><b>The scene has problems; the last good frames stay.</b><pre id="errorLines">\(errorLines)</pre></div>
        <div id="controls">
        <button id="first" title="first frame or in point (Home)">⇤</button><button id="prev" title="previous frame (←, Shift+← 10)">◀︎</button><button id="play" title="play / pause (space)">play</button><button id="next" title="next frame (→, Shift+→ 10)">▶︎</button><button id="last" title="last frame or out point (End)">⇥</button>
        <label>frame <input id="frameInput" type="number" min="0" step="1" value="0"></label><span id="info"></span>
        <label>speed <select id="speed"><option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option><option value="1" selected>1×</option><option value="2">2×</option></select></label>
        <button id="setIn" title="set the in point here (I)">in</button><button id="setOut" title="set the out point here (O)">out</button><button id="clearRange" title="clear the loop range (X)">clear</button>
        <label title="loop between in and out (L)"><input id="loop" type="checkbox" checked> loop</label>
        <label id="compareToggle" hidden title="show the other render (C; V: side by side, overlay, difference)"><input id="compare" type="checkbox" checked> compare</label>
        <span id="status"></span>
        </div>
        \(Self.viewToolsControls)
        <div id="scrubWrap"><div id="range"></div><input id="scrub" type="range" min="0" max="0" value="0"></div>
        <div id="track"><div class="lane" data-lane="haptic"><span>haptics</span></div><div class="lane" data-lane="timer"><span>timers</span></div><div class="lane" data-lane="event"><span>events</span></div><div id="cursor"></div></div>
        <div id="now"></div>
        <details id="eventList"><summary>events</summary><table><thead><tr><th>time (s)</th><th>frame</th><th>lane</th><th>name</th></tr></thead><tbody id="eventRows"></tbody></table></details>
        <div id="sheet"></div>
        <p id="links">\(links)</p>
        <p id="keys">Keys: space play · ← → step · Shift+← → 10 frames · Home End · I O in/out · X clear · L loop · − + speed · C compare · V compare mode · Z Shift+Z zoom · F fit · 1 100 % · B background · N onion skin</p>
        </div>
        <script type="application/json" id="data">\(TextEscaping.scriptJSON(data()))</script>
        <script>\(PreviewPageScript.script)</script>
        </body></html>

        """
    }
}
