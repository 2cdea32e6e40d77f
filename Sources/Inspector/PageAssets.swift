import Crypto
import Foundation

/// The page's one stylesheet and one script, inline, and the Content-Security-Policy that allows
/// exactly these two (by their SHA-256) and nothing else: no network, no other script or style, even
/// if capture text were ever to slip through escaping.
enum PageAssets {
    /// The `content` of the page's Content-Security-Policy meta element.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src '\(hash(style))'; script-src '\(hash(script))'; img-src 'none'; "
        + "font-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'"

    /// `sha256-<base64>` of `text`'s UTF-8, as CSP hash sources are written.
    static func hash(_ text: String) -> String {
        "sha256-" + Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString()
    }

    static let style = """

        :root{--ink:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;--accent:#0969da;--ok:#1a7f37;--okbg:#dafbe1;\
        --bad:#cf222e;--badbg:#ffebe9;--warn:#9a6700;--warnbg:#fff8c5}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fff}
        a{color:var(--accent)}
        code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:13px}
        header.page{padding:14px 20px;border-bottom:1px solid var(--line);background:var(--panel)}
        header.page h1{margin:0;font-size:20px}
        header.page p{margin:4px 0 0;color:var(--muted)}
        nav.toc{margin-top:8px;display:flex;flex-wrap:wrap;gap:6px 14px;font-size:14px}
        main{padding:4px 20px 40px;max-width:1560px;margin:0 auto}
        h2{font-size:18px;margin:22px 0 6px;overflow-wrap:anywhere}
        h3{font-size:16px;margin:0 0 8px;display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
        h4{font-size:15px;margin:0 0 6px;overflow-wrap:anywhere}
        h5{font-size:13px;margin:8px 0 4px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
        .muted{color:var(--muted)}
        .badge{font-size:12px;font-weight:600;border-radius:10px;padding:1px 8px;background:var(--panel);border:1px solid var(--line)}
        .badge.pass{background:var(--okbg);color:var(--ok);border-color:#aceebb}
        .badge.fail{background:var(--badbg);color:var(--bad);border-color:#ffcecb}
        .banner{margin:12px 0;padding:10px 14px;border:2px solid var(--bad);border-radius:8px;background:var(--badbg)}
        .banner ul{margin:6px 0 0;padding-left:20px;font-size:13px}
        .problems{margin:8px 0;padding:8px 12px;border-radius:8px;background:var(--warnbg)}
        .flow{border:1px solid var(--line);border-radius:10px;margin:14px 0;padding:12px}
        .flow-body{display:grid;grid-template-columns:minmax(0,560px) minmax(0,1fr);gap:18px;align-items:start}
        @media (max-width:980px){.flow-body{grid-template-columns:minmax(0,1fr)}}
        .hint{font-size:13px;color:var(--muted);margin:2px 0 6px}
        svg.sequence{display:block;width:100%;max-width:560px;height:auto;font-family:inherit}
        svg .lifeline{stroke:#8c959f;stroke-width:1.2;stroke-dasharray:4 4}
        svg .actor{fill:#ddf4ff;stroke:#54aeff}
        svg .actor-name{font-size:12px;font-weight:600;text-anchor:middle;fill:var(--ink)}
        svg .band rect{fill:var(--okbg);stroke:#aceebb}
        svg .band.fail rect{fill:var(--badbg);stroke:#ffcecb}
        svg .band-text{font-size:12px;font-weight:600;fill:var(--ok)}
        svg .band.fail .band-text{fill:var(--bad)}
        svg .exchange .hit{fill:transparent}
        svg .exchange:hover .hit,svg .exchange:focus .hit{fill:#f6f8fa}
        svg .exchange.selected .hit{fill:#ddf4ff;stroke:#54aeff}
        svg .exchange.lit .hit{fill:#fff8c5;stroke:#d4a72c}
        svg .exchange.mutated .hit{stroke:#bf8700;stroke-width:2;stroke-dasharray:5 3}
        svg .req,svg .resp{stroke:var(--ink);stroke-width:1.5}
        svg .resp{stroke-dasharray:6 4}
        svg .head{fill:var(--ink)}
        svg .req-label{font-size:12.5px;text-anchor:middle;fill:var(--ink);font-weight:600}
        svg .resp-label{font-size:12px;text-anchor:middle;fill:var(--ink)}
        svg .s4xx .resp-label{fill:#bc4c00}
        svg .s5xx .resp-label,svg .s0 .resp-label{fill:var(--bad)}
        svg .s2xx .resp-label{fill:var(--ok)}
        svg .num{font-size:11px;text-anchor:end;fill:var(--muted)}
        .steps{display:flex;flex-direction:column;gap:10px}
        .step{border:1px solid var(--line);border-left:5px solid var(--ok);border-radius:8px;padding:8px 10px}
        .step.fail{border-left-color:var(--bad)}
        .step-head{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;font-weight:600}
        .step-head .eps{font-weight:400;font-size:13px;color:var(--muted);overflow-wrap:anywhere}
        .verdict{font-size:13px;font-weight:600}
        .step .verdict{color:var(--ok)}
        .step.fail .verdict{color:var(--bad)}
        table{border-collapse:collapse;width:100%}
        table.cmp{margin-top:6px;font-size:13px;table-layout:fixed}
        table.cmp th,table.cmp td{padding:3px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere;border-bottom:1px solid #fff}
        table.cmp thead th{color:var(--muted);font-weight:600}
        table.cmp th[scope=row]{width:22%;font-weight:600}
        table.cmp tr.eq td{background:var(--okbg)}
        table.cmp tr.ne td{background:var(--badbg);color:var(--bad);font-weight:600}
        ul.diag{margin:6px 0 0;padding-left:18px;font-size:13px;color:var(--bad);overflow-wrap:anywhere}
        .detail{display:none;margin-top:12px;border:2px solid #54aeff;border-radius:10px;padding:10px 12px;background:#fff}
        .detail:target,.detail.open{display:block}
        .detail .url,.detail .comment{font-size:13px;overflow-wrap:anywhere;margin:0 0 6px}
        .detail .comment{background:var(--warnbg);padding:4px 8px;border-radius:6px}
        .rr{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:14px}
        @media (max-width:980px){.rr{grid-template-columns:minmax(0,1fr)}}
        table.headers{font-size:12.5px}
        table.headers th,table.headers td{padding:2px 6px;text-align:left;vertical-align:top;border-bottom:1px solid var(--line);overflow-wrap:anywhere}
        table.headers th{width:38%;font-weight:600;color:var(--muted)}
        pre.body{margin:6px 0 0;padding:8px 10px;background:var(--panel);border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
        mark.ph{border-radius:4px;padding:0 3px;cursor:pointer;color:#1f2328;font-weight:600;border:1px solid rgba(0,0,0,.15)}
        mark.ph.lit{outline:3px solid #1f2328;outline-offset:1px}
        .phc0{background:#ffd8b5}.phc1{background:#c8f0d0}.phc2{background:#d6e6ff}.phc3{background:#f5d0f0}
        .phc4{background:#fff2a8}.phc5{background:#c7efef}.phc6{background:#e2d9ff}.phc7{background:#ffd1d1}
        .links ul{margin:0;padding-left:18px;font-size:13px}
        .links li{margin:2px 0;overflow-wrap:anywhere}
        .back{margin:8px 0 0;font-size:13px}
        .summary{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:8px 0}
        .summary div{background:var(--panel);border-radius:8px;padding:6px 10px}
        .summary b{display:block;font-size:18px}
        .kind{border:1px solid var(--line);border-radius:10px;margin:12px 0;padding:10px 12px}
        .finding{border-top:1px solid var(--line);padding:10px 0}
        .finding:first-of-type{border-top:0}
        pre.cmd{margin:6px 0;padding:6px 10px;background:#1f2328;color:#f6f8fa;border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere}
        footer{color:var(--muted);font-size:12px;padding:10px 20px;border-top:1px solid var(--line)}
        @media (max-width:600px){main{padding:4px 8px 30px}header.page{padding:10px 12px}.flow{padding:8px;margin:10px 0}        .detail{padding:8px}h2{font-size:16px}}

        """

    static let script = """

        (function () {
          "use strict";
          var root = document.documentElement;
          function all(selector, scope) { return Array.prototype.slice.call((scope || document).querySelectorAll(selector)); }
          function select() {
            all("a.exchange.selected").forEach(function (a) { a.classList.remove("selected"); });
            var id = "";
            try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { id = ""; }
            var detail = id ? document.getElementById(id) : null;
            if (!detail || !detail.classList.contains("detail")) { root.removeAttribute("data-selected"); return; }
            all("a.exchange").forEach(function (a) {
              if (a.getAttribute("href") === "#" + id) { a.classList.add("selected"); }
            });
            root.setAttribute("data-selected", id);
          }
          function light(mark) {
            var name = mark.getAttribute("data-ph");
            var scope = mark.closest("[data-scope]") || document;
            var wasLit = mark.classList.contains("lit");
            all(".lit").forEach(function (element) { element.classList.remove("lit"); });
            if (wasLit) { return; }
            all("mark.ph", scope).forEach(function (other) {
              if (other.getAttribute("data-ph") === name) { other.classList.add("lit"); }
            });
            all("a.exchange[data-ph]", scope).forEach(function (arrow) {
              if (arrow.getAttribute("data-ph").split(" ").indexOf(name) >= 0) { arrow.classList.add("lit"); }
            });
          }
          document.addEventListener("click", function (event) {
            var mark = event.target && event.target.closest ? event.target.closest("mark.ph") : null;
            if (mark) { light(mark); }
          });
          window.addEventListener("hashchange", select);
          all("[data-scope]").forEach(function (scope) {
            var counts = {};
            all("a.exchange[data-ph]", scope).forEach(function (arrow) {
              arrow.getAttribute("data-ph").split(" ").forEach(function (name) { counts[name] = (counts[name] || 0) + 1; });
            });
            all("mark.ph", scope).forEach(function (mark) {
              var n = counts[mark.getAttribute("data-ph")] || 0;
              mark.title = "in " + n + (n === 1 ? " exchange" : " exchanges") + " of this capture; click to light them all";
            });
          });
          select();
          root.setAttribute("data-inspector", "ready");
        })();

        """
}
