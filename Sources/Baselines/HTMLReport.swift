import Foundation
import ScenarioFormat
import Syntax

/// A run as one self-contained HTML page (`--report-html`; docs/BASELINES.md §HTML report): every
/// failing or missing variant with its expected, actual and diff images (embedded as data URLs,
/// read from the artifacts folder), a slider and toggles to compare them, boxes around the changed
/// regions and the layout differences as a table; scenarios with errors with their messages;
/// passing variants listed in a collapsed section. No network, no external files (a content
/// security policy forbids any: a load the page tried would be blocked and logged); the page
/// works without scripts (the three images side by side) and the script only adds the
/// comparison tools.
public struct HTMLReport {
    let report: RunReport
    let artifactsFolder: URL

    public init(_ report: RunReport, artifactsFolder: URL) {
        self.report = report
        self.artifactsFolder = artifactsFolder
    }

    /// The page.
    public var text: String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <title>\(escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header><h1>\(escape(title))</h1><p class="summary">\(escape(summary))</p></header>

            """
        let invalid = report.scenarios.filter { !$0.diagnostics.isEmpty }
        if !invalid.isEmpty {
            html += "<section class=\"invalid\"><h2>Scenario files with errors (\(invalid.count))</h2>\n"
            for scenario in invalid {
                html +=
                    "<article class=\"scenario-errors\" id=\"\(escape(anchor(scenario.name, nil)))\"><h3>\(escape(scenario.file))</h3><pre>"
                html += escape(scenario.diagnostics.map(\.description).joined(separator: "\n")) + "</pre></article>\n"
            }
            html += "</section>\n"
        }
        let failing = report.variants.filter(\.status.isFailure)
        if !failing.isEmpty {
            html += "<section class=\"failures\"><h2>Failing variants (\(failing.count))</h2>\n<nav><ul>"
            for variant in failing {
                html +=
                    "<li><a href=\"#\(escape(anchor(variant.scenario, variant.variant)))\">\(escape(variant.scenario)) "
                    + "<b>\(escape(variant.variant))</b></a> — \(variant.status == .missing ? "no baseline" : "differs")</li>"
            }
            html += "</ul></nav>\n"
            var embedded = 0
            for variant in failing { html += failure(variant, embedded: &embedded) }
            html += "</section>\n"
        }
        let passing = report.variants.filter { !$0.status.isFailure }
        if !passing.isEmpty {
            html +=
                "<section class=\"passing\"><details><summary>\(passing.count) \(report.mode == .check ? "passing" : "recorded or unchanged") "
                + "variant\(passing.count == 1 ? "" : "s")</summary><ul>"
            for variant in passing {
                html +=
                    "<li>\(escape(variant.scenario)) <b>\(escape(variant.variant))</b> <span class=\"status\">\(variant.status.rawValue)</span></li>"
            }
            html += "</ul></details></section>\n"
        }
        if !report.stale.isEmpty {
            html +=
                "<section class=\"notes\"><h2>Baselines no variant produces (\(report.stale.count))</h2><ul>"
                + report.stale.map { "<li>\(escape($0))</li>" }.joined() + "</ul></section>\n"
        }
        html += "<footer>\(escape(Provenance.versionLine))</footer>\n"
        html += "<script>\(Self.script)</script>\n</body>\n</html>\n"
        return html
    }

    private var title: String { "ivsim \(report.mode.rawValue)" }

    private var summary: String {
        report.lines.last ?? ""
    }

    /// Bytes of images one page embeds: 64 MiB. Past it, a failure shows where its images are
    /// instead (a page of 56 full-canvas failures was a gigabyte).
    static let maxEmbeddedBytes = 64 << 20

    /// One failing variant: message, images, regions, layout table. `embedded` counts the bytes of
    /// images the page holds so far.
    private func failure(_ variant: VariantOutcome, embedded: inout Int) -> String {
        let folder = artifactsFolder.appendingPathComponent(variant.scenario)
        var budgetLeft = true
        func image(_ suffix: String) -> String? {
            let url = folder.appendingPathComponent(variant.variant + suffix)
            guard budgetLeft, case let .success(bytes) = BoundedFile.read(url, limit: Self.maxEmbeddedBytes - embedded)
            else {
                budgetLeft = false
                return nil
            }
            embedded += bytes.count
            return "data:image/png;base64," + Data(bytes).base64EncodedString()
        }
        let expected = image(".expected.png"), actual = image(".actual.png"), diff = image(".diff.png")
        var html =
            "<article class=\"variant \(variant.status.rawValue)\" id=\"\(escape(anchor(variant.scenario, variant.variant)))\">\n"
        html +=
            "<h3>\(escape(variant.scenario)) <b>\(escape(variant.variant))</b> <span class=\"status\">"
            + "\(variant.status == .missing ? "missing baseline" : "failed")</span></h3>\n"
        html += "<p class=\"file\">\(escape(variant.file))</p>\n<p class=\"message\">\(escape(variant.detail))</p>\n"
        if variant.olderBaseline {
            html += "<p class=\"older\">The baseline was made by an older rendering version.</p>\n"
        }
        let pictures = [("expected", expected), ("actual", actual), ("diff", diff)].compactMap { name, url in
            url.map { (name, $0) }
        }
        if pictures.isEmpty {
            html +=
                budgetLeft
                ? "<p class=\"noimages\">No images: the artifacts were not written (see the message).</p>\n"
                : "<p class=\"noimages\">Images not embedded: the page already holds \(Self.maxEmbeddedBytes >> 20) MiB of them; see the "
                    + "artifacts below.</p>\n"
        } else {
            // The compare widget: the images stacked in one frame; boxes mark the changed regions.
            let size = imageSize(variant)
            html +=
                "<div class=\"compare\" data-width=\"\(size.map { String($0.0) } ?? "")\" data-height=\"\(size.map { String($0.1) } ?? "")\">\n"
            html += "<div class=\"tools\" hidden>"
            for (name, _) in pictures { html += "<button type=\"button\" data-show=\"\(name)\">\(name)</button>" }
            if expected != nil && actual != nil {
                html +=
                    "<button type=\"button\" data-show=\"slider\">slider</button>"
                    + "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"expected | actual\" hidden>"
            }
            html += "<label><input type=\"checkbox\" class=\"boxes\" checked> changed regions</label></div>\n"
            // Small images are shown enlarged by a whole factor (pixels stay square and sharp).
            let zoom = size.map { max(1, min(16, 320 / max($0.0, 1))) } ?? 1
            let width = size.map { " width=\"\($0.0 * zoom)\" height=\"\($0.1 * zoom)\"" } ?? ""
            html +=
                "<p class=\"slider-caption\">left of the line: expected · right of it: actual"
                + (zoom > 1 ? " · shown at \(zoom)×" : "") + "</p>\n"
            html += "<div class=\"frames\">\n"
            for (name, url) in pictures {
                html +=
                    "<figure class=\"picture\" data-name=\"\(name)\"><figcaption>\(name)\(zoom > 1 ? " (\(zoom)×)" : "")</figcaption>"
                    + "<div class=\"stage\"><img src=\"\(url)\"\(width) alt=\"\(name) image of \(escape(variant.scenario)) \(escape(variant.variant))\">"
                html += regions(variant, size: size) + "</div></figure>\n"
            }
            html += "</div>\n</div>\n"
        }
        if !variant.layoutDifferences.isEmpty {
            html +=
                "<table class=\"layout\"><caption>Layout differences (\(variant.layoutDifferences.count)"
                + "\(variant.layoutDifferences.count >= 100 ? ", the first 100" : ""))</caption>"
                + "<thead><tr><th>where</th><th>expected</th><th>actual</th></tr></thead><tbody>"
            for difference in variant.layoutDifferences {
                html +=
                    "<tr><td><code>\(escape(difference.path))</code></td><td>\(escape(difference.expected))</td>"
                    + "<td>\(escape(difference.actual))</td></tr>"
            }
            html += "</tbody></table>\n"
        }
        if let artifacts = variant.artifacts {
            html += "<p class=\"artifacts\">Artifacts: <code>\(escape(artifacts))</code></p>\n"
        }
        return html + "</article>\n"
    }

    /// The pixel size of the variant's actual image, from its PNG header.
    private func imageSize(_ variant: VariantOutcome) -> (Int, Int)? {
        let url = artifactsFolder.appendingPathComponent(variant.scenario).appendingPathComponent(
            variant.variant + ".actual.png")
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 24), data.count == 24 else { return nil }
        let bytes = [UInt8](data)
        func be32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    /// Boxes over an image, in percentages of its size so that they follow its scaling.
    private func regions(_ variant: VariantOutcome, size: (Int, Int)?) -> String {
        guard let size, size.0 > 0, size.1 > 0 else { return "" }
        func percent(_ value: Int, _ total: Int) -> String {
            String(format: "%.4f%%", Double(value) * 100 / Double(total))
        }
        return variant.changedRegions.map { box in
            "<span class=\"region\" style=\"left:\(percent(box.x, size.0));top:\(percent(box.y, size.1));"
                + "width:\(percent(box.width, size.0));height:\(percent(box.height, size.1))\" "
                + "title=\"changed: \(box.width)×\(box.height) px at (\(box.x), \(box.y))\"></span>"
        }.joined()
    }

    private func anchor(_ scenario: String, _ variant: String?) -> String {
        scenario + (variant.map { ":" + $0 } ?? "")
    }

    private func escape(_ text: String) -> String { Markup.escape(text) }

    static let style = """
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:0 24px 40px;color:#1d1d1f;background:#fafafa}
        header{position:sticky;top:0;background:#fafafa;border-bottom:1px solid #ddd;padding:8px 0;z-index:2}
        h1{font-size:20px;margin:0}h2{font-size:17px;margin:24px 0 8px}h3{font-size:15px;margin:0 0 4px}
        .summary{margin:4px 0 0;font-weight:600}
        article{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:12px 0}
        article.failed{border-left:4px solid #d70015}article.missing{border-left:4px solid #b25000}
        .scenario-errors{border-left:4px solid #d70015}
        .status{font-size:12px;font-weight:600;text-transform:uppercase;color:#6e6e73;margin-left:6px}
        .file,.artifacts{color:#6e6e73;margin:0}.message{margin:6px 0;word-break:break-word}.older{color:#b25000;font-weight:600}
        pre{white-space:pre-wrap;margin:0}
        .frames{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start}
        figure{margin:0}figcaption{font-size:12px;color:#6e6e73}
        .stage{position:relative;display:inline-block;line-height:0;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;border:1px solid #ccc}
        .stage img{display:block;max-width:min(100%,960px);height:auto;image-rendering:pixelated}
        .slider-caption{display:none;font-size:12px;color:#6e6e73;margin:0 0 4px}.compare.js.slider .slider-caption{display:block}
        .compare.js.slider figcaption{display:none}
        .region{position:absolute;outline:2px solid #ff2d55;outline-offset:1px;pointer-events:none}
        .compare.no-boxes .region{display:none}
        .compare.js .frames{display:block;position:relative}
        .compare.js figure{display:none}.compare.js figure.shown{display:block}
        .compare.js.slider figure[data-name=expected]{display:block}
        .compare.js.slider figure[data-name=actual]{display:block;position:absolute;left:0;top:0}
        .tools{margin:6px 0;display:flex;gap:6px;align-items:center;flex-wrap:wrap}
        .tools button{font:inherit;padding:2px 10px;border:1px solid #bbb;border-radius:6px;background:#fff;cursor:pointer}
        .tools button.on{background:#1d1d1f;color:#fff;border-color:#1d1d1f}
        table.layout{border-collapse:collapse;margin-top:10px;font-size:13px}
        table.layout caption{text-align:left;font-weight:600;padding-bottom:4px}
        table.layout th,table.layout td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
        nav ul{margin:0;padding-left:18px}details summary{cursor:pointer;font-weight:600}
        footer{margin-top:32px;color:#6e6e73;font-size:12px}
        """

    /// Turns each compare widget into toggles and a slider. Errors are recorded on the page
    /// (`data-errors`), and `data-ready` is set when every widget is set up: what the browser
    /// check in .ci/run reads.
    static let script = """
        (function(){
        "use strict";
        var errors=[];
        window.addEventListener("error",function(e){errors.push(String(e.message));document.documentElement.setAttribute("data-errors",errors.join(" | "));});
        function setUp(widget){
          var tools=widget.querySelector(".tools"),figures=widget.querySelectorAll("figure"),range=widget.querySelector("input[type=range]");
          var buttons=tools.querySelectorAll("button");
          function show(name){
            widget.classList.toggle("slider",name==="slider");
            if(range){range.hidden=name!=="slider";}
            figures.forEach(function(f){f.classList.toggle("shown",f.getAttribute("data-name")===name);});
            buttons.forEach(function(b){b.classList.toggle("on",b.getAttribute("data-show")===name);});
            clip();
          }
          function clip(){
            var actual=widget.querySelector("figure[data-name=actual]");
            if(!actual){return;}
            actual.style.clipPath=widget.classList.contains("slider")&&range?"inset(0 0 0 "+range.value+"%)":"";
          }
          buttons.forEach(function(b){b.addEventListener("click",function(){show(b.getAttribute("data-show"));});});
          if(range){range.addEventListener("input",clip);}
          var boxes=tools.querySelector("input.boxes");
          boxes.addEventListener("change",function(){widget.classList.toggle("no-boxes",!boxes.checked);});
          tools.hidden=false;
          widget.classList.add("js");
          show(range?"slider":buttons[0].getAttribute("data-show"));
        }
        document.querySelectorAll(".compare").forEach(setUp);
        document.documentElement.setAttribute("data-ready",String(document.querySelectorAll(".compare.js").length));
        })();
        """
}
