/// The details of one exchange: URL, request and response headers and bodies (placeholders
/// highlighted), and for each placeholder the other exchanges of the capture that hold it.
struct ExchangeDetail {
    var exchange: ExchangeView
    /// Where each placeholder of the capture appears.
    var index: PlaceholderIndex
    /// Prefix of element ids in this capture's part of the page.
    var idPrefix: String
    /// The id of the flow the exchange belongs to (the details link back to its diagram).
    var flowID: String
    /// Shown without being the page's target (a fuzz finding's mutated exchange).
    var open = false

    /// Every text of an exchange in which placeholders can appear, one per line.
    static func searchableText(_ exchange: ExchangeView) -> String {
        requestText(exchange) + "\n" + responseText(exchange)
    }

    static func requestText(_ exchange: ExchangeView) -> String {
        ([exchange.url] + exchange.requestHeaders.map { $0.name + ": " + $0.value } + [exchange.requestBody?.text ?? ""])
            .joined(separator: "\n")
    }

    static func responseText(_ exchange: ExchangeView) -> String {
        (exchange.responseHeaders.map { $0.name + ": " + $0.value } + [exchange.responseBody?.text ?? ""]).joined(separator: "\n")
    }

    /// The `<article>`.
    func render() -> String {
        let number = exchange.entry + 1
        var out = #"<article class="detail\#(open ? " open" : "")" id="\#(idPrefix)e\#(number)">"#
        out += #"<h4><span class="num">#\#(number)</span> \#(HTMLText.escape(exchange.method)) "#
            + #"\#(HTMLText.escape(exchange.endpoint)) → \#(HTMLText.escape(SequenceDiagram.answerLabel(exchange)))</h4>"#
        out += #"<p class="url">\#(Placeholders.markup(exchange.url))</p>"#
        if let comment = exchange.comment, !comment.isEmpty {
            out += #"<p class="comment">\#(Placeholders.markup(comment))</p>"#
        }
        out += #"<div class="rr">"#
        out += side("Request", headers: exchange.requestHeaders, body: exchange.requestBody)
        let status = exchange.status == 0 ? "no response" : "\(exchange.status) \(exchange.statusText)"
        out += side("Response " + status, headers: exchange.responseHeaders, body: exchange.responseBody)
        out += "</div>"
        out += links()
        return out + ##"<p class="back"><a href="#\##(flowID)">back to the diagram</a></p></article>"##
    }

    private func side(_ title: String, headers: [ExchangeView.Header], body: ExchangeView.Body?) -> String {
        var out = #"<section class="side"><h5>\#(HTMLText.escape(title))</h5>"#
        if headers.isEmpty {
            out += #"<p class="muted">no headers</p>"#
        } else {
            out += #"<table class="headers"><tbody>"#
            for header in headers {
                out += "<tr><th>\(HTMLText.escape(header.name))</th><td>\(Placeholders.markup(header.value))</td></tr>"
            }
            out += "</tbody></table>"
        }
        if let body {
            out += #"<p class="muted">body: \#(HTMLText.escape(body.mimeType.isEmpty ? "no type" : body.mimeType)), "#
                + #"\#(HTMLText.escape(body.presentation))</p>"#
            if !body.text.isEmpty { out += #"<pre class="body">\#(Placeholders.markup(body.text))</pre>"# }
        } else {
            out += #"<p class="muted">no body</p>"#
        }
        return out + "</section>"
    }

    /// For each placeholder here: the other exchanges that hold it, as links.
    private func links() -> String {
        let names = Placeholders.names(in: Self.searchableText(exchange))
        guard !names.isEmpty else { return "" }
        var out = #"<div class="links"><h5>Placeholders</h5><ul>"#
        for name in names {
            let others = index.places(of: name).filter { $0.entry != exchange.entry }
            out += "<li>" + Placeholders.mark(name)
            if others.isEmpty {
                out += #" <span class="muted">only in this exchange</span>"#
            } else {
                out += " also in " + others.map { place in
                    ##"<a href="#\##(idPrefix)e\##(place.entry + 1)">#\##(place.entry + 1) \##(place.sides)</a>"##
                }.joined(separator: ", ")
            }
            out += "</li>"
        }
        return out + "</ul></div>"
    }
}

/// Where each placeholder of a capture appears: which exchanges, request or response side.
struct PlaceholderIndex {
    struct Place: Equatable {
        var entry: Int
        /// `request`, `response` or `request and response`.
        var sides: String
    }

    private var byName: [String: [Place]] = [:]

    init(_ exchanges: [ExchangeView]) {
        for exchange in exchanges {
            let request = Set(Placeholders.names(in: ExchangeDetail.requestText(exchange)))
            let response = Set(Placeholders.names(in: ExchangeDetail.responseText(exchange)))
            for name in Placeholders.names(in: ExchangeDetail.searchableText(exchange)) {
                let sides = request.contains(name) && response.contains(name) ? "request and response"
                    : request.contains(name) ? "request" : "response"
                byName[name, default: []].append(Place(entry: exchange.entry, sides: sides))
            }
        }
    }

    /// The exchanges holding `name`, in capture order.
    func places(of name: String) -> [Place] { byName[name] ?? [] }
}
