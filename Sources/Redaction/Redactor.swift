import HAR

/// Redacts HAR entries and documents with a rule set.
///
/// One `Redactor` stands for one capture: its placeholder table makes the same secret map to
/// the same placeholder in every entry it redacts. It is safe to use from several threads.
public final class Redactor: Sendable {
    /// The rules in force.
    public let ruleSet: RuleSet
    /// The placeholders issued so far.
    public let placeholders: PlaceholderTable
    let compiled: CompiledRules

    /// Compiles `ruleSet`.
    /// - Throws: `PatternError` naming the rule whose regular expression is invalid.
    public init(ruleSet: RuleSet = .nativeAuthDefaults, placeholders: PlaceholderTable = PlaceholderTable()) throws(PatternError) {
        self.ruleSet = ruleSet
        self.placeholders = placeholders
        self.compiled = try CompiledRules(ruleSet)
    }

    /// A copy of `entry` with every secret replaced, and what was replaced by kind.
    public func redact(_ entry: HAREntry) -> (entry: HAREntry, summary: RedactionSummary) {
        var redactor = ValueRedactor(rules: compiled, table: placeholders)
        var copy = entry
        copy.request = redactor.redactRequest(entry.request)
        copy.response = redactor.redactResponse(entry.response)
        copy.comment = redactor.redactComment(entry.comment)
        copy.extensions = redactor.redactExtensions(entry.extensions)
        let summary = RedactionSummary(counts: redactor.counts)
        if !summary.counts.isEmpty {
            // Counts add up when a capture is redacted again with more rules.
            var fields = copy.authtape ?? AuthTapeEntryFields()
            fields.redactions = (fields.redactions ?? [:]).merging(summary.counts, uniquingKeysWith: +)
            copy.authtape = fields
        }
        return (copy, summary)
    }

    /// A copy of `document` with every entry redacted, and the total summary.
    public func redact(_ document: HARDocument) -> (document: HARDocument, summary: RedactionSummary) {
        var copy = document
        var total = RedactionSummary(counts: [:])
        for index in copy.log.entries.indices {
            let (entry, summary) = redact(copy.log.entries[index])
            copy.log.entries[index] = entry
            total.add(summary)
        }
        total.add(redactDocumentFields(of: document, into: &copy))
        // Every value redacted anywhere is replaced wherever else it is, earlier entries too.
        for index in copy.log.entries.indices {
            copy.log.entries[index] = replacingKnownSecrets(in: copy.log.entries[index])
        }
        return (copy, total)
    }

    /// Redacts what a document holds outside its entries (log comment, extensions, page
    /// titles) into `copy`; runs after the entries so placeholders are numbered in file order.
    func redactDocumentFields(of document: HARDocument, into copy: inout HARDocument) -> RedactionSummary {
        var redactor = ValueRedactor(rules: compiled, table: placeholders)
        copy.log.comment = redactor.redactComment(document.log.comment)
        copy.log.extensions = redactor.redactExtensions(document.log.extensions)
        copy.extensions = redactor.redactExtensions(document.extensions)
        if let pages = copy.log.pages {
            copy.log.pages = pages.map { page in
                var page = page
                page.title = redactor.applyPatterns(page.title) ?? page.title
                return page
            }
        }
        return RedactionSummary(counts: redactor.counts)
    }
}

/// How many values of each kind a redaction replaced.
public struct RedactionSummary: Sendable, Hashable {
    /// Replacements by kind of secret, for example `["password": 2, "code": 1]`.
    public var counts: [String: Int]

    public init(counts: [String: Int]) {
        self.counts = counts
    }

    /// All replacements.
    public var total: Int { counts.values.reduce(0, +) }

    mutating func add(_ other: RedactionSummary) {
        counts.merge(other.counts, uniquingKeysWith: +)
    }
}

extension ValueRedactor {
    mutating func redactRequest(_ request: HARRequest) -> HARRequest {
        var copy = request
        copy.url = redactURL(request.url) ?? request.url
        copy.headers = redactHeaders(request.headers)
        copy.cookies = redactCookies(request.cookies)
        copy.queryString = redactQueryParameters(request.queryString)
        if var postData = request.postData {
            if let params = postData.params { postData.params = redactPostParameters(params) }
            if let text = postData.text {
                postData.text = redactBody(
                    text: text, encoding: postData.encoding, mimeType: postData.mimeType,
                    contentEncoding: Self.header("content-encoding", in: request.headers)) ?? text
            }
            postData.comment = redactComment(postData.comment)
            postData.extensions = redactExtensions(postData.extensions)
            copy.postData = postData
        }
        copy.comment = redactComment(request.comment)
        copy.extensions = redactExtensions(request.extensions)
        return copy
    }

    mutating func redactResponse(_ response: HARResponse) -> HARResponse {
        var copy = response
        copy.headers = redactHeaders(response.headers)
        copy.cookies = redactCookies(response.cookies)
        copy.redirectURL = redactURL(response.redirectURL) ?? response.redirectURL
        if let text = response.content.text {
            copy.content.text = redactBody(
                text: text, encoding: response.content.encoding, mimeType: response.content.mimeType,
                contentEncoding: Self.header("content-encoding", in: response.headers)) ?? text
        }
        copy.content.comment = redactComment(response.content.comment)
        copy.content.extensions = redactExtensions(response.content.extensions)
        copy.comment = redactComment(response.comment)
        copy.extensions = redactExtensions(response.extensions)
        return copy
    }

    static func header(_ name: String, in headers: [HARHeader]) -> String? {
        headers.first { $0.name.lowercased() == name }?.value
    }
}
