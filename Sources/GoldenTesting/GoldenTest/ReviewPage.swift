import Formats
import Foundation
import RenderKit

/// The page of `render review`: the reports of failed `render test` runs, one section per scene, scenes with failures
/// first. For each failing frame, with its time: expected | actual | diff side by side (zoomed panes scroll together),
/// or one over the other with a slider, as an onion skin or flickering between the two, or the scene played golden
/// beside actual at its fps; zoom, and a checkerboard behind transparency; after an accept, the golden it replaced.
/// Per scene, a strip of its frames coloured by how much each changed, and each changed motion curve plotted golden
/// against actual. Keys and buttons (per frame and per scene) move between failures and accept (through the server,
/// which calls `GoldenAcceptance`), reject or undo; once nothing is pending the page says the review is complete.
///
/// Self-contained: its style and script are inline, its images come from the server that serves it
/// (`r/N/expected|actual|diff/frame_NNNNN.png`), and its one kind of state change is a POST with the page's token.
public enum ReviewPage {
    /// One report as the page shows it.
    public struct Scene: Codable, Sendable {
        public var index: Int
        public var scene: String
        public var report: String
        public var goldens: String
        public var first: Int
        public var last: Int
        public var fps: Double
        /// `--motion-only`: no frame was compared.
        public var motionOnly: Bool
        public var frames: [Frame]
        public var motion: Motion?
    }

    /// A failing frame; `accepted` when its golden is the report's actual file already (accepted before the page
    /// was loaded); `rejected` when marked so in the report's review-state.json (by an earlier page).
    public struct Frame: Codable, Sendable {
        public var index: Int
        public var name: String
        public var status: GoldenStatus
        public var differingPixels: Int
        public var totalPixels: Int
        public var expected: Bool
        public var actual: Bool
        public var diff: Bool
        public var accepted: Bool
        public var rejected: Bool
        /// The other failing frames with the same golden and the same actual file: one change, seen on several frames
        /// (a hold), reviewed once.
        public var same: [Int]
    }

    public struct Motion: Codable, Sendable {
        public var status: GoldenStatus
        public var failed: Bool
        public var findings: [String]
        /// The golden motion.json is the report's actual track already.
        public var accepted: Bool
    }

    /// The page's data for `acceptance`'s report, number `index` of those served.
    public static func scene(_ acceptance: GoldenAcceptance, index: Int) -> Scene {
        let r = acceptance.record
        let rejected = acceptance.rejectedFrames
        let listed = r.frames.map { f in
            let golden = try? GoldenAcceptance.sha256(acceptance.goldens + "/" + f.name)
            let accepted = f.status == .missing ? golden == nil : (golden != nil && golden == f.actualSHA256)
            return Frame(index: f.index, name: f.name, status: f.status, differingPixels: f.differingPixels,
                         totalPixels: f.totalPixels, expected: f.goldenSHA256 != nil, actual: f.actual != nil,
                         diff: f.diff != nil, accepted: accepted, rejected: rejected.contains(f.index), same: [])
        }
        // Frames whose golden and actual files are the same bytes show the same change.
        var byChange: [String: [Int]] = [:]
        for f in r.frames { if let g = f.goldenSHA256, let a = f.actualSHA256 { byChange[g + a, default: []].append(f.index) } }
        let frames = zip(r.frames, listed).map { record, frame in
            var frame = frame
            if let g = record.goldenSHA256, let a = record.actualSHA256 { frame.same = byChange[g + a, default: []].filter { $0 != frame.index } }
            return frame
        }
        let motionGolden = try? GoldenAcceptance.sha256(acceptance.goldens + "/" + MotionTest.fileName)
        let motion = r.motion.map {
            Motion(status: $0.status, failed: $0.failed, findings: $0.findings, accepted: $0.actualSHA256 != nil && motionGolden == $0.actualSHA256)
        }
        return Scene(index: index, scene: r.sceneName, report: acceptance.report, goldens: acceptance.goldens,
                     first: r.options.first, last: r.options.last, fps: r.options.fps, motionOnly: r.options.motionOnly,
                     frames: frames, motion: motion)
    }

    /// The changed motion curves of a report, golden (grey) against actual (red), as inline SVG: the golden track of
    /// the goldens folder against the actual track the report kept. Empty when the motion did not fail or a track
    /// cannot be read.
    public static func motionPlots(_ acceptance: GoldenAcceptance) -> [(name: String, words: String, svg: String)] {
        guard let m = acceptance.record.motion, m.failed, let relative = m.actual,
              let actual = try? MotionTrack.read(at: acceptance.report + "/" + relative) else { return [] }
        // After an accept the golden is the actual track: the report's comparison is what the page explains, so the
        // replaced golden kept by the acceptance stands in for it.
        let kept = acceptance.report + "/" + GoldenAcceptance.replacedFolder + "/" + MotionTest.fileName
        let current = acceptance.goldens + "/" + MotionTest.fileName
        let goldenPath = (try? GoldenAcceptance.sha256(current)) == m.actualSHA256 && FileManager.default.fileExists(atPath: kept) ? kept : current
        guard let golden = try? MotionTrack.read(at: goldenPath) else { return [] }
        return MotionComparison(golden: golden, actual: actual).findings.map { f in
            (f.name, f.words, f.goldenValues.isEmpty && f.actualValues.isEmpty ? "" : MotionPlot.svg(f, fps: golden.fps))
        }
    }

    /// The whole page for `reports` (in the order given; the page puts scenes with failures first). `token` is sent
    /// back with each accept and undo.
    public static func html(_ reports: [GoldenAcceptance], token: String) -> String {
        let scenes = reports.enumerated().map { scene($0.element, index: $0.offset) }
        // Scenes with a failure (a frame or the motion) first, each group in the order given.
        let failed = { (s: Scene) in !s.frames.isEmpty || s.motion?.failed == true }
        let order = scenes.indices.filter { failed(scenes[$0]) } + scenes.indices.filter { !failed(scenes[$0]) }
        struct Data: Codable { var token: String; var scenes: [Scene]; var order: [Int] }
        let json = (try? JSONEncoder().encode(Data(token: token, scenes: scenes, order: order))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let failingFrames = scenes.map { $0.frames.count }.reduce(0, +)
        var s = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
        <title>render review</title>
        <style>\(style)</style></head>
        <body>
        <header><h1>render review</h1>
        <p id="summary">\(reports.count) report\(reports.count == 1 ? "" : "s"), \(failingFrames) failing frame\(failingFrames == 1 ? "" : "s")\
        \(scenes.contains { $0.motion?.failed == true } ? ", motion changed in \(scenes.filter { $0.motion?.failed == true }.count)" : "")</p>
        <div id="tools"><span class="group" role="group" aria-label="mode">\
        <button data-mode="side" title="1">1 side by side</button><button data-mode="slider" title="2">2 slider</button>\
        <button data-mode="onion" title="3">3 onion skin</button><button data-mode="flicker" title="4">4 flicker</button>\
        <button data-mode="play" title="5">5 play</button></span>\
        <span class="group" role="group" aria-label="zoom"><button id="zoomOut" title="-">−</button><span id="zoom">fit</span>\
        <button id="zoomIn" title="+">+</button><button id="zoomFit" title="0">0 fit</button></span>\
        <span class="keys"><kbd>j</kbd>/<kbd>k</kbd> next/previous failure · <kbd>a</kbd> accept frame · <kbd>m</kbd> accept motion · \
        <kbd>A</kbd> accept scene · <kbd>r</kbd> reject · <kbd>u</kbd> undo</span></div>
        <p id="message" role="status" aria-live="polite"></p><p id="complete" hidden></p></header>
        <main>

        """
        for i in order {
            let sc = scenes[i], a = reports[i]
            let n = failing(sc)
            s += "<section class=\"scene\(n == 0 && sc.motion?.failed != true ? " passed" : "")\" id=\"s\(i)\" data-i=\"\(i)\">\n"
            let frames = sc.motionOnly ? "frames not compared (--motion-only)" : "\(n) of \(sc.last - sc.first + 1) frames failing"
            s += "<h2>\(esc(sc.scene)) <span class=\"count\">\(frames)\(sc.motion?.failed == true ? ", motion changed" : "")</span>"
                + (n > 0 || sc.motion?.failed == true ? " <button class=\"acceptScene\" data-s=\"\(i)\" title=\"A\">Accept scene (A)</button>" : "")
                + "</h2>\n"
            s += "<p class=\"paths\">report \(esc(sc.report)) → goldens \(esc(sc.goldens))</p>\n"
            if !sc.motionOnly {
                s += "<div class=\"strip\" aria-label=\"frames \(sc.first) to \(sc.last), coloured by how much each changed\"></div>\n"
                s += "<p class=\"key\"><i class=\"k-pass\"></i>passed <i class=\"k-heat\"></i>failed: few → all pixels changed "
                    + "<i class=\"k-acc\"></i>accepted <i class=\"k-rej\"></i>rejected</p>\n"
            }
            s += "<div class=\"viewer\"></div>\n"
            let plots = motionPlots(a)
            // The motion track alone is accepted with m or this button, whatever its frames' state.
            let button = "<p class=\"mline\"><button class=\"acceptMotion\" data-s=\"\(i)\" title=\"m\">m accept motion</button> "
                + "<span class=\"mstate\"></span></p>\n"
            if !plots.isEmpty {
                // Values that changed in the same words (a parent's move seen on its subviews) are one entry, one plot.
                var groups: [(names: [String], words: String, svg: String)] = []
                for p in plots {
                    if let g = groups.firstIndex(where: { $0.words == p.words }) { groups[g].names.append(p.name) } else { groups.append(([p.name], p.words, p.svg)) }
                }
                s += "<details class=\"motion\" open><summary>Motion: \(plots.count) change\(plots.count == 1 ? "" : "s")"
                    + (groups.count < plots.count ? " (\(groups.count) different)" : "") + " "
                    + "<span class=\"legend\"><i class=\"g\"></i>golden <i class=\"a\"></i>actual</span></summary>\n" + button
                for g in groups {
                    let same = g.names.count > 1 ? " <span class=\"legend\">the same change on \(g.names.count) values</span>" : ""
                    s += "<div class=\"plot\"><h3>\(esc(g.names.joined(separator: ", ")))\(same)</h3><p>\(esc(g.words))</p>\(g.svg)</div>\n"
                }
                s += "</details>\n"
            } else if let m = sc.motion, m.failed {
                s += "<details class=\"motion\" open><summary>Motion</summary>" + button + "<ul>"
                    + m.findings.map { "<li>\(esc($0))</li>" }.joined() + "</ul></details>\n"
            }
            s += "</section>\n"
        }
        s += "</main>\n<script id=\"data\" type=\"application/json\">"
            + json.replacingOccurrences(of: "<", with: "\\u003c") + "</script>\n<script>\(script)</script>\n</body></html>\n"
        return s
    }

    static func failing(_ s: Scene) -> Int { s.frames.count }

    static func esc(_ s: String) -> String { TextEscaping.html(s) }

    static let style = """
    :root{--bg:#f4f4f6;--card:#fff;--ink:#1c1c1e;--mute:#6b6b70;--line:#d9d9de;--fail:#c62828;--ok:#1a7f37;--rej:#8a6d00;--focus:#0a64d6}
    *{box-sizing:border-box} body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:var(--bg);color:var(--ink)}
    header{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid var(--line);padding:10px 20px}
    h1{font-size:18px;margin:0 12px 0 0;display:inline-block} #summary{display:inline-block;margin:0;color:var(--mute)}
    #tools{display:flex;flex-wrap:wrap;gap:14px;align-items:center;margin-top:8px}
    .group{display:inline-flex;align-items:center;gap:2px} button{font:inherit;border:1px solid var(--line);background:#fff;border-radius:6px;padding:3px 9px;cursor:pointer}
    button[aria-pressed=true]{background:var(--ink);color:#fff;border-color:var(--ink)} #zoom{min-width:48px;text-align:center;font-variant-numeric:tabular-nums}
    .keys{color:var(--mute)} kbd{font:12px ui-monospace,monospace;border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 4px;background:#fff;color:var(--ink)}
    #message{margin:4px 0 0;min-height:1.3em;font-weight:600} #message.bad{color:var(--fail)} #message.good{color:var(--ok)}
    main{padding:16px 20px} section.scene{scroll-margin-top:130px;background:var(--card);border-radius:10px;padding:14px 16px;margin:0 0 18px;border:2px solid transparent}
    section.current{border-color:var(--focus)} section.passed{opacity:.75}
    h2{font-size:16px;margin:0} .count{font-weight:400;color:var(--fail);margin-left:8px} section.passed .count{color:var(--ok)}
    .paths{margin:2px 0 10px;color:var(--mute);font-size:12px;word-break:break-all}
    .strip{display:flex;gap:1px;height:22px;margin-bottom:3px}
    .key{margin:0 0 10px;font-size:12px;color:var(--mute)} .key i{display:inline-block;width:14px;height:10px;border-radius:2px;margin:0 4px 0 10px;vertical-align:-1px}
    .key i:first-child{margin-left:0} .k-pass{background:#e3e5e8} .k-heat{width:40px!important;background:linear-gradient(90deg,hsl(45,90%,58%),hsl(0,90%,38%))}
    .k-acc{background:var(--ok)} .k-rej{background:repeating-linear-gradient(45deg,var(--rej) 0 3px,#fff3c4 3px 6px)}
    .strip span{flex:1 1 0;min-width:3px;max-width:28px;background:#e3e5e8;border-radius:2px;cursor:pointer;position:relative}
    .strip span.on{outline:2px solid var(--focus);outline-offset:1px} .strip span.accepted{background:var(--ok)!important}
    .strip span.rejected{background:repeating-linear-gradient(45deg,var(--rej) 0 3px,#fff3c4 3px 6px)!important}
    .caption{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;margin-bottom:8px}
    .caption b{font-size:15px} .state{padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;background:#eee}
    .state.accepted{background:#dff3e4;color:var(--ok)} .state.rejected{background:#fff3c4;color:var(--rej)} .state.pending{background:#fde7e7;color:var(--fail)}
    .panes{display:flex;gap:12px;align-items:flex-start} .pane{flex:1 1 0;min-width:0;margin:0}
    .pane figcaption{color:var(--mute);font-size:12px;text-transform:uppercase;letter-spacing:.04em;margin-bottom:3px}
    .frame{display:block;width:fit-content;max-width:100%;overflow:auto;max-height:75vh;border:1px solid var(--line);
      background:repeating-conic-gradient(#d6d6da 0 25%,#fff 0 50%) 0 0/16px 16px}
    .frame img{display:block;image-rendering:pixelated;height:auto}
    .stage{position:relative} .stage .top{position:absolute;left:0;top:0}
    .split{position:absolute;top:0;bottom:0;width:0;border-left:2px solid var(--focus);pointer-events:none}
    .control{display:flex;gap:10px;align-items:center;margin-top:6px;color:var(--mute)} .control input{width:320px}
    .missing{padding:24px;color:var(--mute)} .none{color:var(--mute)}
    details.motion{margin-top:14px} summary{font-weight:600;cursor:pointer} .legend{font-weight:400;color:var(--mute);margin-left:10px}
    .legend i{display:inline-block;width:18px;height:3px;vertical-align:middle;margin:0 4px 0 8px} .legend .g{background:#9e9e9e} .legend .a{background:#c62828}
    .acts{display:inline-flex;gap:6px} .acts button,.acceptScene{font-size:12px;padding:2px 8px} h2 .acceptScene{margin-left:10px;vertical-align:1px}
    #complete{margin:4px 0 0;padding:6px 10px;border-radius:6px;background:#dff3e4;color:var(--ok);font-weight:600}
    .same{margin:0 0 8px;color:var(--mute)} .pane .note{margin:3px 0 0;font-size:12px;color:var(--mute)} .same button{margin-left:8px;font-size:12px;padding:2px 8px} canvas.mag{display:block;image-rendering:pixelated}
    .mline{margin:8px 0 0} .mstate{color:var(--mute)} .plot h3{font-size:13px;margin:10px 0 0} .plot p{margin:2px 0 4px} .plot svg{max-width:100%;height:auto;border:1px solid var(--line)}
    """

    static let script = """
    (function(){
    'use strict';
    var D=JSON.parse(document.getElementById('data').textContent);
    var S=D.scenes, mode='side', zoom=0, pos=0, version={}, rejected={}, undo=[], flick=null, shown=true, busy=false;
    // Every failure, scenes with failures first: {s: scene index, k: frame position}; a scene whose motion alone
    // failed is one stop, k = -1 (its motion is accepted with m, or with the scene, A).
    var list=[];
    S.forEach(function(sc,i){sc.motionAccepted=!!(sc.motion&&sc.motion.accepted);
      sc.frames.forEach(function(f){if(f.rejected)rejected[i+':'+f.index]=true;});});
    D.order.forEach(function(i){var sc=S[i];sc.frames.forEach(function(f,k){list.push({s:i,k:k});});
      if(!sc.frames.length&&sc.motion&&sc.motion.failed)list.push({s:i,k:-1});});
    function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}
    function key(s,f){return s+':'+f.index;}
    function state(s,f){if(!f)return S[s].motionAccepted?'accepted':'pending';return f.accepted?'accepted':(rejected[key(s,f)]?'rejected':'pending');}
    function src(s,kind,f){return 'r/'+s+'/'+kind+'/'+f.name+'?v='+(version[s]||0);}
    function say(text,good){var m=document.getElementById('message');m.textContent=text;m.className=good===undefined?'':(good?'good':'bad');}
    // What was written, in one line: each file when two or fewer, else how many and the first.
    function brief(lines){return lines.length<=2?lines.join('; '):lines.length+' golden files ('+lines[0]+', …)';}
    function pct(f){return f.totalPixels?(100*f.differingPixels/f.totalPixels):0;}
    // The frame's time in the scene, from the report's fps.
    function time(sc,index){return (index/sc.fps).toFixed(3).replace(/\\.?0+$/,'')+' s';}
    // After an accept the golden is the actual file: the page goes on showing the golden compared, kept in replaced/.
    function goldenKind(f){return f.accepted&&f.expected?'replaced':'expected';}
    // Colour of a strip cell: grey when the frame passed, then from amber to deep red with the share of pixels changed,
    // on a log scale (one pixel in 100,000 or fewer: amber; the whole frame: deep red).
    function heat(f){if(!f)return '';var p=f.totalPixels?f.differingPixels/f.totalPixels:1;
      var t=Math.max(0,Math.min(1,(Math.log10(Math.max(p,1e-5))+5)/5));return 'hsl('+(45*(1-t))+',90%,'+(58-20*t)+'%)';}
    function strips(){S.forEach(function(sc,i){
      var box=document.querySelector('#s'+i+' .strip');if(!box)return;box.textContent='';
      var byIndex={};sc.frames.forEach(function(f,k){byIndex[f.index]=k;});
      for(var n=sc.first;n<=sc.last;n++){var k=byIndex[n],f=k===undefined?null:sc.frames[k],c=el('span');
        c.title='frame '+n+(f?': '+f.status+', '+pct(f).toFixed(3)+' % of pixels, '+state(i,f):': passed');
        if(f){c.style.background=heat(f);c.classList.add(state(i,f));c.dataset.k=k;
          var cur=list[pos];if(cur&&cur.s===i&&cur.k===k)c.classList.add('on');}
        (function(k){c.onclick=function(){if(k===undefined)return;go(list.findIndex(function(x){return x.s===i&&x.k===k;}));};})(k);
        box.appendChild(c);}});}
    function img(s,kind,f,alt){var i=el('img');i.alt=alt||kind;i.src=src(s,kind,f);
      i.onload=function(){size(i);};if(kind==='replaced')i.onerror=function(){i.onerror=null;i.src=src(s,'expected',f);};return i;}
    // At a zoom, one frame pixel is `zoom` device pixels; to fit, the frame fills its pane's width (larger or
    // smaller than its own size) unless that makes it taller than 60 % of the window.
    function size(i){var w=i.naturalWidth||i.width,h=i.naturalHeight||i.height;if(!w)return;
      if(zoom>0){i.style.width=(w*zoom/devicePixelRatio)+'px';return;}
      var box=i.closest('.pane')||i.closest('.viewer'),room=Math.max(40,box.clientWidth-4),f=Math.min(room/w,innerHeight*0.6/h);
      i.style.width=(w*f)+'px';}
    window.addEventListener('resize',function(){if(!zoom)document.querySelectorAll('.frame img').forEach(size);});
    function pane(s,kind,f,has){var p=el('figure','pane');
      p.appendChild(el('figcaption',null,kind==='replaced'?'expected (the golden replaced by the accept)':kind));var fr=el('div','frame');
      if(has)fr.appendChild(img(s,kind,f,kind==='replaced'?'expected':kind));else fr.appendChild(el('div','missing','no '+kind+' image'));p.appendChild(fr);return p;}
    // The change as a picture of its size: each pixel's largest channel difference (alpha included) between golden and
    // actual, from pale amber (slight) to deep red (the whole range), over the golden in faded grey where nothing
    // changed. Computed here from the two images (the report's diff file marks changed pixels in one colour).
    function rgb(h,sat,l){var a=sat*Math.min(l,1-l),f=function(n){var k=(n+h/30)%12;return 255*(l-a*Math.max(-1,Math.min(k-3,9-k,1)));};return [f(0),f(8),f(4)];}
    function magnitude(i,f){var p=el('figure','pane');p.appendChild(el('figcaption',null,'change: amber slight → red large'));var fr=el('div','frame'),c=el('canvas');
      var note=el('p','note');c.className='mag';fr.appendChild(c);p.appendChild(fr);p.appendChild(note);var a=new Image(),b=new Image(),n=0;
      var draw=function(){if(++n<2)return;var w=a.naturalWidth,h=a.naturalHeight;if(!w||w!==b.naturalWidth||h!==b.naturalHeight){fr.textContent='';fr.appendChild(img(i,'diff',f));return;}
        c.width=w;c.height=h;var x=c.getContext('2d');x.drawImage(a,0,0);var A=x.getImageData(0,0,w,h).data;x.clearRect(0,0,w,h);x.drawImage(b,0,0);
        var B=x.getImageData(0,0,w,h).data,O=x.createImageData(w,h),o=O.data,largest=0,count=0;
        for(var k=0;k<A.length;k+=4){var d=Math.max(Math.abs(A[k]-B[k]),Math.abs(A[k+1]-B[k+1]),Math.abs(A[k+2]-B[k+2]),Math.abs(A[k+3]-B[k+3]));
          if(d===0){var g=(0.3*A[k]+0.59*A[k+1]+0.11*A[k+2])*A[k+3]/255+255*(1-A[k+3]/255);g=255-(255-g)*0.2;o[k]=o[k+1]=o[k+2]=g;}
          else{count++;if(d>largest)largest=d;var t=Math.sqrt(d/255),q=rgb(45*(1-t),0.95,0.62-0.3*t);o[k]=q[0];o[k+1]=q[1];o[k+2]=q[2];}o[k+3]=255;}
        x.putImageData(O,0,0);size(c);note.textContent='largest difference '+largest+'/255, on '+count+' px';c.dataset.largest=largest;};
      a.onload=draw;b.onload=draw;a.src=src(i,goldenKind(f),f);b.src=src(i,'actual',f);return p;}
    // Zoomed panes of one frame scroll together.
    function together(row){var frames=row.querySelectorAll('.frame');frames.forEach(function(fr){fr.onscroll=function(){
      frames.forEach(function(o){if(o!==fr){o.scrollLeft=fr.scrollLeft;o.scrollTop=fr.scrollTop;}});};});}
    // The buttons beside a frame: they act on that frame, as a, r and u do on the current one.
    function actions(i,k){var box=el('span','acts');
      [['Accept frame (a)',function(){accept(false);}],['Reject (r)',reject],['Undo (u)',back]].forEach(function(b){
        var btn=el('button',null,b[0]);btn.onclick=function(){var n=list.findIndex(function(x){return x.s===i&&x.k===k;});if(n>=0)pos=n;b[1]();};box.appendChild(btn);});
      return box;}
    // Play: golden and actual side by side, frame after frame at the report's fps, from the first compared frame to the
    // last (a frame that passed shows its golden on both sides: it is the same).
    function play(i,v){var sc=S[i],byIndex={};sc.frames.forEach(function(f){byIndex[f.index]=f;});
      var row=el('div','panes'),g=el('figure','pane'),a=el('figure','pane');g.appendChild(el('figcaption',null,'golden'));a.appendChild(el('figcaption',null,'actual'));
      var gf=el('div','frame'),af=el('div','frame'),gi=el('img'),ai=el('img');gi.alt='golden';ai.alt='actual';gi.onload=function(){size(gi);};ai.onload=function(){size(ai);};
      gf.appendChild(gi);af.appendChild(ai);g.appendChild(gf);a.appendChild(af);row.appendChild(g);row.appendChild(a);together(row);
      var lab=el('p','control');v.appendChild(row);v.appendChild(lab);var n=sc.first;
      var show=function(){var f=byIndex[n],name=f?f.name:'frame_'+String(n).padStart(5,'0')+'.png';var any={name:name};
        gi.src=src(i,f?goldenKind(f):'expected',f||any);ai.src=f&&f.actual?src(i,'actual',f):src(i,'expected',any);
        lab.textContent='frame '+n+' · '+time(sc,n)+' · '+(f?f.status+', '+pct(f).toFixed(3)+' % of pixels':'passed');
        n=n>=sc.last?sc.first:n+1;};
      show();flick=setInterval(show,Math.max(40,1000/sc.fps));}
    function viewer(i){
      var sc=S[i],v=document.querySelector('#s'+i+' .viewer');v.textContent='';
      var cur=list[pos],k=cur&&cur.s===i?cur.k:(sc.selected||0);sc.selected=k;
      var f=sc.frames[k];if(!f){var moved=sc.motion&&sc.motion.failed;
        v.appendChild(el('p','none',(sc.motionOnly?'Frames not compared (--motion-only).':'Every frame passed.')
          +(moved?' The motion changed (below): m accepts it'+(sc.motionAccepted?' (accepted).':'.'):'')));return;}
      var cap=el('div','caption');cap.appendChild(el('b',null,f.name));
      cap.appendChild(el('span',null,'t = '+time(sc,f.index)+' · '+f.status+' · '+f.differingPixels+' px ('+pct(f).toFixed(3)+' %) · failure '+(k+1)+' of '+sc.frames.length));
      var st=state(i,f);cap.appendChild(el('span','state '+st,st));cap.appendChild(actions(i,k));v.appendChild(cap);
      if(mode==='play'){play(i,v);return;}
      var body=el('div');v.appendChild(body);
      var both=f.expected&&f.actual;
      if(f.same.length){var same=el('p','same','The same change (identical golden and actual files) on frame'+(f.same.length>1?'s ':' ')+f.same.join(', ')+'.');
        var pend=[f].concat(sc.frames.filter(function(x){return f.same.indexOf(x.index)>=0;})).filter(function(x){return state(i,x)==='pending';});
        if(pend.length>1){var bb=el('button',null,'Accept these '+pend.length+' frames');bb.onclick=function(){acceptFrames(i,pend);};same.appendChild(bb);}
        v.insertBefore(same,body);}
      if(mode==='side'||!both){var row=el('div','panes');row.appendChild(pane(i,goldenKind(f),f,f.expected));
        row.appendChild(pane(i,'actual',f,f.actual));row.appendChild(both?magnitude(i,f):pane(i,'diff',f,f.diff));body.appendChild(row);together(row);
        if(mode!=='side')v.appendChild(el('p','none','Only side by side: this frame has no '+(f.expected?'actual':'expected')+' image.'));return;}
      var fr=el('div','frame'),stage=el('div','stage'),base=img(i,goldenKind(f),f,'expected'),top=img(i,'actual',f);top.className='top';
      var line=el('div','split');stage.appendChild(base);stage.appendChild(top);stage.appendChild(line);fr.appendChild(stage);body.appendChild(fr);
      var ctl=el('div','control');v.appendChild(ctl);
      if(mode==='flicker'){line.hidden=true;var lab=el('span',null,'');ctl.appendChild(lab);
        var show=function(){top.style.visibility=shown?'visible':'hidden';lab.textContent=shown?'showing actual':'showing expected';};
        show();flick=setInterval(function(){shown=!shown;show();},500);return;}
      var r=el('input');r.type='range';r.min=0;r.max=100;r.value=sc.amount==null?50:sc.amount;r.setAttribute('aria-label',mode==='slider'?'slider position':'opacity of the actual frame');
      var lab2=el('span');ctl.appendChild(r);ctl.appendChild(lab2);
      var apply=function(){sc.amount=+r.value;if(mode==='slider'){top.style.clipPath='inset(0 '+(100-r.value)+'% 0 0)';top.style.opacity=1;
          line.style.left=r.value+'%';line.hidden=false;lab2.textContent='left of the line: actual, right: expected';}
        else{top.style.clipPath='none';top.style.opacity=r.value/100;line.hidden=true;lab2.textContent='actual at '+r.value+' % over expected';}};
      r.oninput=apply;apply();}
    function render(){if(flick){clearInterval(flick);flick=null;}
      document.querySelectorAll('[data-mode]').forEach(function(b){b.setAttribute('aria-pressed',b.dataset.mode===mode);});
      document.getElementById('zoom').textContent=zoom?(zoom*100)+' %':'to fit';
      document.querySelectorAll('section.current').forEach(function(e){e.classList.remove('current');});
      var cur=list[pos];if(cur)document.getElementById('s'+cur.s).classList.add('current');
      S.forEach(function(sc,i){viewer(i);var c=document.querySelector('#s'+i+' .count');if(!c.dataset.text)c.dataset.text=c.textContent;
        var acc=sc.frames.filter(function(f){return f.accepted;}).length,rej=sc.frames.filter(function(f){return state(i,f)==='rejected';}).length;
        c.textContent=c.dataset.text+(acc?' · '+acc+' accepted':'')+(rej?' · '+rej+' rejected':'')+(sc.motionAccepted&&sc.motion&&sc.motion.failed?' · motion accepted':'');
        var b=document.querySelector('#s'+i+' .acceptMotion');if(b){b.disabled=sc.motionAccepted;
          document.querySelector('#s'+i+' .mstate').textContent=sc.motionAccepted?'accepted: the golden motion.json is the actual track of the report (u undoes)':'pending';}});strips();
      document.body.dataset.position=cur?cur.s+':'+(cur.k<0?'motion':S[cur.s].frames[cur.k].index):'';complete();}
    // Review complete: no failing frame and no failed motion left pending, each accepted or rejected.
    function complete(){var acc=0,rej=0,pend=0;S.forEach(function(sc,i){sc.frames.forEach(function(f){var t=state(i,f);
        if(t==='accepted')acc++;else if(t==='rejected')rej++;else pend++;});
        if(sc.motion&&sc.motion.failed){if(sc.motionAccepted)acc++;else pend++;}});
      var c=document.getElementById('complete');
      if(!list.length||pend>0){c.hidden=true;document.body.dataset.complete='0';return;}
      c.hidden=false;c.textContent='Review complete: '+acc+' accepted, '+rej+' rejected, nothing pending.'+(rej?' Rejected frames still fail: fix the scene or the code, then run render test again.':' The next render test passes.');
      document.body.dataset.complete='1';}
    function go(n){if(!list.length)return;pos=Math.max(0,Math.min(list.length-1,n));render();
      var cur=list[pos];document.getElementById('s'+cur.s).scrollIntoView({block:'nearest'});}
    function nextPending(){for(var n=pos+1;n<list.length;n++){var c=list[n];if(state(c.s,S[c.s].frames[c.k])==='pending')return n;}return pos;}
    function post(path){return fetch(path,{method:'POST',headers:{'X-Render-Token':D.token}}).then(function(r){
      return r.json().catch(function(){return {ok:false,error:'HTTP '+r.status};});});}
    function accept(all){var cur=list[pos];if(!cur||busy)return;var sc=S[cur.s],f=sc.frames[cur.k];
      if(!f&&!all){say('No frame here: m accepts the motion (A: the whole scene).',false);return;}busy=true;
      post('r/'+cur.s+'/accept'+(all?'':'?frame='+f.index)).then(function(a){busy=false;
        if(!a.ok){say(a.error,false);return;}
        var done=all?sc.frames.filter(function(x){return !rejected[key(cur.s,x)];}):[f];var was=done.map(function(x){return {f:x,rej:!!rejected[key(cur.s,x)]};});
        done.forEach(function(x){x.accepted=true;delete rejected[key(cur.s,x)];});
        if(all&&sc.motion&&sc.motion.failed)sc.motionAccepted=true;
        undo.push({kind:all?'scene':'frame',s:cur.s,f:f,was:was});version[cur.s]=(version[cur.s]||0)+1;
        say((all?'Accepted '+sc.scene+': ':'Accepted '+f.name+': ')+brief(a.lines),true);document.body.dataset.accepted=(+document.body.dataset.accepted||0)+1;
        go(nextPending());},function(e){busy=false;say('the review server did not answer: '+e,false);});}
    // Frames of scene s accepted one after the other, each as a accepts it (u undoes them one by one).
    function acceptFrames(s,frames){if(busy||!frames.length)return;busy=true;var sc=S[s],lines=[];
      var next=function(n){if(n>=frames.length){busy=false;version[s]=(version[s]||0)+1;say('Accepted '+frames.length+' frames: '+brief(lines),true);
          document.body.dataset.accepted=(+document.body.dataset.accepted||0)+1;go(nextPending());return;}
        var f=frames[n];post('r/'+s+'/accept?frame='+f.index).then(function(a){if(!a.ok){busy=false;say(a.error,false);render();return;}
          lines=lines.concat(a.lines);var was=[{f:f,rej:!!rejected[key(s,f)]}];f.accepted=true;delete rejected[key(s,f)];
          undo.push({kind:'frame',s:s,f:f,was:was});next(n+1);},fail);};
      next(0);}
    // The motion track alone of scene s, through the same acceptance (POST r/s/accept?motion=1).
    function acceptMotion(s){if(busy||s==null)return;var sc=S[s];
      if(!sc.motion||!sc.motion.failed){say('The motion of '+sc.scene+' did not fail: nothing to accept.',false);return;}
      if(sc.motionAccepted){say('The motion of '+sc.scene+' is accepted already (u undoes).',false);return;}busy=true;
      post('r/'+s+'/accept?motion=1').then(function(a){busy=false;if(!a.ok){say(a.error,false);return;}
        sc.motionAccepted=true;undo.push({kind:'motion',s:s});
        say('Accepted the motion of '+sc.scene+': '+brief(a.lines),true);document.body.dataset.accepted=(+document.body.dataset.accepted||0)+1;done();
        render();},fail);}
    function fail(e){busy=false;say('the review server did not answer: '+e,false);}
    // A rejection writes no golden: the server keeps it in the report's review-state.json, so a reload shows it.
    // r on a rejected frame takes the rejection back.
    function reject(){var cur=list[pos];if(!cur||busy)return;var f=S[cur.s].frames[cur.k];
      if(!f){say('No frame here to reject: the golden motion stays unless you accept it (m).',false);return;}if(f.accepted){say(f.name+' is accepted: undo first (u)',false);return;}
      mark(cur.s,f,!rejected[key(cur.s,f)],true);}
    function mark(s,f,on,fresh){busy=true;post('r/'+s+'/'+(on?'reject':'unreject')+'?frame='+f.index).then(function(a){busy=false;
        if(!a.ok){if(!fresh)undo.push({kind:on?'unreject':'reject',s:s,f:f});say(a.error,false);return;}
        if(on)rejected[key(s,f)]=true;else delete rejected[key(s,f)];
        if(fresh)undo.push({kind:on?'reject':'unreject',s:s,f:f});done();
        if(on&&fresh){say('Rejected '+f.name+' (no golden written; the report keeps the mark)',true);go(nextPending());}
        else{say((fresh?'':'Undone: ')+f.name+(on?' is rejected again':' is pending again'),true);render();}},fail);}
    function done(){document.body.dataset.changes=(+document.body.dataset.changes||0)+1;}
    function back(){if(busy)return;var u=undo.pop();if(!u){say('nothing to undo',false);return;}
      if(u.kind==='reject'||u.kind==='unreject'){mark(u.s,u.f,u.kind==='unreject',false);return;}
      var path='undo'+(u.kind==='frame'?'?frame='+u.f.index:u.kind==='motion'?'?motion=1':'');
      busy=true;post('r/'+u.s+'/'+path).then(function(a){busy=false;
        if(!a.ok){undo.push(u);say(a.error,false);return;}
        // Undoing A puts back every golden of the scene, its motion track included.
        if(u.kind!=='motion')u.was.forEach(function(w){w.f.accepted=false;if(w.rej)rejected[key(u.s,w.f)]=true;});
        if(u.kind!=='frame')S[u.s].motionAccepted=false;version[u.s]=(version[u.s]||0)+1;done();
        say('Undone: '+brief(a.lines),true);render();},function(e){undo.push(u);fail(e);});}
    function setZoom(z){zoom=z;render();}
    var steps=[0.25,0.5,1,2,4,8,16];
    function zoomBy(d){var cur=zoom||1,n=steps.indexOf(cur);if(n<0)n=2;setZoom(steps[Math.max(0,Math.min(steps.length-1,n+d))]);}
    document.querySelectorAll('[data-mode]').forEach(function(b){b.onclick=function(){mode=b.dataset.mode;render();};});
    document.getElementById('zoomIn').onclick=function(){zoomBy(1);};document.getElementById('zoomOut').onclick=function(){zoomBy(-1);};
    document.getElementById('zoomFit').onclick=function(){setZoom(0);};
    document.querySelectorAll('.acceptMotion').forEach(function(b){b.onclick=function(){acceptMotion(+b.dataset.s);};});
    document.querySelectorAll('.acceptScene').forEach(function(b){b.onclick=function(){var s=+b.dataset.s,n=list.findIndex(function(x){return x.s===s;});
      if(n>=0)pos=n;accept(true);};});
    document.addEventListener('keydown',function(e){if(e.ctrlKey||e.metaKey||e.altKey)return;
      var t=e.target;if(t&&t.tagName==='INPUT'&&(e.key==='ArrowLeft'||e.key==='ArrowRight'))return;
      var k=e.key,done=true;
      if(k==='j'||k==='ArrowDown'||k==='ArrowRight')go(pos+1);else if(k==='k'||k==='ArrowUp'||k==='ArrowLeft')go(pos-1);
      else if(k==='Home')go(0);else if(k==='End')go(list.length-1);
      else if(k==='a')accept(false);else if(k==='A')accept(true);else if(k==='m')acceptMotion(list[pos]&&list[pos].s);else if(k==='r')reject();else if(k==='u')back();
      else if(k>='1'&&k<='5'){mode=['side','slider','onion','flicker','play'][k-1];render();}
      else if(k==='+'||k==='=')zoomBy(1);else if(k==='-')zoomBy(-1);else if(k==='0')setZoom(0);else done=false;
      if(done)e.preventDefault();});
    if(!list.length)say('Nothing failed in these reports.',true);
    render();document.body.dataset.ready='1';
    })();
    """
}
