import Foundation
import HAR
import Testing

@testable import Redaction

/// Redacting a capture's entries on several threads (`ParallelSplice`) must give the serial
/// path's bytes, summary and placeholder numbering.
@Suite("Parallel redaction equals the serial path")
struct ParallelSpliceTests {
    /// Redacts `bytes` serially and on `workers` threads, expects the same result, and
    /// returns the parallel redactor's table size and how many entries were spliced.
    @discardableResult
    static func expectParallelSame(_ bytes: [UInt8], workers: Int, _ label: String) throws -> (placeholders: Int, spliced: Int) {
        let serialRedactor = try Redactor()
        let serial = try #require(serialRedactor.redactCapture(bytes: bytes, parallelMinimum: .max), "\(label): serial path gave up")
        let parallelRedactor = try Redactor()
        let parallel = try #require(
            parallelRedactor.redactCapture(bytes: bytes, parallelMinimum: 0, workers: workers), "\(label): parallel path gave up")
        #expect(parallel.summary == serial.summary, "\(label): summaries differ")
        #expect(parallel.spliced == serial.spliced, "\(label): spliced counts differ")
        #expect(parallelRedactor.placeholders.count == serialRedactor.placeholders.count, "\(label): tables differ")
        let a = Array(parallel.parts.joined())
        let b = Array(serial.parts.joined())
        if a != b {
            let lines = zip(String(decoding: a, as: UTF8.self).split(separator: "\n"), String(decoding: b, as: UTF8.self).split(separator: "\n"))
            let first = lines.enumerated().first { $0.element.0 != $0.element.1 }
            Issue.record("\(label): differs at line \((first?.offset ?? -1) + 1): \(first.map { "\($0.element.0) / \($0.element.1)" } ?? "length")")
        }
        // And both equal the typed path.
        try SpliceRedactionTests.expectSame(bytes, label)
        return (parallelRedactor.placeholders.count, parallel.spliced)
    }

    @Test("Generated captures with secrets repeated across entries give the same bytes on 2, 3 and 5 threads")
    func generatedCaptures() throws {
        for seed in 1...6 {
            var generator = CorpusGenerator(seed: UInt64(seed + 40))
            let document = generator.document(entries: 40)
            let canonical = HARWriter.bytes(document)
            for workers in [2, 3, 5] {
                let result = try Self.expectParallelSame(canonical, workers: workers, "seed \(seed), \(workers) threads")
                #expect(result.spliced == 40)
                #expect(result.placeholders > 40)
            }
            // Compact captures cannot be cut into chunks: the serial path runs instead.
            try Self.expectParallelSame(document.json.serialized(), workers: 2, "seed \(seed) compact")
        }
    }

    @Test("Objects at the entries' indentation outside the entries array never become chunk boundaries")
    func boundariesOutsideEntries() throws {
        var generator = CorpusGenerator(seed: 5)
        var document = generator.document(entries: 3)
        // An array of objects inside `log` after the entries, written at the same
        // indentation as entries, and taking most of the file.
        let items: [JSONValue] = (0..<200).map { index in
            .object(["note": .string("written by bob\(index)@example.org"), "n": .number(String(index))])
        }
        document.log.extensions["_items"] = .array(items)
        let bytes = HARWriter.bytes(document)
        #expect(Self.contains(bytes, "\n      },\n      {"))
        for workers in [2, 5] {
            let result = try Self.expectParallelSame(bytes, workers: workers, "items after entries, \(workers) threads")
            #expect(result.spliced == 3)
        }
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        String(decoding: bytes, as: UTF8.self).contains(text)
    }

    @Test("A secret first seen late in one chunk and early in the next keeps its first number")
    func secretsAcrossChunks() throws {
        // The same continuation token in every entry, and a new password in each: the token
        // must be REDACTED-continuation_token-1 everywhere and passwords numbered in order.
        let shared = "ct-" + String(repeating: "q", count: 40)
        let entries = (0..<12).map { index in
            NativeAuthSamples.entry(
                "/oauth2/v2.0/token", form: [("continuation_token", shared), ("password", "pw-\(11 - index)")], status: 200,
                json: #"{"continuation_token":"ct-\#(index % 3)"}"#, index: index % 10)
        }
        let bytes = HARWriter.bytes(NativeAuthSamples.document(entries))
        try Self.expectParallelSame(bytes, workers: 4, "shared token")
        let redactor = try Redactor()
        let parts = try #require(redactor.redactCapture(bytes: bytes, parallelMinimum: 0, workers: 4)).parts
        let text = String(decoding: Array(parts.joined()), as: UTF8.self)
        #expect(!text.contains(shared))
        // Per entry: the shared token in the request, then the response's own token.
        let tokens: [String] = text.components(separatedBy: "REDACTED-continuation_token-").dropFirst().map { String($0.prefix { $0.isNumber }) }
        let expected: [String] = (0..<12).flatMap { index -> [String] in ["1", String(2 + index % 3)] }
        #expect(tokens == expected)
        let passwords = text.components(separatedBy: "password=REDACTED-password-").dropFirst().map { $0.prefix { $0.isNumber } }
        #expect(passwords == (1...12).map { Substring(String($0)) })
    }

    @Test("Entries whose output depends on placeholder text are redone serially with the same result")
    func unsafeEntries() throws {
        let jwt = NativeAuthSamples.jwt(claims: #"{"sub":"x"}"#)
        var entries: [HAREntry] = []
        for index in 0..<10 {
            // A JWT followed by `@domain`: the e-mail pattern then runs over its placeholder.
            var json = #"{"note":"\#(jwt)@example.com and bob@example.org","n":\#(index)}"#
            // The provisional marker already in the capture's text.
            if index == 3 { json = #"{"note":"7302958146000000 call +1 425 555 0100"}"# }
            if index == 6 { json = #"{"note":"REDACTED-phone-7302958146000000 +44 20 7946 0100"}"# }
            var entry = NativeAuthSamples.entry(
                "/signin/v1.0/challenge", form: [("username", "bob@example.org")], status: 200, json: json, index: index)
            if index == 8 {
                entry.response.headers.append(HARHeader(name: "Content-Encoding", value: "gzip"))
                entry.response.content.text = Data(ContentCoding.gzip.encode(Array(json.utf8))).base64EncodedString()
                entry.response.content.encoding = "base64"
            }
            entries.append(entry)
        }
        let bytes = HARWriter.bytes(NativeAuthSamples.document(entries))
        for workers in [2, 4] { try Self.expectParallelSame(bytes, workers: workers, "unsafe entries, \(workers) threads") }
    }

    @Test("Header names in any case still find their rules when values hold no secret shape")
    func headerNamesInAnyCase() throws {
        let entries = (0..<6).map { index in
            NativeAuthSamples.entry(
                "/signin/v1.0/initiate", form: [("client_id", NativeAuthSamples.clientID)], status: 200, json: #"{"ok":true}"#,
                index: index,
                requestHeaders: [
                    HARHeader(name: "AUTHORIZATION", value: "Basic c2VjcmV0LXZhbHVl\(index)"),
                    HARHeader(name: "cOOKIE", value: "fpc=plainvalue\(index)"),
                    HARHeader(name: "X-Note", value: "nothing to see"),
                ],
                responseHeaders: [HARHeader(name: "SET-cookie", value: "x-ms-gateway=abc\(index); path=/")])
        }
        let bytes = HARWriter.bytes(NativeAuthSamples.document(entries))
        try Self.expectParallelSame(bytes, workers: 2, "header names")
        let text = String(decoding: Array(try #require(try Redactor().redactCapture(bytes: bytes)).parts.joined()), as: UTF8.self)
        #expect(!text.contains("c2VjcmV0LXZhbHVl"))
        #expect(!text.contains("plainvalue"))
        #expect(!text.contains("x-ms-gateway=abc"))
        #expect(text.contains("nothing to see"))
    }

    @Test("A mapped capture redacted on two threads and written with writev gives the typed path's file")
    func mappedAndWritten() throws {
        var generator = CorpusGenerator(seed: 7)
        let bytes = HARWriter.bytes(generator.document(entries: 60))
        let directory = FileManager.default.temporaryDirectory
        let input = directory.appendingPathComponent("parallel-in-\(UUID().uuidString).har")
        let output = directory.appendingPathComponent("parallel-out-\(UUID().uuidString).har")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        try Data(bytes).write(to: input)
        let mapped = try #require(MappedFile(path: input.path))
        try withExtendedLifetime(mapped) {
            let redactor = try Redactor()
            let result = try #require(redactor.redactCapture(buffer: mapped.bytes, parallelMinimum: 0, workers: 2))
            #expect(result.output.pieces.count > 60)
            try result.output.write(input: mapped.bytes, to: output.path)
        }
        #expect(try [UInt8](Data(contentsOf: output)) == SpliceRedactionTests.reference(bytes).bytes)
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(MappedFile(path: directory.appendingPathComponent("missing-\(UUID().uuidString)").path) == nil)
    }

    @Test("Provisional placeholders are found only when each call shows exactly once in its own form")
    func locatingProvisionalPlaceholders() {
        var provisional = ProvisionalPlaceholders()
        let first = provisional.placeholder(for: "secret-one", kind: "password")
        let second = provisional.placeholder(for: "secret-two", kind: "Continuation Token")
        #expect(PlaceholderTable.isPlaceholder(first) && PlaceholderTable.isPlaceholder(second))
        func locate(_ text: String) -> [Int]? {
            var seen = Array(repeating: false, count: provisional.calls.count)
            var found: [(range: Range<Int>, call: Int)] = []
            guard ProvisionalPlaceholders.locate(in: Array(text.utf8), calls: provisional.calls, seen: &seen, into: &found) else {
                return nil
            }
            return found.map(\.call)
        }
        #expect(locate("a=\(second)&b=\(first)") == [1, 0])
        #expect(locate("plain") == [])
        #expect(locate("\(first) \(first)") == nil)
        #expect(locate(first.replacingOccurrences(of: "password", with: "code")) == nil)
        #expect(locate("7302958146000009") == nil)
    }
}
