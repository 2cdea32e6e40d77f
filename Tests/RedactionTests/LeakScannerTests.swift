import Foundation
import HAR
import Testing

@testable import Redaction

@Suite("Leak scanner")
struct LeakScannerTests {
    let samples = NativeAuthSamples.self

    func rawBytes() -> [UInt8] {
        HARWriter.bytes(samples.document(samples.signUpEntries()))
    }

    @Test("A raw capture has findings for codes, passwords, tokens, JWTs, e-mails and every canary")
    func rawCaptureHasFindings() throws {
        let scanner = LeakScanner(canaries: samples.canaries)
        let findings = try scanner.scan(bytes: rawBytes(), file: "raw.har")
        let detectors = Set(findings.map(\.detector))
        #expect(detectors.isSuperset(of: ["code", "secret-field", "jwt", "email", "canary"]))
        let codeFinding = findings.first { $0.detector == "code" && $0.entry == 3 }
        #expect(codeFinding?.location == "entries[3].request.postData.text[oob]")
        // Every canary is found somewhere.
        for index in samples.canaries.indices {
            #expect(findings.contains { $0.detector == "canary" && $0.reason.contains("canary #\(index + 1) ") })
        }
    }

    @Test("Findings never print the secret they found")
    func findingsDoNotLeak() throws {
        let findings = try LeakScanner(canaries: samples.canaries).scan(bytes: rawBytes(), file: "raw.har")
        let text = findings.map(\.description).joined(separator: "\n")
        for canary in samples.canaries { #expect(!text.contains(canary)) }
    }

    @Test("The redacted capture has no findings, canaries included")
    func redactedCaptureIsClean() throws {
        let redacted = try Redactor().redact(samples.document(samples.signUpEntries())).document
        let findings = try LeakScanner(canaries: samples.canaries).scan(bytes: HARWriter.bytes(redacted), file: "redacted.har")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test("A canary hidden in a gzip body stored as base64 is found")
    func canaryInGzipBody() throws {
        var entry = samples.entry("/x", form: [], status: 200, json: "{}", index: 0)
        let body = #"{"note":"hidden-canary-77"}"#
        entry.response.content.text = Data(ContentCoding.gzip.encode(Array(body.utf8))).base64EncodedString()
        entry.response.content.encoding = "base64"
        let findings = try LeakScanner(canaries: ["hidden-canary-77"]).scan(bytes: HARWriter.bytes(samples.document([entry])), file: "f.har")
        #expect(findings.contains { $0.detector == "canary" && $0.location == "log.entries[0].response.content.text(base64)" || $0.location.hasPrefix("entries[0].response.content.text") })
    }

    @Test("A file that is not HAR is refused with a message naming the file")
    func notHARIsRefused() {
        #expect {
            _ = try LeakScanner().scan(bytes: Array(#"{"entries":[]}"#.utf8), file: "x.json")
        } throws: { error in
            "\(error)".hasPrefix("x.json: not a HAR file")
        }
    }

    /// A raw capture of many sign-ups: several batches of parts, findings in every one.
    func manyEntries() -> [UInt8] {
        let entries = (0..<120).flatMap { _ in samples.signUpEntries() }
        return HARWriter.bytes(samples.document(entries))
    }

    @Test("Workers find the same findings, in the same order, as the reading thread alone")
    func workersAgreeWithOneThread() throws {
        let bytes = manyEntries()
        #expect(bytes.count > 3 * PartBatch.size)
        let alone = try LeakScanner(canaries: samples.canaries, workers: 1).scan(bytes: bytes, file: "many.har")
        let shared = try LeakScanner(canaries: samples.canaries, workers: 3).scan(bytes: bytes, file: "many.har")
        #expect(!alone.isEmpty)
        #expect(shared == alone)
        // The last entries, in the last batch, were walked too.
        let lastEntry = samples.signUpEntries().count * 120 - 1
        #expect(alone.contains { ($0.entry ?? 0) >= lastEntry - 8 })
    }

    @Test("A truncated file is refused the same way by the workers and by the reading thread alone")
    func truncatedFileIsRefusedByWorkers() {
        let bytes = Array(manyEntries().dropLast(5000))
        var messages: [String] = []
        for workers in [1, 3] {
            do {
                _ = try LeakScanner(workers: workers).scan(bytes: bytes, file: "cut.har")
            } catch {
                messages.append(error.description)
            }
        }
        #expect(messages.count == 2)
        #expect(messages.first == messages.last)
        #expect(messages.first?.contains("ends early") == true, "\(messages)")
    }

    /// Findings of a capture of one exchange with this cookie header and form.
    func findings(cookie: String, form: [(String, String)]) throws -> [LeakFinding] {
        let entry = samples.entry(
            "/signup/v1.0/continue", form: form, status: 200, json: "{}", index: 0,
            requestHeaders: [HARHeader(name: "Cookie", value: cookie)])
        return try LeakScanner().scan(bytes: HARWriter.bytes(samples.document([entry])), file: "one.har")
    }

    @Test("A cookie header whose values are placeholders is clean, however long its cookies' names")
    func longCookieNamesAreNotSecrets() throws {
        let clean = try findings(
            cookie: "x-ms-gateway-slice=REDACTED-cookie-1; stsservicecookie=REDACTED-cookie-896; fpc=REDACTED-cookie-897",
            form: [])
        #expect(clean.isEmpty, "\(clean)")
        let leaky = try findings(cookie: "stsservicecookie=REDACTED-cookie-1; fpc=AvQhN3kpL0mzT2qRwX8yB5cD", form: [])
        #expect(leaky.contains { $0.detector == "secret-field" && $0.location.hasSuffix(".value") })
    }

    @Test("A placeholder right after a percent escape in a form is not a long token; a token there is")
    func percentEscapeBeforePlaceholder() throws {
        let clean = try findings(
            cookie: "fpc=REDACTED-cookie-1",
            form: [("attributes", #"{"mobilePhone":"REDACTED-challenge_target_label-264"}"#)])
        #expect(clean.isEmpty, "\(clean)")
        let leaky = try findings(
            cookie: "fpc=REDACTED-cookie-1",
            form: [("attributes", #"{"note":"Qm9vdHN0cmFwVG9rZW4xMjM0NTY3ODkwYWJjZGVm"}"#)])
        #expect(leaky.contains { $0.detector == "token" })
    }

    @Test("The watched-field check names every code and secret field's kind and says no to others of the same lengths")
    func watchedFields() {
        for name in LeakDetectors.codeFields { #expect(LeakDetectors.watchedKind(name) == .code, "\(name)") }
        for name in LeakDetectors.secretFields { #expect(LeakDetectors.watchedKind(name) == .secret, "\(name)") }
        for name in ["name", "value", "url", "text", "status", "mimeType", "passwords", "Cookie", "", String(repeating: "x", count: 80)] {
            #expect(LeakDetectors.watchedKind(name) == nil, "\(name)")
        }
    }
}
