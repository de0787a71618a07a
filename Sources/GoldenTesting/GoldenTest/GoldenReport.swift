import Formats
import Foundation
import Frames
import ImageIO
import RenderKit

/// The HTML report of a comparison: one self-contained page (images embedded as data URIs, no scripts or styles
/// from elsewhere) with a summary table and, for every failing frame, the expected, actual and diff images and a
/// slider / blink comparison of expected against actual.
public enum GoldenReport {
    /// Writes `index.html` into `folder` (created if needed) and returns its path. The table lists the failing
    /// frames, then, with `verbose`, the passing ones; without it passes are only counted.
    @discardableResult
    public static func write(_ run: GoldenRun, title: String, to folder: String, verbose: Bool = false) throws -> String {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/index.html"
        try writeFileAtomically(Array(html(run, title: title, verbose: verbose).utf8), to: path)
        return path
    }

    public static func html(_ run: GoldenRun, title: String, verbose: Bool = false) -> String {
        let failures = run.failures
        var s = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>\(esc(title))</title>
        <style>
        body{font:14px/1.4 system-ui,sans-serif;margin:24px;background:#f6f6f8;color:#1c1c1e}
        h1{font-size:20px} table{border-collapse:collapse;background:#fff}
        td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left} td.n{text-align:right;font-variant-numeric:tabular-nums}
        .same{color:#1a7f37} .fail{color:#c62828;font-weight:600} .note{color:#8a6d00}
        section{background:#fff;margin:24px 0;padding:16px;border-radius:8px}
        .row{display:flex;gap:16px;flex-wrap:wrap;align-items:flex-start} figure{margin:0} figcaption{color:#666}
        .row img,.cmp img{max-width:480px;image-rendering:pixelated;border:1px solid #ccc;background:repeating-conic-gradient(#ddd 0 25%,#fff 0 50%) 0 0/16px 16px}
        .cmp{position:relative;display:inline-block;margin-top:12px} .cmp .top{position:absolute;left:0;top:0;overflow:hidden;height:100%}
        .cmp .top img{max-width:none} input[type=range]{width:480px;display:block}
        </style></head><body>
        <h1>\(esc(title))</h1>

        """
        guard !(run.results.isEmpty && run.motion != nil) else {
            // `--motion-only`: no frame was drawn, so there is no pixel verdict to show.
            s += "<p class=\"note\">Pixels not compared (--motion-only).</p>\n"
            if let m = run.motion { s += motionSection(m) }
            if let e = run.expectations { s += expectationSection(e) }
            return s + "</body></html>\n"
        }
        s += """
        <p class="\(run.passed ? "same" : "fail")">\(run.passed ? "Passed" : "Failed"): \(run.results.count) frames, \
        \(failures.count) failing (\(run.count(.different)) different, \(run.count(.sizeMismatch)) size mismatch, \
        \(run.count(.missing)) missing, \(run.count(.extra)) extra\(run.count(.recorded) > 0 ? ", \(run.count(.recorded)) recorded" : "")). \
        Threshold \(run.options.threshold), antialiasing \(run.options.includeAA ? "counted" : "ignored"), \
        allowance \(run.options.maxDiffPixels) pixels or \(run.options.maxDiffRatio * 100) %.</p>
        \(run.environment.map { "<p class=\"note\" id=\"environment\">\(esc($0))</p>\n" } ?? "")\
        \(listed(run, verbose: verbose))
        <table><thead><tr><th>frame</th><th>status</th><th>counted px</th><th>AA px</th><th>ratio</th></tr></thead><tbody>

        """
        for r in failures + (verbose ? run.results.filter { !$0.failed } : []) {
            let cls = r.failed ? "fail" : (r.status == .same ? "same" : "note")
            let name = r.failed ? "<a href=\"#\(esc(anchor(r.name)))\">\(esc(r.name))</a>" : esc(r.name)
            s += "<tr><td>\(name)</td><td class=\"\(cls)\">\(esc(r.sameDisplayList ? "same display list" : r.status.rawValue))</td>"
            s += "<td class=\"n\">\(r.differingPixels)</td><td class=\"n\">\(r.antialiasedPixels)</td>"
            s += "<td class=\"n\">\(esc(percent(r.ratio)))</td></tr>\n"
        }
        s += "</tbody></table>\n"
        if let m = run.motion { s += motionSection(m) }
        if let e = run.expectations { s += expectationSection(e) }
        for r in failures {
            s += "<section id=\"\(esc(anchor(r.name)))\"><h2>\(esc(r.name))</h2><p class=\"fail\">\(esc(r.message))</p>\n"
            let expected = r.expectedPath.flatMap(dataURI), actual = r.actualPath.flatMap(dataURI)
            let diff = r.diffPath.flatMap(dataURI)
            s += "<div class=\"row\">"
            for (label, uri) in [("expected", expected), ("actual", actual), ("diff", diff)] {
                guard let uri else { continue }
                s += "<figure><img class=\"\(label)\" alt=\"\(label)\" src=\"\(uri)\"><figcaption>\(label)</figcaption></figure>"
            }
            s += "</div>\n"
            if let expected, let actual, r.status == .different {
                // Slider: the actual frame over the expected one, clipped at the slider; blink swaps them twice a second.
                s += """
                <div class="cmp"><img alt="expected" src="\(expected)"><div class="top"><img alt="actual" src="\(actual)"></div></div>
                <input type="range" min="0" max="100" value="50" oninput="slide(this)"> \
                <button onclick="blink(this)">blink</button> <span>left of the line: actual, right: expected</span>

                """
            }
            s += "</section>\n"
        }
        s += """
        <script>
        function fit(c){var base=c.querySelector('img');var top=c.querySelector('.top img');top.style.width=base.clientWidth+'px';}
        function slide(r){var c=r.previousElementSibling;fit(c);c.querySelector('.top').style.width=r.value+'%';}
        function blink(b){var c=b.previousElementSibling.previousElementSibling;fit(c);var t=c.querySelector('.top');
          if(b.timer){clearInterval(b.timer);b.timer=null;b.textContent='blink';t.style.width='50%';return;}
          var on=false;b.textContent='stop';b.timer=setInterval(function(){on=!on;t.style.width=on?'100%':'0%';},500);}
        document.querySelectorAll('.cmp').forEach(function(c){var i=c.querySelector('img');
          if(i.complete)fit(c);else i.onload=function(){fit(c);};c.querySelector('.top').style.width='50%';});
        </script>
        </body></html>

        """
        return s
    }

    /// The line over the table: which frames it lists.
    static func listed(_ run: GoldenRun, verbose: Bool) -> String {
        let passing = run.results.count - run.failures.count
        let what = verbose ? "failing frames first, then the \(passing) passing" : "failing frames only; \(passing) passing (--verbose lists them)"
        return "<p id=\"listed\">\(esc(what))</p>"
    }

    /// The motion verdict: its line, then each difference in words with its curve, golden (grey) against actual (red).
    static func motionSection(_ m: MotionResult) -> String {
        var s = "<section id=\"motion\"><h2>Motion</h2><p class=\"\(m.failed ? "fail" : "same")\">\(esc(m.message))</p>\n"
        if !m.findings.isEmpty { s += "<p>grey: golden, red: actual</p>\n" }
        for f in m.findings {
            s += "<h3>\(esc(f.name))</h3><p>\(esc(f.words))</p>"
            if !f.goldenValues.isEmpty || !f.actualValues.isEmpty { s += MotionPlot.svg(f, fps: m.fps) }
            s += "\n"
        }
        return s + "</section>\n"
    }

    /// The file as a `data:image/png;base64,…` URI, nil when it cannot be read.
    /// The expectations: each one's located line, failures first, as the terminal prints them.
    static func expectationSection(_ results: [ExpectationResult]) -> String {
        let failing = results.filter { !$0.passed }
        var s = "<section id=\"expectations\"><h2>Expectations</h2><p class=\"\(failing.isEmpty ? "same" : "fail")\">"
            + "\(results.count) expectations, \(failing.count) failing</p>\n<ul>\n"
        for r in failing + results.filter(\.passed) {
            s += "<li class=\"\(r.passed ? "same" : "fail")\">\(esc(r.description))</li>\n"
        }
        return s + "</ul></section>\n"
    }

    static func dataURI(_ path: String) -> String? {
        guard let bytes = try? readFileBytes(at: path) else { return nil }
        return "data:image/png;base64," + Data(bytes).base64EncodedString()
    }

    static func anchor(_ name: String) -> String {
        "f-" + String(name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
    }

    /// Text escaped for HTML content and attribute values.
    static func esc(_ s: String) -> String { TextEscaping.html(s) }
}
