import Foundation
import HAR
import Testing

@testable import Redaction

/// JSON bodies redacted on bytes (`JSONBodyBytes`) must give what `redactBodyText` gives
/// through `JSONValue` trees, or decline before issuing anything.
@Suite("JSON bodies on bytes")
struct JSONBodyBytesTests {
    static let bodies: [String] = [
        #"{}"#, #"[]"#, #"{"a":1}"#, #"null"#, #"17"#, #""bob@example.com""#, #"["bob@example.com",+1]"#,
        #"{"password":"hunter2","Password":"hunter2","PASSWORD":"other"}"#,
        #"{"password":"a","password":"a","password":"b"}"#,
        #"{"continuation_token":"abc","challenge_target_label":"b***@contoso.org","code_length":8}"#,
        #"{"access_token":"eyJhbGciOiJI.eyJzdWIiOiIx.c2ln","note":"token eyJhbGciOiJI.eyJzdWIiOiIx.c2ln and mail x.y@example.co.uk"}"#,
        #"{"methods":[{"id":"m1","login_hint":"+1 425 555 0100"},{"ID":"m2"},{"id":null},{"id":7}],"note":"call +44 20 7946 0123"}"#,
        #"{"Methods":[{"Id":"upper"}],"x":{"methods":[{"id":"not at the root"}]}}"#,
        #"{"attributes":"{\"city\":\"Oslo\",\"n\":3,\"ok\":true,\"none\":null}"}"#,
        #"{"attributes":"not json at all"}"#, #"{"attributes":"\"just a string\""}"#, #"{"attributes":"[1,2]"}"#,
        #"{"attributes":{"a":1,"b":[true,null,"x",{"c":-0.5e3}],"d":{}}}"#,
        #"{"attributes":"{ \"spaced\" : \"value\" }"}"#,
        #"{"password":{"nested":["a",1,false,null,{"deep":"b"}]},"refresh_token":[],"id_token":null}"#,
        #"{"password":12.5e-3,"oob":true,"code":false,"username":-0,"client_secret":1E+9}"#,
        #"{"error_codes":["bob@example.com"],"error":"eyJhbGciOiJI.eyJzdWIiOiIx.c2ln","scope":{"k":"+1 999 555 0199"}}"#,
        #"{"password":"REDACTED-password-9","username":"","refresh_token":"REDACTED-x-1"}"#,
        #"{"pässwörd":"x@example.com","PÄSSWORD":"y@example.com","ΣΊΣΥΦΟΣ":"z@example.com","USERNAME":"é"}"#,
        #"{"pass\"word":"a@example.com","pass\\word":"b","line\nbreak":"c\td@example.com\u0001"}"#,
        #"{"note":"quote \" backslash \\ slash / tab \t mail e@example.com"}"#,
        #"{"emoji":"🙂 a@example.com 🙂","cjk":"电子邮件 b@example.com"}"#,
        // Not in the serialiser's form: declined, and the typed path runs.
        #"{ "password": "x" }"#, #"{"password":"x"}\#n"#, #"{"url":"https:\/\/example.com"}"#,
        #"{"a":"\u0041"}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":}"#, #"{"a":1"#, #"{"a":"b"}x"#, #""#, #"{"a":tru}"#,
        #"{"password":"x","a":[1,2,]}"#, #"{"a":"\ud83d\ude42"}"#, #"{"a":"\u001F"}"#, #"{"a":"\n"}"#,
    ]

    static func hasNonASCIIKey(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items): return items.contains(where: hasNonASCIIKey)
        case .object(let object):
            return object.members.contains { !$0.key.utf8.allSatisfy { $0 < 0x80 } || hasNonASCIIKey($0.value) }
        default: return false
        }
    }

    /// `redactBodyText`'s answer, counts and table size with a fresh table, by the tree walk.
    static func typed(_ text: String, rules: CompiledRules, onBytes: Bool = false) -> (String?, [String: Int], Int) {
        let table = PlaceholderTable()
        var redactor = ValueRedactor(rules: rules, table: table)
        redactor.jsonBodiesOnBytes = onBytes
        let result = redactor.redactBodyText(text, mimeType: "application/json")
        return (result, redactor.counts, table.count)
    }

    @Test("The typed path, which takes compact JSON bodies on their bytes, answers as the tree walk does")
    func typedOnBytesSameAsTree() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        let awkward = [
            "not json {", " {\"password\":\"x\"}", "{\"password\": \"x\"}", "[\"a\"", "",
            String(repeating: "[", count: 70) + String(repeating: "]", count: 70),
        ]
        var changed = 0
        for text in Self.bodies + awkward {
            let tree = Self.typed(text, rules: rules)
            let bytes = Self.typed(text, rules: rules, onBytes: true)
            #expect(bytes.0 == tree.0, "\(text)")
            #expect(bytes.1 == tree.1, "counts for \(text)")
            #expect(bytes.2 == tree.2, "table for \(text)")
            if tree.0 != nil { changed += 1 }
        }
        #expect(changed >= 15)
    }

    @Test("JSON bodies give the typed path's text, counts and placeholders, or are declined untouched")
    func sameAsTyped() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        var spliced = 0
        for text in Self.bodies + [String(repeating: "[", count: 70) + String(repeating: "]", count: 70)] {
            let expected = Self.typed(text, rules: rules)
            let table = PlaceholderTable()
            var redactor = ValueRedactor(rules: rules, table: table)
            let bytes = Array(text.utf8)
            guard let edits = bytes.withUnsafeBufferPointer({ redactor.redactCanonicalJSON($0) }) else {
                // Declined: only bodies the serialiser would write differently, and nothing issued.
                let parsed = try? JSONParser.parse(text)
                // (Non-ASCII keys are left to the typed path, which compares them by canonical
                // equivalence; so is nesting deeper than 64.)
                #expect(
                    parsed.map { $0.serialized() != bytes || Self.hasNonASCIIKey($0) } ?? true || text.hasPrefix("[[[["),
                    "declined \(text)")
                #expect(redactor.counts.isEmpty && table.count == 0, "issued before declining: \(text)")
                continue
            }
            spliced += 1
            var output = bytes
            for edit in edits.reversed() { output.replaceSubrange(edit.range, with: edit.text) }
            let result = edits.isEmpty ? nil : String(decoding: output, as: UTF8.self)
            #expect(result == expected.0, "\(text)")
            #expect(redactor.counts == expected.1, "counts for \(text)")
            #expect(table.count == expected.2, "table for \(text)")
        }
        #expect(spliced >= 26)
    }

    @Test("Captures with awkward JSON bodies give the typed path's bytes, streamed, and no secret survives")
    func capturesWithAwkwardBodies() throws {
        var entries: [HAREntry] = []
        for (index, body) in Self.bodies.enumerated() {
            var entry = NativeAuthSamples.entry(
                "/signin/v1.0/token", form: [("password", "pw\(index)")], status: 200, json: body, index: index % 10)
            if index % 4 == 1 { entry.response.content.mimeType = "text/plain" }
            if index % 5 == 2 { entry.response.content.mimeType = "APPLICATION/JSON; charset=UTF-8" }
            if index % 7 == 3 { entry.response.headers.append(HARHeader(name: "Content-Encoding", value: "identity")) }
            entries.append(entry)
        }
        let bytes = HARWriter.bytes(NativeAuthSamples.document(entries))
        try StreamRedactionTests.expectSame(bytes, "awkward JSON bodies")
        let output = String(decoding: try Redactor().redactStream(bytes: bytes).bytes, as: UTF8.self)
        for canary in ["hunter2", "Oslo", "x@example.com", "a@example.com", "e@example.com", "d@example.com", "12.5e-3", "4 555 0100"] {
            #expect(!output.contains(canary), "\(canary) survived")
        }
    }
}

extension JSONBodyBytesTests {
    @Test("New scalar texts are the serialiser's, escaped again on request, and nil when unchanged")
    func scalarEditsEqualSerialising() {
        let texts = ["", "x", "REDACTED-password-1", "a \"quote\"", "back\\slash", "tab\tline\n", "\u{1}\u{1F}", "é🙂", "/"]
        for text in texts {
            let serialized = JSONValue.string(text).serialized()
            var twice: [UInt8] = []
            JSONValue.appendEscapedString(utf8: serialized, to: &twice)
            for original in [serialized, Array("\"other\"".utf8), Array("17".utf8)] {
                let unchanged = original == serialized
                original.withUnsafeBufferPointer { original in
                    #expect(ValueRedactor.jsonStringEdit(text, original: original, escapedAgain: false) == (unchanged ? nil : serialized), "\(text)")
                    #expect(ValueRedactor.jsonStringEdit(text, original: original, escapedAgain: true) == (unchanged ? nil : twice), "\(text)")
                }
            }
        }
    }
}

extension JSONBodyBytesTests {
    @Test("String tokens decode to the text that was serialised, escapes and all")
    func escapedBodies() {
        var generator = CorpusGenerator(seed: 5)
        let pieces = ["a", "{", "\"", "\\", "\n", "\t", "\u{1}", "\u{1F}", "\u{8}", "\u{C}", "é", "🙂", "abcdefghijklmnop", ":", "/", "\r\n"]
        for round in 0..<1500 {
            let text = generator.text(from: pieces, upTo: round < 50 ? 4 : 40)
            let serialized = JSONValue.string(text).serialized()
            serialized.withUnsafeBufferPointer { buffer in
                var reader = CanonicalReader(buffer, position: 0)
                guard let token = reader.string() else {
                    Issue.record("not read: \(text)")
                    return
                }
                #expect(reader.unescaped(token) == Array(text.utf8), "\(text)")
                #expect(reader.text(token) == text, "\(text)")
            }
        }
    }
}

@Suite("Pattern literal pre-check")
struct PatternLiteralTests {
    @Test("The one-pass literal check agrees with searching for each literal")
    func sameAsSearchingEachLiteral() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        var generator = CorpusGenerator(seed: 7)
        let pieces = ["e", "y", "J", "eyJ", "ey", "@", "+", "a", "Z", "\\\"", "é", "eyj", "EYJ", " "]
        for _ in 0..<3000 {
            let text = generator.text(from: pieces, upTo: 8)
            var bytes = Array(text.utf8)
            let expected = rules.requiredLiterals.allSatisfy { literal in
                literal.map { !CompiledRules.contains(text, $0) } ?? false
            }
            #expect(bytes.withUnsafeMutableBufferPointer { rules.patternsCannotMatch(UnsafeBufferPointer($0)) } == expected, "\(text)")
        }
        var custom = try CompiledRules(RuleSet([RedactionRule(name: "p", target: .pattern("x+"), kind: "k")]))
        #expect(!custom.patternsCannotMatch(UnsafeBufferPointer(start: nil, count: 0)))
        custom = try CompiledRules(.empty)
        #expect(custom.patternsCannotMatch(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test("The one-pass literal check agrees with searching for each literal with eight anchor bytes")
    func sameAsSearchingEachOfEightLiterals() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        let literals = ["eyJ", "@", "+", "/mfa/", "AIza", ":APA91b", "sk_live_", "~x"].map { Array($0.utf8) }
        rules.requiredLiterals = literals
        rules.literalAnchors = CompiledRules.LiteralAnchors(literals)
        #expect(rules.literalAnchors?.moreBroadcast != nil)
        var generator = CorpusGenerator(seed: 11)
        let pieces = ["e", "y", "J", "eyJ", "@", "+", "a", "AIz", "AIza", ":APA91", ":APA91b", "sk_live", "sk_live_", "~", "~x", "#", "/mfa/", "é", " "]
        for _ in 0..<3000 {
            let text = generator.text(from: pieces, upTo: 10)
            var bytes = Array(text.utf8)
            let expected = literals.allSatisfy { !CompiledRules.contains(text, $0) }
            #expect(bytes.withUnsafeMutableBufferPointer { rules.patternsCannotMatch(UnsafeBufferPointer($0)) } == expected, "\(text)")
        }
    }

    @Test("More than eight anchor bytes fall back to the byte-by-byte check")
    func moreThanEightAnchorBytes() throws {
        let rules = try CompiledRules(.nativeAuthDefaults)
        let literals = ["A", "B", "C", "D", "E", "F", "G", "H", "I"].map { Array($0.utf8) }
        rules.requiredLiterals = literals
        rules.literalAnchors = CompiledRules.LiteralAnchors(literals)
        #expect(rules.literalAnchors?.broadcast == nil)
        #expect(rules.patternsCannotMatch(Self.buffer("xxxxxxxxxxxxxxxxxxxxxxxx")))
        #expect(!rules.patternsCannotMatch(Self.buffer("xxxxxxxxxxxxxxxxxxxxxxxI")))
    }

    private static func buffer(_ text: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }
}
