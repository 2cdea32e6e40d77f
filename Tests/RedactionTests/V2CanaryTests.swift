import Foundation
import HAR
import NativeAuthWire
import Testing

@testable import Redaction

/// V2 captures of every journey of native-auth-v2.md §2, with canaries, through `redact`'s
/// typed and stream paths and `check`'s scanner.
@Suite("V2 canary captures")
struct V2CanaryTests {
    let samples = V2CanarySamples.self

    /// The forms a canary can take in a written capture: as it is, JSON-escaped (once, and
    /// twice inside a body stored as a JSON string), form-encoded.
    static func forms(of canary: String) -> [String] {
        let escaped = String(decoding: JSONValue.string(canary).serialized().dropFirst().dropLast(), as: UTF8.self)
        let twice = String(decoding: JSONValue.string(escaped).serialized().dropFirst().dropLast(), as: UTF8.self)
        return Array(Set([canary, escaped, twice, FormCodec.escape(canary), NativeAuthSamples.formEncode([("x", canary)]).dropFirst(2).description]))
    }

    /// The canaries some form of which is in `bytes`.
    static func survivors(_ bytes: [UInt8], _ canaries: [String]) -> [String] {
        canaries.filter { canary in forms(of: canary).contains { ByteSearch.firstIndex(of: Array($0.utf8), in: bytes) != nil } }
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("v2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The typed path's output (`Redactor.redact`, written by `HARWriter`) and the stream
    /// path's file (`redactFile`), for `input`.
    static func bothPaths(_ input: [UInt8], label: String) throws -> (typed: [UInt8], streamed: [UInt8]) {
        let document = try HARReader.read(bytes: input, source: label)
        let typed = HARWriter.bytes(try Redactor().redact(document).document)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("in.har").path
        try Data(input).write(to: URL(fileURLWithPath: path))
        _ = try Redactor().redactFile(input: path, output: path + ".out")
        let streamed = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path + ".out")))
        return (typed, streamed)
    }

    @Test("Every canary of every V2 journey is in the raw capture, in every layout (the samples hold what they claim)")
    func samplesHoldTheirCanaries() {
        let named = samples.canaries.filter { !$0.hasPrefix("V2CT-") }
        for layout in HARLayout.allCases {
            let found = samples.canaries(in: layout.bytes(samples.document()))
            #expect(Set(named).isSubset(of: Set(found)), "\(layout): \(Set(named).subtracting(found))")
            #expect(found.count - named.count >= 30, "\(layout): \(found.count - named.count) continuation tokens")
        }
    }

    @Test("No V2 canary survives redact's typed or stream path, raw or escaped, in any layout")
    func noCanarySurvivesAnyLayout() throws {
        let document = samples.document()
        for layout in HARLayout.allCases {
            let input = layout.bytes(document)
            let (typed, streamed) = try Self.bothPaths(input, label: "v2 \(layout)")
            #expect(Self.survivors(typed, samples.canaries).isEmpty, "typed \(layout): \(Self.survivors(typed, samples.canaries))")
            #expect(Self.survivors(streamed, samples.canaries).isEmpty, "stream \(layout): \(Self.survivors(streamed, samples.canaries))")
            // The stream path reads back as the typed path's document.
            try StreamRedactionTests.expectSame(input, "v2 \(layout)")
        }
    }

    @Test("Each V2 journey on its own leaves no canary")
    func eachJourneyIsClean() throws {
        for (name, entries) in samples.journeyEntries {
            let (typed, streamed) = try Self.bothPaths(HARLayout.compact.bytes(NativeAuthSamples.document(entries)), label: name)
            #expect(Self.survivors(typed, samples.canaries).isEmpty, "\(name): \(Self.survivors(typed, samples.canaries))")
            #expect(Self.survivors(streamed, samples.canaries).isEmpty, "\(name): \(Self.survivors(streamed, samples.canaries))")
        }
    }

    static func json(_ text: String?) throws -> JSONValue {
        try JSONParser.parse(try #require(text))
    }

    @Test("One V2 token, method id or authorization code gets one placeholder in requests, answers, hrefs, paths and headers")
    func placeholdersAreConsistent() throws {
        let redacted = try Redactor().redact(NativeAuthSamples.document(samples.signInWithPassword())).document
        let entries = redacted.log.entries
        let entryAnswer = try Self.json(entries[0].response.content.text)
        let startRequest = try Self.json(entries[1].request.postData?.text)
        let startAnswer = try Self.json(entries[1].response.content.text)
        let challengeAnswer = try Self.json(entries[2].response.content.text)
        // The 401 body's snake_case token is the camelCase one of the next request.
        let firstToken = try #require(entryAnswer["continuation_token"]?.stringValue)
        #expect(firstToken.hasPrefix("REDACTED-continuation_token-"))
        #expect(startRequest["continuationToken"]?.stringValue == firstToken)
        let secondToken = try #require(startAnswer["continuationToken"]?.stringValue)
        #expect(secondToken != firstToken)
        let challengeToken = try Self.json(entries[2].request.postData?.text)["continuationToken"]?.stringValue
        #expect(challengeToken == secondToken)
        // The wrong and the right password reuse one token: one placeholder.
        let reused = try Self.json(entries[3].request.postData?.text)["continuationToken"]?.stringValue
        let retried = try Self.json(entries[4].request.postData?.text)["continuationToken"]?.stringValue
        #expect(reused != nil && reused == retried)
        // The method id: listed, in its href, in the next request's path, at the top of the
        // answer, in its links, in a Link header and in a Referer.
        let method = try #require(startAnswer["_embedded"]?["methods"]?.arrayValue?.first?["id"]?.stringValue)
        #expect(method.hasPrefix("REDACTED-method_id-"))
        let href = startAnswer["_embedded"]?["methods"]?.arrayValue?.first?["_links"]?["challenge"]?["href"]?.stringValue
        #expect(href == "\(samples.api)/auth/methods/password/\(method)/challenge")
        #expect(entries[2].request.url == "\(samples.api)/auth/methods/password/\(method)/challenge")
        #expect(challengeAnswer["id"]?.stringValue == method)
        #expect(challengeAnswer["_links"]?["verify"]?["href"]?.stringValue == "\(samples.api)/auth/methods/password/\(method)/verify")
        #expect(entries[2].response.headers.first { $0.name == "Link" }?.value == "<\(samples.api)/auth/methods/password/\(method)/verify>; rel=\"verify\"")
        #expect(entries[3].request.headers.first { $0.name == "Referer" }?.value == "\(samples.api)/auth/methods/password/\(method)/challenge")
        #expect(entries[3].request.url == "\(samples.api)/auth/methods/password/\(method)/verify")
        // The authorization code of the O2 answer is the one of the /token form.
        let code = try #require(try Self.json(entries[5].response.content.text)["code"]?.stringValue)
        #expect(code.hasPrefix("REDACTED-code-"))
        let alsoCode = try Self.json(entries[5].response.content.text)["authorizationCode"]?.stringValue
        #expect(alsoCode == code)
        #expect(entries[6].request.postData?.text?.contains("code=\(code)&") == true)
    }

    @Test("Flow fields stay: state, action, factor, type, lengths, attribute descriptions, scenario, error codes, relation names")
    func keptFieldsStay() throws {
        let redacted = try Redactor().redact(samples.document()).document
        let text = String(decoding: HARWriter.bytes(redacted), as: UTF8.self)
        let kept = [
            #"\"state\":\"interactionRequired\""#, #"\"action\":\"challenge\""#, #"\"action\":\"riskverify\""#,
            #"\"authenticationFactor\":\"singleFactor\""#, #"\"authenticationFactor\":\"multiFactor\""#, #"\"type\":\"password\""#,
            #"\"type\":\"sms\""#, #"\"codeLength\":8"#, #"\"payload\":{\"codeLength\":6}"#, #"\"attributeId\":\"displayName\""#,
            #"\"inputType\":\"text\",\"required\":true"#, #"\"attributeIds\":[\"password\"],\"code\":\"passwordPolicyViolation\""#,
            #"\"scenario\":\"recovery\""#, #"\"code\":\"invalidGrant\""#, #"\"innerError\":{\"code\":\"invalidUserNameOrPassword\"}"#,
            #"\"code\":\"redirect_to_web\""#, #"\"correlationId\":\"\#(samples.correlation)\""#, #"\"state\":\"webFallbackRequired\""#,
            "/api/v2.0/register/sms/activate", "/api/v1.0-internal/risk/phone/verify", "/challenge?dc=ESTS-PUB-WUS2",
            "grant_type=authorization_code", "client_id=\(samples.clientID)",
        ]
        for fragment in kept { #expect(text.contains(fragment), "\(fragment) is gone") }
        // An address quoted in an error message is replaced; the message's other words stay.
        #expect(text.contains("AADSTS50184: OTP is incorrect for REDACTED-"))
        // The attribute values were replaced, their names kept.
        #expect(text.contains(#"\"attributes\":{\"email\":\"REDACTED-"#))
        #expect(text.contains(#"\"attributes\":{\"password\":\"REDACTED-"#))
    }

    @Test("check finds every V2 canary in the raw capture and nothing in redact's outputs, in every layout")
    func checkFindsCanariesOnlyInRaw() throws {
        let document = samples.document()
        let raw = HARLayout.compact.bytes(document)
        let canaries = samples.canaries(in: raw)
        let findings = try LeakScanner(canaries: canaries).scan(bytes: raw, file: "raw.har")
        for index in canaries.indices {
            #expect(findings.contains { $0.detector == "canary" && $0.reason.contains("canary #\(index + 1) ") }, "canary \(index + 1) not found")
        }
        for layout in HARLayout.allCases {
            let (typed, streamed) = try Self.bothPaths(layout.bytes(document), label: "v2 \(layout)")
            #expect(try LeakScanner(canaries: canaries).scan(bytes: typed, file: "typed").isEmpty, "typed \(layout)")
            let streamFindings = try LeakScanner(canaries: canaries).scan(bytes: streamed, file: "stream")
            #expect(streamFindings.isEmpty, "stream \(layout): \(streamFindings.prefix(3))")
        }
    }

    @Test("check's own detectors find V2 tokens, passwords, codes, authorization codes, method-id paths and hints without canaries")
    func detectorsFindV2Secrets() throws {
        let findings = try LeakScanner().scan(bytes: HARLayout.compact.bytes(samples.document()), file: "raw.har")
        func has(_ detector: String, _ location: String) -> Bool {
            findings.contains { $0.detector == detector && $0.location.hasSuffix(location) }
        }
        #expect(has("secret-field", "request.postData.text[continuationToken]"))
        #expect(has("secret-field", "response.content.text[continuationToken]"))
        #expect(has("secret-field", "response.content.text[continuation_token]"))
        #expect(has("secret-field", "request.postData.text[password]"))
        #expect(has("secret-field", "request.postData.text[newPassword]"))
        #expect(has("code", "request.postData.text[otp]"))
        #expect(has("code", "request.postData.text[code]"))
        #expect(has("code", "response.content.text[code]"))
        #expect(has("secret-field", "response.content.text[authorizationCode]"))
        #expect(has("method-id", "request.url"))
        #expect(has("method-id", "response.content.text"))
        #expect(has("masked-identifier", "response.content.text[hint]"))
        #expect(has("email", "request.postData.text"))
        #expect(has("phone", "request.postData.text"))
        // Error codes are not authorization codes.
        #expect(!findings.contains { $0.reason.contains("invalidGrant") || ($0.detector == "code" && $0.location.contains("[error]")) })
    }
}
