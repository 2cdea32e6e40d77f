import Foundation
import HAR
import Testing

@testable import Redaction

/// The streaming path (`redactFile`, `redactStream`) held to the typed path (`HARReader` →
/// `Redactor.redact` → `HARWriter`): read back, its output is the typed path's document (same
/// placeholders, same counts), on every layout.
@Suite("Streaming redaction")
struct StreamRedactionTests {
    /// The typed path's document for `bytes`, with a fresh redactor, written by `HARWriter`.
    static func reference(_ bytes: [UInt8]) throws -> (bytes: [UInt8], summary: RedactionSummary) {
        let document = try HARReader.read(bytes: bytes, source: "test.har")
        let (redacted, summary) = try Redactor().redact(document)
        return (HARWriter.bytes(redacted), summary)
    }

    /// Checks the streaming path against the typed path; returns its output.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], _ label: String) throws -> [UInt8] {
        let expected = try reference(bytes)
        let streamed = try Redactor().redactStream(bytes: bytes, source: label)
        #expect(streamed.summary == expected.summary, "\(label): summaries differ")
        let readBack = HARWriter.bytes(try HARReader.read(bytes: streamed.bytes, source: label))
        if readBack != expected.bytes {
            let a = String(decoding: readBack, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let b = String(decoding: expected.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record("\(label): differs at line \(line + 1): streamed \(line < a.count ? String(a[line]) : "<end>") / typed \(line < b.count ? String(b[line]) : "<end>")")
        }
        return streamed.bytes
    }

    @Test("The shipped sample, in authtape's layout, gives exactly the golden bytes")
    func sampleGivesGolden() throws {
        let raw = try [UInt8](Data(contentsOf: GoldenTests.rawSample))
        let streamed = try Self.expectSame(raw, "signup-raw.har")
        #expect(streamed == (try [UInt8](Data(contentsOf: GoldenTests.golden))))
    }

    @Test("Generated captures in all four layouts read back as the typed path's, and keep their layout")
    func generatedLayouts() throws {
        for seed in 1...6 {
            var generator = CorpusGenerator(seed: UInt64(seed))
            let document = generator.document(entries: 30)
            for layout in HARLayout.allCases {
                let input = layout.bytes(document)
                let output = try Self.expectSame(input, "seed \(seed) \(layout)")
                let lines = String(decoding: output, as: UTF8.self).split(separator: "\n")
                switch layout {
                case .compact: #expect(lines.count == 1, "compact output has \(lines.count) lines")
                case .mitmproxy: #expect(lines.allSatisfy { $0.prefix { $0 == " " }.count % 4 == 0 })
                case .chrome, .authtape: #expect(lines.allSatisfy { $0.prefix { $0 == " " }.count % 2 == 0 })
                }
                // Redacting the output again finds nothing, so it writes the same bytes.
                let again = try Redactor().redactStream(bytes: output)
                #expect(again.summary.total == 0 && again.bytes == output, "seed \(seed) \(layout): second pass changed it")
            }
            // A byte order mark and escaped slashes change nothing either.
            try Self.expectSame([0xEF, 0xBB, 0xBF] + HARLayout.compact.bytes(document), "seed \(seed) BOM")
            let slashes = String(decoding: HARWriter.bytes(document), as: UTF8.self).replacingOccurrences(of: "https://", with: "https:\\/\\/")
            try Self.expectSame(Array(slashes.utf8), "seed \(seed) escaped slashes")
        }
    }

    @Test("Canaries in queries, URL headers, base64 and text-only form bodies survive on no layout")
    func canariesOnEveryLayout() throws {
        let code = "90817263"
        let password = "Canary-Stream-77!"
        let refresh = "RT-canary-0123456789abcdefABCDEF"
        var entry = NativeAuthSamples.entry("/oauth2/v2.0/authorize?client_id=x&code=\(code)", form: [("password", password)], status: 302, json: "{}", index: 0)
        entry.request.postData = HARPostData(mimeType: "application/x-www-form-urlencoded;charset=UTF-8", text: "password=\(password)&grant_type=password")
        entry.request.headers += [
            HARHeader(name: "Referer", value: "https://app.example/cb?code=\(code)"),
            HARHeader(name: "Origin", value: "https://app.example"),
        ]
        entry.response.headers += [
            HARHeader(name: "Location", value: "https://app.example/cb?code=\(code)&state=1"),
            HARHeader(name: "Content-Location", value: "/cb?refresh_token=\(refresh)"),
            HARHeader(name: "Link", value: "<https://app.example/next?code=\(code)>; rel=\"next\""),
        ]
        var second = NativeAuthSamples.entry("/signin/v1.0/token", form: [], status: 200, json: "{}", index: 1)
        second.request.postData = HARPostData(
            mimeType: "application/x-www-form-urlencoded", text: Data("password=\(password)&oob=\(code)".utf8).base64EncodedString(),
            encoding: "base64")
        second.response.content = HARContent(
            mimeType: "application/json", text: Data(#"{"refresh_token":"\#(refresh)"}"#.utf8).base64EncodedString(), encoding: "base64")
        let document = NativeAuthSamples.document([entry, second])
        for layout in HARLayout.allCases {
            let output = try Self.expectSame(layout.bytes(document), "canaries \(layout)")
            let text = String(decoding: output, as: UTF8.self)
            for canary in [code, password, refresh] { #expect(!text.contains(canary), "\(layout): \(canary) survived") }
            let findings = try LeakScanner(canaries: [code, password, refresh]).scan(bytes: output, file: "\(layout)")
            #expect(findings.isEmpty, "\(layout): \(findings)")
            if layout == .chrome { #expect(text.contains(#""value": "/contoso.onmicrosoft.com/oauth2/v2.0/authorize?client_id=x&code=REDACTED-code-1""#)) }
        }
    }

    @Test("A file larger than the read window gives the bytes redactStream gives in memory")
    func fileLargerThanWindow() throws {
        var generator = CorpusGenerator(seed: 21)
        let document = generator.document(entries: 900)
        let input = HARLayout.mitmproxy.bytes(document)
        #expect(input.count > 2 * InputWindow.readSize)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("in.har").path
        try Data(input).write(to: URL(fileURLWithPath: path))
        let summary = try Redactor().redactFile(input: path, output: path + ".out")
        let memory = try Redactor().redactStream(bytes: input)
        #expect(summary == memory.summary)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path + ".out"))) == memory.bytes)
    }

    /// The message `redactStream` throws for `bytes`.
    static func failure(_ bytes: [UInt8]) throws -> String {
        let redactor = try Redactor()
        do throws(HARError) {
            _ = try redactor.redactStream(bytes: bytes, source: "bad.har")
        } catch {
            return error.description
        }
        Issue.record("no error")
        return ""
    }

    @Test("Bad input is an error naming the byte offset, the entry and the field")
    func badInput() throws {
        var generator = CorpusGenerator(seed: 4)
        let bytes = HARLayout.compact.bytes(generator.document(entries: 3))
        let truncated = try Self.failure(Array(bytes[0..<(bytes.count - 40)]))
        #expect(truncated.contains("bad.har") && truncated.contains("ends early (truncated at byte \(bytes.count - 40))"), "\(truncated)")

        var text = String(decoding: bytes, as: UTF8.self)
        let second = try #require(text.ranges(of: "\"url\":\"").dropFirst().first)
        text.insert(contentsOf: "\u{1}", at: second.upperBound)
        let control = try Self.failure(Array(text.utf8))
        let offset = text.utf8.distance(from: text.startIndex, to: second.upperBound)
        #expect(control == "bad.har: log.entries[1].request.url: unescaped control character in a string at byte \(offset)", "\(control)")

        var invalidUTF8 = bytes
        let at = try #require(ByteSearch.firstIndex(of: Array("\"url\":\"".utf8), in: bytes)) + 7
        invalidUTF8.insert(0xFF, at: at)
        #expect(try Self.failure(invalidUTF8) == "bad.har: log.entries[0].request.url: invalid UTF-8 at byte \(at)")

        let base64 = NativeAuthSamples.document([{
            var entry = NativeAuthSamples.entry("/token", form: [], status: 200, json: "{}", index: 0)
            entry.response.content = HARContent(mimeType: "application/json", text: "!!not base64!!", encoding: "base64")
            return entry
        }()])
        let message = try Self.failure(HARLayout.compact.bytes(base64))
        #expect(message.hasPrefix("bad.har: log.entries[0].response.content.text: text is not valid base64 at byte"), "\(message)")
        #expect(try Self.failure(Array("{\"log\":{\"entries\":[{\"response\":{}}]}}".utf8)).contains("log.entries[0]: missing required field 'request'"))
        #expect(try Self.failure(Array("{\"log\":{}} x".utf8)).contains("unexpected text after the document at byte 11"))
    }

    @Test("redactFile with a scanner reports what the output still holds, masked, and nothing when it is clean")
    func scanWhileWriting() throws {
        var generator = CorpusGenerator(seed: 8)
        let input = HARLayout.chrome.bytes(generator.document(entries: 600))
        #expect(input.count > OutputSink.flushSize)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("in.har").path
        try Data(input).write(to: URL(fileURLWithPath: path))
        let clean = try Redactor().redactFile(input: path, output: path + ".clean", scanner: LeakScanner())
        #expect(clean.summary.total > 0)
        #expect(clean.findings.isEmpty, "\(clean.findings.prefix(3))")
        // Without rules nothing is replaced: the scan of the output finds what check finds.
        let leaky = try Redactor(ruleSet: .empty).redactFile(input: path, output: path + ".leaky", scanner: LeakScanner())
        #expect(leaky.summary.total == 0)
        let expected = try LeakScanner().scan(path: path + ".leaky")
        #expect(leaky.findings == expected)
        #expect(leaky.findings.count > 600)
    }
}
