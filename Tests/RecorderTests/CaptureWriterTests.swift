import Foundation
import HAR
import Testing

@testable import Recorder

/// Canary secrets that must never reach a file or a log line.
enum Canary {
    static let password = "Canary-Pa55word!"
    static let code = "73915"
    static let continuationToken = "CANARY-CT-0123456789abcdef"
    static let secondToken = "CANARY-CT2-fedcba9876543210"
    static let accessToken = "eyJhbGciOiJSUzI1NiJ9.eyJjYW5hcnkiOiJ0b2tlbiJ9.Q2FuYXJ5U2lnbmF0dXJl"
    static let refreshToken = "CANARY-RT-00000000000000000"
    static let all = [password, code, continuationToken, secondToken, accessToken, refreshToken]
}

/// `{"error":"invalid_grant","suberror":"password_too_weak","continuation_token":"CANARY-CT-GZ"}`, gzip-compressed.
let gzippedError: [UInt8] = [
    31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 74, 45, 42, 202, 47, 82, 178, 82, 202, 204, 43, 75, 204, 201, 76, 137,
    79, 47, 74, 204, 43, 81, 210, 81, 42, 46, 77, 130, 73, 21, 36, 22, 23, 151, 231, 23, 165, 196, 151, 228, 231, 199,
    151, 167, 38, 102, 3, 165, 147, 243, 243, 74, 50, 243, 74, 19, 75, 50, 243, 243, 128, 226, 217, 169, 121, 64, 133,
    206, 142, 126, 142, 65, 145, 186, 206, 33, 186, 238, 81, 74, 181, 0, 238, 131, 160, 124, 92, 0, 0, 0,
]

func exchange(
    _ sequence: UInt64, path: String, form: String, response: String, status: Int = 200,
    clientRequestID: String = "11111111-2222-3333-4444-555555555555", responseHeaders: [RecordedHeader]? = nil,
    responseBody: [UInt8]? = nil
) -> RecordedExchange {
    RecordedExchange(
        sequence: sequence, connectionID: 1, startedAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(sequence)),
        request: RecordedRequest(
            method: "POST", url: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com/\(path)", httpVersion: "HTTP/1.1",
            headers: [
                RecordedHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
                RecordedHeader(name: "client-request-id", value: clientRequestID),
            ], body: Array(form.utf8)),
        response: RecordedResponse(
            status: status, reason: status == 200 ? "OK" : "Bad Request", httpVersion: "HTTP/1.1",
            headers: responseHeaders ?? [RecordedHeader(name: "Content-Type", value: "application/json")],
            body: responseBody ?? Array(response.utf8)),
        timings: RecordedTimings(connect: 1, send: 0.1, wait: 2, receive: 0.2))
}

func temporaryCapturePath() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-capture-\(UUID())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("capture.har").path
}

@Suite("Capture writer")
struct CaptureWriterTests {
    /// A sign-up chained by continuation tokens, then an unrelated sign-in.
    func signUpThenSignIn() -> [RecordedExchange] {
        [
            exchange(1, path: "signup/v1.0/start",
                form: "client_id=c&username=a%40b.com&password=\(Canary.password)",
                response: #"{"continuation_token":"\#(Canary.continuationToken)"}"#,
                clientRequestID: "aaaaaaaa-0000-0000-0000-000000000001"),
            exchange(2, path: "signup/v1.0/challenge",
                form: "client_id=c&continuation_token=\(Canary.continuationToken)&challenge_type=oob",
                response: #"{"continuation_token":"\#(Canary.secondToken)","challenge_type":"oob"}"#,
                clientRequestID: "aaaaaaaa-0000-0000-0000-000000000002"),
            exchange(3, path: "signup/v1.0/continue",
                form: "continuation_token=\(Canary.secondToken)&grant_type=oob&oob=\(Canary.code)",
                response: #"{"error":"invalid_grant","suberror":"invalid_oob_value"}"#, status: 400,
                clientRequestID: "aaaaaaaa-0000-0000-0000-000000000003"),
            exchange(4, path: "oauth2/v2.0/initiate", form: "client_id=c&username=x%40y.com",
                response: #"{"access_token":"\#(Canary.accessToken)","refresh_token":"\#(Canary.refreshToken)"}"#,
                clientRequestID: "bbbbbbbb-0000-0000-0000-000000000001"),
        ]
    }

    @Test("writes a valid 0600 HAR whose entries are grouped into flows by continuation token")
    func writesGroupedCapture() throws {
        let path = temporaryCapturePath()
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
        for item in signUpThenSignIn() { writer.record(item) }
        #expect(try writer.finish() == 4)

        let document = try HARReader.read(contentsOf: path)
        let fields = document.log.entries.map { $0.authtape }
        #expect(fields.map { $0?.flowId } == ["flow-1", "flow-1", "flow-1", "flow-2"])
        #expect(fields.map { $0?.flowKind } == ["signUp", "signUp", "signUp", "signIn"])
        #expect(fields.map { $0?.step } == [
            "signup/v1.0/start", "signup/v1.0/challenge", "signup/v1.0/continue", "oauth2/v2.0/initiate",
        ])
        #expect(document.log.entries[2].response.status == 400)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: writer.journalPath))
    }

    @Test("no canary secret reaches the journal, the HAR or the console")
    func canaries() throws {
        let path = temporaryCapturePath()
        let lines = SendableBox<[String]>([])
        let console = ExchangeConsoleLog(format: .text) { line in lines.mutate { $0.append(line) } }
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: console)
        for item in signUpThenSignIn() { writer.record(item) }
        let journal = try String(contentsOfFile: writer.journalPath, encoding: .utf8)
        try writer.finish()
        let har = try String(contentsOfFile: path, encoding: .utf8)
        let log = lines.value.joined(separator: "\n")
        #expect(lines.value.count == 4)
        #expect(log.contains("invalid_grant/invalid_oob_value"))
        for canary in Canary.all {
            #expect(!journal.contains(canary), "journal leaks \(canary)")
            #expect(!har.contains(canary), "HAR leaks \(canary)")
            #expect(!log.contains(canary), "console leaks \(canary)")
        }
    }

    @Test("stores a gzip response decoded and prints its error codes")
    func gzipDecoded() throws {
        let path = temporaryCapturePath()
        let lines = SendableBox<[String]>([])
        let console = ExchangeConsoleLog(format: .json) { line in lines.mutate { $0.append(line) } }
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: console)
        writer.record(
            exchange(1, path: "oauth2/v2.0/token", form: "grant_type=password", response: "", status: 400,
                responseHeaders: [
                    RecordedHeader(name: "Content-Type", value: "application/json"),
                    RecordedHeader(name: "Content-Encoding", value: "gzip"),
                ], responseBody: gzippedError))
        try writer.finish()
        let entry = try #require(try HARReader.read(contentsOf: path).log.entries.first)
        let text = try #require(entry.response.content.text)
        #expect(text.contains(#""suberror":"password_too_weak""#))
        #expect(!text.contains("CANARY-CT-GZ"))
        #expect(entry.response.bodySize == gzippedError.count)
        let line = try #require(lines.value.first)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object?["error"] as? String == "invalid_grant")
        #expect(object?["suberror"] as? String == "password_too_weak")
        #expect(object?["endpoint"] as? String == "oauth2/v2.0/token")
    }

    @Test("a journal left without finishing is recovered with every appended exchange")
    func recoversLeftover() throws {
        let path = temporaryCapturePath()
        do {
            let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
            for item in signUpThenSignIn().prefix(3) { writer.record(item) }
            // No finish: as if the process had been killed.
        }
        #expect(FileManager.default.fileExists(atPath: HARJournal.journalPath(forCapture: path)))
        let (entries, dropped) = try CaptureWriter.recover(outputPath: path)
        #expect(entries == 3)
        #expect(dropped == 0)
        #expect(try HARReader.read(contentsOf: path).log.entries.count == 3)
    }

    @Test("the next recording with the same output recovers a leftover journal into a side file")
    func nextRunRecovers() throws {
        let path = temporaryCapturePath()
        do {
            let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
            for item in signUpThenSignIn().prefix(2) { writer.record(item) }
        }
        let writer = try CaptureWriter(settings: .init(outputPath: path), console: nil)
        let leftover = try #require(writer.leftover)
        #expect(leftover.entries == 2)
        #expect(leftover.path.contains(".recovered-"))
        #expect(try HARReader.read(contentsOf: leftover.path).log.entries.count == 2)
        writer.record(signUpThenSignIn()[3])
        #expect(try writer.finish() == 1)
    }
}

@Suite("Flow tracking")
struct FlowTrackerTests {
    @Test("reads one form field as the full form decoder would, the last of a name winning")
    func formValue() {
        let bodies = [
            "continuation_token=a%2Bb&x=1", "x=1&continuation%5Ftoken=c+d", "continuation_token", "a=1",
            "continuation_token=1&continuation_token=2", "", "continuation_token=&y", "%zz=1&continuation_token=%4",
        ]
        for body in bodies {
            let bytes = Array(body.utf8)
            #expect(BodyFields.formValue("continuation_token", in: bytes) == BodyFields.form(bytes)["continuation_token"], "\(body)")
        }
    }

    @Test("decodes form bodies with percent escapes, plus signs and broken escapes")
    func form() {
        let fields = BodyFields.form(Array("a=x%40y.com&b=one+two&c=%zz%4&d&e=%E2%9C%93".utf8))
        #expect(fields == ["a": "x@y.com", "b": "one two", "c": "%zz%4", "d": "", "e": "✓"])
    }

    @Test("names the native-auth step of a path and keeps other paths whole")
    func steps() {
        #expect(FlowTracker.step(ofPath: "/contoso.onmicrosoft.com/signup/v1.0/start") == "signup/v1.0/start")
        #expect(FlowTracker.step(ofPath: "/t/oauth2/v2.0/token") == "oauth2/v2.0/token")
        #expect(FlowTracker.step(ofPath: "/t/v2.0/.well-known/openid-configuration") == "/t/v2.0/.well-known/openid-configuration")
    }

    @Test("joins a request to the flow whose response handed out its continuation token, else to its request id")
    func chaining() {
        var tracker = FlowTracker()
        let a = tracker.assign(path: "/t/resetpassword/v1.0/start", requestForm: [:], clientRequestID: "r1",
            responseContinuationToken: "ct-1")
        let b = tracker.assign(path: "/t/oauth2/v2.0/initiate", requestForm: [:], clientRequestID: "r2",
            responseContinuationToken: "ct-2")
        let c = tracker.assign(path: "/t/resetpassword/v1.0/challenge", requestForm: ["continuation_token": "ct-1"],
            clientRequestID: "r3", responseContinuationToken: nil)
        let d = tracker.assign(path: "/t/oauth2/v2.0/challenge", requestForm: [:], clientRequestID: "R2",
            responseContinuationToken: nil)
        #expect(a.kind == "resetPassword" && b.kind == "signIn")
        #expect(a.flowID != b.flowID)
        #expect(c.flowID == a.flowID)
        #expect(d.flowID == b.flowID)
    }

    @Test("keeps tokens as digests that match only the same token and hold none of its text")
    func tokenDigests() {
        let token = "CANARY-token-\(String(repeating: "x", count: 300))"
        #expect(TokenDigest(token) == TokenDigest(String(token)))
        var digests: Set<TokenDigest> = [TokenDigest(token)]
        // One byte changed anywhere, or one byte more or less, gives another digest.
        for index in stride(from: 0, to: token.utf8.count, by: 7) {
            var bytes = Array(token.utf8)
            bytes[index] ^= 0x01
            digests.insert(TokenDigest(String(decoding: bytes, as: UTF8.self)))
        }
        digests.insert(TokenDigest(token + "x"))
        digests.insert(TokenDigest(String(token.dropLast())))
        digests.insert(TokenDigest(""))
        #expect(digests.count == 1 + (token.utf8.count + 6) / 7 + 3)
        #expect(!String(describing: TokenDigest(token)).contains("CANARY"))
    }

    @Test("remembers only the most recent tokens, so memory stays bounded on long recordings")
    func boundedMemory() {
        var tracker = FlowTracker(memory: 4)
        let first = tracker.assign(path: "/t/oauth2/v2.0/initiate", requestForm: [:], clientRequestID: nil,
            responseContinuationToken: "ct-0")
        for index in 1...4 {
            _ = tracker.assign(path: "/t/oauth2/v2.0/initiate", requestForm: [:], clientRequestID: nil,
                responseContinuationToken: "ct-\(index)")
        }
        // ct-0 was the oldest of five: forgotten, so its follow-up starts a new flow; ct-4 is still known.
        let late = tracker.assign(path: "/t/oauth2/v2.0/challenge", requestForm: ["continuation_token": "ct-0"],
            clientRequestID: nil, responseContinuationToken: nil)
        let recent = tracker.assign(path: "/t/oauth2/v2.0/challenge", requestForm: ["continuation_token": "ct-4"],
            clientRequestID: nil, responseContinuationToken: nil)
        #expect(late.flowID != first.flowID)
        #expect(recent.flowID == "flow-5")
        #expect(recent.kind == "signIn")

        var map = BoundedMap<Int, Int>(capacity: 3)
        for key in 0..<100 { map[key] = key * 2 }
        #expect(map.count == 3)
        #expect(map[99] == 198 && map[97] == 194 && map[96] == nil)
    }
}
