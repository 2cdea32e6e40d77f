import Foundation
import HAR
import NativeAuthWire
import Testing

@testable import Redaction

/// Once known, replaced everywhere: a value redacted in one field is replaced wherever else it
/// is in the file (`SecretIndex`, `EverywherePass`, `Redactor.replacingKnownSecrets`).
@Suite("Replace everywhere")
struct EverywhereTests {
    static let token = "CT-7f3a9c2e41Q"
    static let code = "48213907"
    static let email = "alex.canary@example.com"

    /// Two entries: the token is redacted by its rule in entry 0's answer but is already in that
    /// entry's URL (before the field that identifies it), and recurs in a Location header, a
    /// Referer, a custom header, a vendor `_url`, an echo body and base64 bodies.
    static func capture() -> [UInt8] {
        let standard = Data([0xFB, 0xFF] + Array("token=\(token)&oob=\(code)".utf8)).base64EncodedString()
        let urlSafe = Base64URL.encode([0xFB, 0xFF] + Array("token=\(token)".utf8))
        let text = """
            {"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[
            {"startedDateTime":"2026-11-28T10:00:00Z","time":1,
             "request":{"method":"GET","url":"https://login.example/start?ref=\(token)&n=948213907","httpVersion":"HTTP/1.1",
               "cookies":[],"headers":[],"queryString":[],"headersSize":-1,"bodySize":0},
             "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],
               "headers":[{"name":"Location","value":"https://app.example/cb?state=\(token)&x=1"}],
               "content":{"size":1,"mimeType":"application/json","text":"{\\"continuation_token\\":\\"\(token)\\"}"},
               "redirectURL":"","headersSize":-1,"bodySize":-1},
             "cache":{},"timings":{"send":0,"wait":1,"receive":0}},
            {"startedDateTime":"2026-11-28T10:00:01Z","time":1,"_url":"https://x.example/?code=\(code)&id=\(code)-ab",
             "request":{"method":"POST","url":"https://login.example/token","httpVersion":"HTTP/1.1","cookies":[],
               "headers":[{"name":"Referer","value":"https://app.example/?t=\(token)"},
                          {"name":"X-Return-URL","value":"https://app.example/r?next=code%3D\(code)%26u%3Dalex.canary%40example.com"}],
               "queryString":[],"headersSize":-1,"bodySize":1,
               "postData":{"mimeType":"application/x-www-form-urlencoded","text":"continuation_token=\(token)&oob=\(code)&username=alex.canary%40example.com"}},
             "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
               "content":{"size":1,"mimeType":"text/plain","text":"you sent \(code) for \(email), not 9\(code)"},
               "redirectURL":"","headersSize":-1,"bodySize":-1},
             "cache":{},"timings":{"send":0,"wait":1,"receive":0}},
            {"startedDateTime":"2026-11-28T10:00:02Z","time":1,
             "request":{"method":"GET","url":"https://echo.example/","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
               "queryString":[],"headersSize":-1,"bodySize":0},
             "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
               "content":{"size":1,"mimeType":"application/octet-stream","encoding":"base64","text":"\(standard)"},
               "redirectURL":"","headersSize":-1,"bodySize":-1},
             "cache":{},"timings":{"send":0,"wait":1,"receive":0},
             "_body":{"text":"\(urlSafe)"}}
            ]}}
            """
        return Array(text.utf8)
    }

    /// Whether `secret` occurs in `text` as a whole token (not inside a longer value).
    static func occursAsToken(_ secret: String, in text: String) -> Bool {
        let bytes = Array(text.utf8)
        let needle = Array(secret.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            let before = start == 0 ? 0x20 : bytes[start - 1]
            let after = start + needle.count == bytes.count ? 0x20 : bytes[start + needle.count]
            if !SecretIndex.isWordByte(before), !SecretIndex.isWordByte(after) { return true }
            if before == UInt8(ascii: "D"), start >= 3, bytes[start - 3] == UInt8(ascii: "%") { return true }
        }
        return false
    }

    /// Every base64 body of `text` decoded, for scanning.
    static func decodedBodies(_ text: String) -> [String] {
        guard let document = try? JSONParser.parse(text) else { return [] }
        var found: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                for member in object {
                    if member.key == "text", case .string(let body) = member.value {
                        let standard = Data(base64Encoded: body).map { Array($0) }
                        if let bytes = standard ?? Base64URL.decode(body) {
                            found.append(String(decoding: bytes.dropFirst(2), as: UTF8.self))
                        }
                    }
                    walk(member.value)
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(document)
        return found
    }

    @Test("A value redacted once is replaced in every other string of the file, earlier entries and base64 bodies too")
    func redactedValuesAreGoneEverywhere() throws {
        let redactor = try Redactor()
        let output = String(decoding: try redactor.redactStream(bytes: Self.capture(), source: "t.har").bytes, as: UTF8.self)
        _ = try HARReader.read(bytes: Array(output.utf8), source: "out.har")
        for secret in [Self.token, Self.code, Self.email, "alex.canary%40example.com"] {
            #expect(!Self.occursAsToken(secret, in: output), "\(secret.prefix(3))… left")
            for body in Self.decodedBodies(output) { #expect(!Self.occursAsToken(secret, in: body)) }
        }
        // Longer values that merely contain the code are kept whole.
        #expect(output.contains("948213907"))
        #expect(output.contains("9\(Self.code)"))
        #expect(output.contains("\(Self.code)-ab"))
        // One placeholder for one value, wherever it is (URL, Location, body, Referer, form).
        let placeholder = redactor.placeholders.placeholder(for: Self.token, kind: "continuation_token")
        #expect(output.components(separatedBy: placeholder).count - 1 == 5)
    }

    @Test("Without the pass, the same capture keeps the values outside their fields (the test can fail)")
    func withoutThePassValuesStay() throws {
        let output = String(decoding: try Redactor().redactStream(bytes: Self.capture(), everywhere: false).bytes, as: UTF8.self)
        #expect(Self.occursAsToken(Self.token, in: output))
        #expect(Self.occursAsToken(Self.code, in: output))
    }

    @Test("The file path replaces everywhere and leaves no temporary file behind")
    func filePathReplacesEverywhere() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("everywhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.har").path
        let output = folder.appendingPathComponent("out.har").path
        try Data(Self.capture()).write(to: URL(fileURLWithPath: input))
        let result = try Redactor().redactFile(input: input, output: output, scanner: LeakScanner())
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!Self.occursAsToken(Self.token, in: written))
        #expect(!Self.occursAsToken(Self.code, in: written))
        #expect(result.summary.total > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["in.har", "out.har"])
        let mode = try FileManager.default.attributesOfItem(atPath: output)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test("Redacting a document replaces known secrets in every later entry's strings")
    func documentRedactionReplacesInLaterEntries() throws {
        let redactor = try Redactor()
        let document = try HARReader.read(bytes: Self.capture(), source: "t.har")
        let (redacted, _) = try redactor.redact(document)
        let text = String(decoding: HARWriter.bytes(redacted), as: UTF8.self)
        #expect(!Self.occursAsToken(Self.token, in: text))
        #expect(!Self.occursAsToken(Self.code, in: text))
        #expect(text.contains("948213907"))
    }

    /// Entry 0 holds a value under a name no rule knows; entry 1 sends it as a password.
    static func lateCapture(earlyValue: String) -> [UInt8] {
        func entry(_ url: String, form: String) -> String {
            """
            {"startedDateTime":"2026-11-28T10:00:00Z","time":1,
             "request":{"method":"POST","url":"\(url)","httpVersion":"HTTP/1.1","cookies":[],"headers":[],"queryString":[],
               "headersSize":-1,"bodySize":1,"postData":{"mimeType":"application/x-www-form-urlencoded","text":"\(form)"}},
             "response":{"status":200,"statusText":"OK","httpVersion":"HTTP/1.1","cookies":[],"headers":[],
               "content":{"size":0,"mimeType":"text/plain","text":""},"redirectURL":"","headersSize":-1,"bodySize":0},
             "cache":{},"timings":{"send":0,"wait":1,"receive":0}}
            """
        }
        let entries = [
            entry("https://x.example/a?ref=\(earlyValue)", form: "a=1"),
            entry("https://x.example/b", form: "password=Late-Pass-77%21"),
        ]
        return Array(#"{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":["#.utf8)
            + Array(entries.joined(separator: ",").utf8) + Array("]}}".utf8)
    }

    @Test("A secret first identified in a later entry is replaced in the earlier one by a second pass")
    func laterSecretsReachEarlierEntries() throws {
        let redactor = try Redactor()
        var stream = HARStream(input: InputWindow(bytes: Self.lateCapture(earlyValue: "Late-Pass-77!")), file: "t.har")
        var redaction = StreamRedaction(output: OutputSink(fd: -1), redactor: redactor, file: "t.har", everywhere: true)
        try stream.walk(&redaction)
        #expect(redaction.everywhere?.needsSecondPass == true)
        let output = String(decoding: try Redactor().redactStream(bytes: Self.lateCapture(earlyValue: "Late-Pass-77!")).bytes, as: UTF8.self)
        #expect(!output.contains("Late-Pass-77"))
        #expect(output.components(separatedBy: "REDACTED-password-1").count - 1 == 2)
    }

    @Test("With a second pass, the file path's leak scan reads the final output whole (the first scan stops early)")
    func secondPassScansTheFinalOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("everywhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.har").path
        let output = folder.appendingPathComponent("out.har").path
        // A long token under a name no rule knows, after the late secret.
        var bytes = Self.lateCapture(earlyValue: "Late-Pass-77!")
        var generator = CorpusGenerator(seed: 3)
        let leak = "https://x.example/c?blob=" + generator.token(96)
        let marker = Array("https://x.example/b".utf8)
        if let at = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) {
            bytes.replaceSubrange(at..<(at + marker.count), with: Array(leak.utf8))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let redactor = try Redactor()
        var stream = HARStream(input: InputWindow(bytes: bytes), file: "t.har")
        var redaction = StreamRedaction(output: OutputSink(fd: -1), redactor: redactor, file: "t.har", everywhere: true)
        try stream.walk(&redaction)
        #expect(redaction.everywhere?.needsSecondPass == true)
        let result = try Redactor().redactFile(input: input, output: output, scanner: LeakScanner())
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!written.contains("Late-Pass-77"))
        // The findings are a whole scan's of the final output (a scan cut short would have
        // failed, and `redactFile` would have thrown).
        #expect(result.findings.map(\.location) == (try LeakScanner().scan(path: output)).map(\.location))
    }

    @Test("When every secret is first met where a rule identifies it, no second pass is made")
    func noSecondPassWithoutLateSecrets() throws {
        let redactor = try Redactor()
        var stream = HARStream(input: InputWindow(bytes: Self.lateCapture(earlyValue: "Other-Value-12")), file: "t.har")
        var redaction = StreamRedaction(output: OutputSink(fd: -1), redactor: redactor, file: "t.har", everywhere: true)
        try stream.walk(&redaction)
        #expect(redaction.everywhere?.needsSecondPass == false)
        var all = HARStream(input: InputWindow(bytes: Self.capture()), file: "t.har")
        var second = StreamRedaction(output: OutputSink(fd: -1), redactor: try Redactor(), file: "t.har", everywhere: true)
        try all.walk(&second)
        // The token is in entry 0's URL before its answer names it, but in the same entry.
        #expect(second.everywhere?.needsSecondPass == false)
    }

    @Test("Ids of one shape sharing their first six bytes do not stand for each other in the filter")
    func idsSharingTheirFirstBytesAreToldApart() {
        var seen = SeenRuns()
        let earlier = Array("3f2a91c0-1111-4222-8333-444455556666".utf8)
        let later = Array("3f2a91c0-9999-4aaa-8bbb-ccccddddeeee".utf8)
        earlier.withUnsafeBufferPointer { run in
            guard let base = run.baseAddress else { return }
            seen.insert(SecretIndex.prefixKey(base), length: run.count, tail: SeenRuns.tail(base, from: 0, to: run.count))
        }
        #expect(earlier.withUnsafeBufferPointer { seen.mayContain(anchor: SeenRuns.anchor(of: $0)) })
        #expect(!later.withUnsafeBufferPointer { seen.mayContain(anchor: SeenRuns.anchor(of: $0)) })
    }

    @Test("A secret's anchor is the run a scan of text holding it puts into the filter")
    func anchorsMatchScannedRuns() {
        for secret in ["48213907", "alex.c@example.com", "+1 425 555 0101", "P@ss-word!", "a/b\"c d-1234567"] {
            let index = SecretIndex(tracksAnchors: true)
            var seen = SeenRuns()
            for form in SecretIndex.forms(of: secret) {
                let text = Array("x=".utf8) + form + Array("&y".utf8)
                var edits: [ByteEdit] = []
                text.withUnsafeBufferPointer { _ = SecretIndex.Snapshot().edits(in: $0, from: 0, to: $0.count, into: &edits, seen: &seen) }
            }
            index.add(secret, placeholder: "REDACTED-x-1")
            let anchors = index.takeAnchors()
            #expect(!anchors.isEmpty)
            for anchor in anchors { #expect(seen.mayContain(anchor: anchor), "secret \(secret.count) bytes") }
        }
    }
}
