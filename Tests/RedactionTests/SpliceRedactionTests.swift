import Foundation
import HAR
import Testing

@testable import Redaction

/// The fast path of `redactFile` (splicing changed values into the capture's bytes) must give
/// exactly the bytes of the typed path (`HARReader` → `Redactor.redact` → `HARWriter`).
@Suite("Splice redaction equals the typed path")
struct SpliceRedactionTests {
    /// The typed path's output for `bytes`, with a fresh redactor.
    static func reference(_ bytes: [UInt8]) throws -> (bytes: [UInt8], summary: RedactionSummary) {
        let document = try HARReader.read(bytes: bytes, source: "test.har")
        let (redacted, summary) = try Redactor().redact(document)
        return (HARWriter.bytes(redacted), summary)
    }

    /// Checks the fast path against the typed path; returns how many entries it spliced.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], _ label: String) throws -> Int {
        let expected = try reference(bytes)
        let redactor = try Redactor()
        let fast = try #require(redactor.redactCapture(bytes: bytes), "\(label): fast path gave up")
        #expect(fast.summary == expected.summary, "\(label): summaries differ")
        let fastBytes = Array(fast.parts.joined())
        if fastBytes != expected.bytes {
            let a = String(decoding: fastBytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let b = String(decoding: expected.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record("\(label): differs at line \(line + 1): fast \(line < a.count ? String(a[line]) : "<end>") / typed \(line < b.count ? String(b[line]) : "<end>")")
        }
        return fast.spliced
    }

    static var sample: [UInt8] {
        get throws { try [UInt8](Data(contentsOf: GoldenTests.rawSample)) }
    }

    @Test("The shipped sample capture gives the typed path's bytes, and redactFile still writes the golden file")
    func sampleCapture() throws {
        #expect(try Self.expectSame(try Self.sample, "signup-raw.har") == 6)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("splice-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: output) }
        try Redactor().redactFile(input: GoldenTests.rawSample.path, output: output.path)
        #expect(try Data(contentsOf: output) == Data(contentsOf: GoldenTests.golden))
    }

    @Test("A generated corpus of canonical and non-canonical entries gives the typed path's bytes")
    func generatedCorpus() throws {
        for seed in 1...12 {
            var generator = CorpusGenerator(seed: UInt64(seed))
            let document = generator.document(entries: 30)
            let canonical = HARWriter.bytes(document)
            // Every entry HARWriter wrote is spliced, gzip and base64 bodies included.
            #expect(try Self.expectSame(canonical, "seed \(seed) canonical") == 30)
            // The same capture compact, with a byte order mark, and with escapes HARWriter
            // does not write: every entry takes the typed path, still with the same result.
            #expect(try Self.expectSame(document.json.serialized(), "seed \(seed) compact") == 0)
            try Self.expectSame([0xEF, 0xBB, 0xBF] + canonical, "seed \(seed) BOM")
            let slashes = String(decoding: canonical, as: UTF8.self).replacingOccurrences(of: "https://", with: "https:\\/\\/")
            try Self.expectSame(Array(slashes.utf8), "seed \(seed) escaped slashes")
            // Redacting a redacted capture again changes nothing but the counts' sources.
            let once = try Self.reference(canonical).bytes
            try Self.expectSame(once, "seed \(seed) twice")
        }
    }

    @Test("Placeholders keep their numbers across entries taking the fast and the typed path")
    func mixedPaths() throws {
        var generator = CorpusGenerator(seed: 99)
        var document = generator.document(entries: 20)
        // Every third entry gets a comment, which sends it through the typed path.
        for index in document.log.entries.indices where index % 3 == 0 {
            document.log.entries[index].comment = "seen by alex.canary@example.com"
        }
        document.log.comment = "capture of +1 425 555 0100"
        #expect(try Self.expectSame(HARWriter.bytes(document), "mixed") == 13)
    }

    @Test("Form bodies split on & and = as characters, so a combining mark after one keeps it in its field")
    func formSplitsOnCharacters() {
        #expect(FormBody("a=1&b=2").fields.map(\.name) == ["a", "b"])
        #expect(FormBody("a=1&\u{301}b=2").fields.map(\.name) == ["a"])
        #expect(FormBody("é=1&b=x=y").fields.map(\.value) == ["1", "x=y"])
        #expect(FormBody("p=a+b%21&q").fields.map(\.value) == ["a b!", ""])
    }

    @Test("A capture that is not valid HAR is left to the typed path with the placeholder table untouched")
    func invalidCapture() throws {
        var text = String(decoding: try Self.sample, as: UTF8.self)
        // The third entry loses its request: the typed path reports it; the fast path must
        // not have issued placeholders for the first two.
        let marker = "\"request\": {"
        var count = 0
        var range = text.startIndex..<text.endIndex
        while let found = text.range(of: marker, range: range) {
            count += 1
            if count == 3 {
                text.replaceSubrange(found, with: "\"requestX\": {")
                break
            }
            range = found.upperBound..<text.endIndex
        }
        let redactor = try Redactor()
        #expect(redactor.redactCapture(bytes: Array(text.utf8)) == nil)
        #expect(redactor.placeholders.count == 0)
        #expect(throws: HARError.self) { try Self.reference(Array(text.utf8)) }
    }
}

/// Native-auth entries with random secrets, shapes and optional parts (seeded, repeatable).
struct CorpusGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    /// Up to `limit - 1` of `pieces`, drawn at random and joined.
    mutating func text(from pieces: [String], upTo limit: Int) -> String {
        (0..<next(limit)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    mutating func token(_ length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[next(alphabet.count)] })
    }

    mutating func document(entries count: Int) -> HARDocument {
        var entries: [HAREntry] = []
        var tokens = [token(40)]
        for index in 0..<count {
            // Reuse earlier secrets now and then: the same placeholder must come back.
            let continuation = next(3) == 0 ? tokens[next(tokens.count)] : token(30 + next(400))
            tokens.append(continuation)
            let email = "\(token(5).lowercased())@\(["example.com", "contoso.org"][next(2)])"
            var form: [(String, String)] = [("client_id", NativeAuthSamples.clientID), ("continuation_token", continuation)]
            switch next(5) {
            case 0: form.append(("password", "P@ss \(token(8))!é"))
            case 1: form.append(("oob", String(next(100_000_000))))
            case 2: form.append(("attributes", #"{"displayName":"\#(token(6))","age":\#(next(90)),"ok":true}"#))
            case 3: form.append(("username", email))
            default: form.append(("id", token(12)))
            }
            let jwt = NativeAuthSamples.jwt(claims: #"{"sub":"\#(token(10))"}"#)
            let json: String
            switch next(4) {
            case 0: json = #"{"continuation_token":"\#(token(50))","challenge_target_label":"\#(email)","code_length":8}"#
            case 1: json = #"{"access_token":"\#(jwt)","id_token":"\#(jwt)","refresh_token":"\#(token(90))","client_info":"\#(token(20))"}"#
            case 2: json = #"{"methods":[{"id":"\#(token(9))","login_hint":"+1 425 555 \#(1000 + next(8999))"}],"note":"call +44 20 7946 0\#(100 + next(899))"}"#
            default: json = #"{"error":"invalid_grant","error_description":"bad code for \#(email)\n\ttry again","error_codes":[50181]}"#
            }
            var requestHeaders: [HARHeader] = []
            if next(3) == 0 { requestHeaders.append(HARHeader(name: "Authorization", value: "Bearer \(jwt)")) }
            if next(3) == 0 { requestHeaders.append(HARHeader(name: "Cookie", value: "a=\(token(10)); fpc=\(token(12))")) }
            var responseHeaders: [HARHeader] = []
            if next(3) == 0 { responseHeaders.append(HARHeader(name: "Set-Cookie", value: "fpc=\(token(16)); path=/; secure")) }
            var entry = NativeAuthSamples.entry(
                "/signup/v1.0/continue" + (next(4) == 0 ? "?login_hint=\(email)&dc=ESTS" : ""), form: form,
                status: next(2) == 0 ? 200 : 400, json: json, index: index % 10,
                requestHeaders: requestHeaders, responseHeaders: responseHeaders)
            if next(2) == 0 {
                entry.authtape = AuthTapeEntryFields(flowId: "flow-\(index / 4)", flowKind: "signUp", step: "signup/v1.0/continue")
            }
            if next(4) == 0 {
                entry.request.cookies = [HARCookie(name: "fpc", value: token(14), path: "/", httpOnly: true, secure: true)]
            }
            if next(6) == 0 {
                // A gzip body stored as base64, as other tools capture it.
                entry.response.headers.append(HARHeader(name: "Content-Encoding", value: "gzip"))
                let gzipped = ContentCoding.gzip.encode(Array(json.utf8))
                entry.response.content.text = Data(gzipped).base64EncodedString()
                entry.response.content.encoding = "base64"
            }
            if next(8) == 0 { entry.timings.ssl = 12.25 }
            entries.append(entry)
        }
        return NativeAuthSamples.document(entries)
    }
}
