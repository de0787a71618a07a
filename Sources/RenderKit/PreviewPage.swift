import Foundation
import Geometry
import ImageIO
import Timeline

/// `render preview`: a folder with `preview.html` — one self-contained page (frames embedded as PNG data URIs) with
/// the current frame, a scrubber, play/pause, frame stepping, the events track (every fired event, haptics in orange;
/// click one to jump to its frame) and the contact sheet — plus `preview.png`, the animation as an APNG, and
/// `strip.png`.
///
/// The page reads its address's fragment so it can be opened at a given state and driven without a mouse (headless
/// browsers in tests do exactly that): `#frame=N` starts at frame N, `step=K` then steps K frames (negative: back) with
/// the same function the buttons call, `play` starts playing. The shown frame is in `document.body.dataset.frame`.
public struct PreviewPage: Sendable {
    /// Contact sheet settings for the strip on the page.
    public var strip = StripSheet()
    /// Also write `preview.png` (APNG).
    public var writeAnimation = true

    public init() {}

    /// What was written.
    public struct Written: Sendable {
        public var page: String
        public var animation: String?
        public var strip: String
        public var frames: Int
    }

    /// Renders every frame of `source` (at its fps and scale) and writes the page into `folder`.
    public func write(_ source: FrameSource, to folder: String, progress: (@Sendable (Int, Int) -> Void)? = nil) throws -> Written {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = PNGEncoder(compression: .fast)
        var images: [RGBAImage] = [], encoded: [[UInt8]] = []
        try source.drawer().frames(0..<source.frameCount) { frame in
            // A reused frame has the pixels, so the bytes, of the one before it.
            if frame.reused, let last = encoded.last { encoded.append(last) } else { encoded.append(try encoder.encode(frame.image)) }
            if writeAnimation { images.append(frame.image) }
            progress?(frame.index + 1, source.frameCount)
        }
        var animationPath: String?
        if writeAnimation {
            // The delay as a fraction of a second: fps frames per second, rounded to 1/1000 s for fractional rates.
            let fps = source.fps
            let (num, den): (UInt16, UInt16) = fps == fps.rounded() && fps <= 65535 ? (1, UInt16(fps)) : (UInt16(max(1, min(65535, (1000 / fps).rounded()))), 1000)
            let path = folder + "/preview.png"
            try writeFileAtomically(try PreviewAPNG.encode(images, delayNumerator: num, delayDenominator: den), to: path)
            animationPath = path
        }
        let stripImage = try strip.render(source)
        let stripBytes = try PNGEncoder().encode(stripImage)
        let stripPath = folder + "/strip.png"
        try writeFileAtomically(stripBytes, to: stripPath)
        let html = Self.html(name: source.scene.name, fps: source.fps, width: source.pixelWidth,
                             height: source.pixelHeight, frames: encoded, strip: stripBytes, events: source.history.fired,
                             hasAnimation: writeAnimation)
        let page = folder + "/preview.html"
        try writeFileAtomically(Array(html.utf8), to: page)
        return Written(page: page, animation: animationPath, strip: stripPath, frames: encoded.count)
    }

    static func html(name: String, fps: Double, width: Int, height: Int, frames: [[UInt8]], strip: [UInt8],
                     events: [FiredEvent], hasAnimation: Bool) -> String {
        let uris = frames.map { "\"data:image/png;base64," + Data($0).base64EncodedString() + "\"" }.joined(separator: ",\n")
        let eventItems = events.map { e -> String in
            let frame = TimeGrid.firstFrame(showing: e.time, fps: fps)
            let label = e.kind == .haptic ? "haptic \(e.detail ?? "")" : e.kind.rawValue + (e.id.map { " \($0)" } ?? "")
                + (e.kind == .tick ? " \(e.detail ?? "")" : "")
            return "{t:\(jsonNumber(e.time)),f:\(frame),k:\(jsonString(e.kind.rawValue)),l:\(jsonString(label))}"
        }.joined(separator: ",")
        let esc = GoldenReport.esc
        return """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(name)) — preview</title>
        <style>
        html,body{margin:0;background:#1c1c1e;color:#f2f2f7;font:13px/1.4 system-ui,sans-serif}
        #stage{position:absolute;left:0;top:0;width:\(width)px;height:\(height)px}
        #frame{display:block;width:\(width)px;height:\(height)px;image-rendering:pixelated}
        #panel{position:absolute;left:0;top:\(height + 8)px;right:0;padding:0 12px 24px}
        #scrub{width:100%;max-width:\(max(width, 320))px}
        button{background:#3a3a3c;color:#f2f2f7;border:0;border-radius:6px;padding:4px 10px;margin-right:4px;font:inherit}
        #track{position:relative;height:28px;max-width:\(max(width, 320))px;border-bottom:1px solid #8e8e93;margin:10px 0}
        #track .ev{position:absolute;bottom:0;width:3px;height:14px;background:#8e8e93;cursor:pointer;margin-left:-1px}
        #track .ev.haptic{background:#ff9f0a;height:22px}
        #track #cursor{position:absolute;bottom:-4px;width:1px;height:32px;background:#0a84ff}
        #now{color:#ff9f0a;min-height:1.4em} #strip{max-width:100%;display:block;margin-top:12px}
        </style></head><body data-frame="0">
        <div id="stage"><img id="frame" alt="frame"></div>
        <div id="panel">
        <div><button id="prev" title="previous frame (←)">◀︎</button><button id="play" title="play / pause (space)">play</button><button id="next" title="next frame (→)">▶︎</button>
        <span id="info"></span></div>
        <input id="scrub" type="range" min="0" max="\(max(frames.count - 1, 0))" value="0">
        <div id="track"><div id="cursor"></div></div>
        <div id="now"></div>
        \(hasAnimation ? "<a href=\"preview.png\" style=\"color:#0a84ff\">animated PNG</a>" : "")
        <img id="strip" alt="contact sheet" src="data:image/png;base64,\(Data(strip).base64EncodedString())">
        </div>
        <script>
        var frames=[\(uris)];
        var events=[\(eventItems)];
        var fps=\(jsonNumber(fps)), current=0, timer=null;
        var img=document.getElementById('frame'), scrub=document.getElementById('scrub'), info=document.getElementById('info');
        var track=document.getElementById('track'), cursor=document.getElementById('cursor'), now=document.getElementById('now');
        function pos(f){return (frames.length>1?f/(frames.length-1):0)*100+'%';}
        function show(f){
          current=Math.max(0,Math.min(frames.length-1,f));
          img.src=frames[current]; scrub.value=current; document.body.dataset.frame=current;
          info.textContent='frame '+current+' / '+(frames.length-1)+' · '+(current/fps).toFixed(3)+' s';
          cursor.style.left=pos(current);
          now.textContent=events.filter(function(e){return e.f===current;}).map(function(e){return e.l;}).join(' · ');
        }
        function step(n){pause();show(current+n);}
        function play(){if(timer)return;document.getElementById('play').textContent='pause';
          timer=setInterval(function(){show(current+1<frames.length?current+1:0);},1000/fps);}
        function pause(){if(timer){clearInterval(timer);timer=null;}document.getElementById('play').textContent='play';}
        events.forEach(function(e){var d=document.createElement('div');d.className='ev '+e.k;d.style.left=pos(Math.min(e.f,frames.length-1));
          d.title=e.l+' at '+e.t+' s (frame '+e.f+')';d.onclick=function(){pause();show(e.f);};track.appendChild(d);});
        document.getElementById('prev').onclick=function(){step(-1);};
        document.getElementById('next').onclick=function(){step(1);};
        document.getElementById('play').onclick=function(){timer?pause():play();};
        scrub.oninput=function(){pause();show(+scrub.value);};
        document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft')step(-1);else if(e.key==='ArrowRight')step(1);
          else if(e.key===' '){e.preventDefault();timer?pause():play();}});
        var q={};location.hash.replace(/^#/,'').split('&').forEach(function(p){var kv=p.split('=');if(kv[0])q[kv[0]]=kv[1]===undefined?'':kv[1];});
        show(q.frame?parseInt(q.frame,10)||0:0);
        if(q.step){var n=parseInt(q.step,10)||0;for(var i=0;i<Math.abs(n);i++)step(n<0?-1:1);}
        if('play' in q)play();
        </script>
        </body></html>

        """
    }
}
