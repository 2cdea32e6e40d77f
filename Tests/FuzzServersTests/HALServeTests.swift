import Emulator
import Foundation
import HAR
import Logging
import Testing

@testable import Fuzz
@testable import FuzzServers

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `authtape fuzz --serve` with V2 (spec native-auth-v2): a V2 capture served to a real HTTP client,
/// HAL operators applied on the fly, and V2 proxied to the emulator.
@Suite("Mutating server, V2", .serialized)
struct HALServeTests {
    typealias LogBox = MutatingServerTests.LogBox

    struct Answer {
        var status: Int
        var json: [String: Any]
        var text: String
        subscript(_ key: String) -> String? { json[key] as? String }
        func link(_ relation: String) -> String? { ((json["_links"] as? [String: Any])?[relation] as? [String: Any])?["href"] as? String }
        var methods: [[String: Any]] { (json["_embedded"] as? [String: Any])?["methods"] as? [[String: Any]] ?? [] }
    }

    /// One request over a fresh URLSession; `path` is absolute or relative to `base`.
    static func send(_ base: URL, _ method: String, _ path: String, json: String? = nil, form: String? = nil) async throws -> Answer {
        var request = URLRequest(url: try #require(URL(string: path.hasPrefix("http") ? path : base.absoluteString + path)), timeoutInterval: 10)
        request.httpMethod = method
        request.setValue(json == nil ? "application/x-www-form-urlencoded" : "application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data((json ?? form ?? "").utf8)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? -1, json: object, text: String(decoding: data, as: UTF8.self))
    }

    // MARK: A V2 capture

    static let tenant = "/REDACTED-tenant-1"
    static let method = "REDACTED-method_id-1"

    static func entry(_ index: Int, _ method: String, _ path: String, json: String? = nil, form: String? = nil, status: Int, answer: String) -> HAREntry {
        let type = json == nil ? "application/x-www-form-urlencoded" : "application/json"
        let body = json ?? form ?? ""
        return HAREntry(
            startedDateTime: "2026-11-28T10:00:\(String(format: "%02d", index)).000Z", time: 10,
            request: HARRequest(method: method, url: "https://login.contoso.com" + tenant + path, headers: [HARHeader(name: "Content-Type", value: type)],
                                postData: HARPostData(mimeType: type, text: body), bodySize: body.utf8.count),
            response: HARResponse(status: status, headers: [HARHeader(name: "Content-Type", value: "application/json; charset=utf-8")],
                                  content: HARContent(size: answer.utf8.count, mimeType: "application/json; charset=utf-8", text: answer),
                                  bodySize: answer.utf8.count))
    }

    /// A redacted V2 password sign-in with a wrong password first, and a password update (`PUT`).
    static func writeCapture() throws -> String {
        let api = "\(tenant)/api/v2.0"
        let methodPath = "/api/v2.0/auth/methods/password/\(method)"
        let entries = [
            entry(0, "POST", "/oauth2/v2.0/authorize-challenge", form: "client_id=11111111-2222-4333-8444-555555555555", status: 401,
                  answer: #"{"continuation_token":"REDACTED-continuation_token-1","sign_in":"\#(api)/signin/start"}"#),
            entry(1, "POST", "/api/v2.0/signin/start", json: #"{"username":"REDACTED-username-1","continuationToken":"REDACTED-continuation_token-1"}"#, status: 200,
                  answer: #"{"state":"interactionRequired","action":"challenge","continuationToken":"REDACTED-continuation_token-2","challengeContext":{"authenticationFactor":"singleFactor"},"_embedded":{"methods":[{"id":"\#(method)","type":"password","_links":{"challenge":{"href":"\#(tenant + methodPath)/challenge"}}}]}}"#),
            entry(2, "POST", methodPath + "/challenge", json: #"{"continuationToken":"REDACTED-continuation_token-2"}"#, status: 200,
                  answer: #"{"state":"interactionRequired","action":"verify","continuationToken":"REDACTED-continuation_token-3","id":"\#(method)","type":"password","_links":{"verify":{"href":"\#(tenant + methodPath)/verify"},"recover":{"href":"\#(tenant + methodPath)/recover"}}}"#),
            entry(3, "POST", methodPath + "/verify", json: #"{"continuationToken":"REDACTED-continuation_token-3","password":"REDACTED-password-1"}"#, status: 400,
                  answer: #"{"error":{"code":"invalidGrant","message":"AADSTS50126: Error validating credentials.","innerError":{"code":"invalidUserNameOrPassword"}}}"#),
            entry(4, "POST", methodPath + "/verify", json: #"{"continuationToken":"REDACTED-continuation_token-3","password":"REDACTED-password-2"}"#, status: 200,
                  answer: #"{"state":"continue","continuationToken":"REDACTED-continuation_token-4","_links":{"continue":{"href":"\#(tenant)/oauth2/v2.0/authorize-challenge"}}}"#),
            entry(5, "POST", "/oauth2/v2.0/authorize-challenge", form: "continuation_token=REDACTED-continuation_token-4", status: 200,
                  answer: #"{"code":"REDACTED-code-1"}"#),
            entry(6, "POST", "/oauth2/v2.0/token", form: "grant_type=authorization_code&code=REDACTED-code-1", status: 200,
                  answer: #"{"token_type":"Bearer","access_token":"REDACTED-access_token-1","expires_in":3599}"#),
            entry(7, "PUT", "/api/v2.0/resetpassword/update", json: #"{"continuationToken":"REDACTED-continuation_token-5","newPassword":"REDACTED-password-3"}"#, status: 200,
                  answer: #"{"state":"interactionRequired","action":"poll","continuationToken":"REDACTED-continuation_token-6","_links":{"poll":{"href":"\#(api)/resetpassword/poll"}}}"#),
            entry(8, "POST", "/oauth2/v2.0/initiate", form: "client_id=1&username=REDACTED-username-1", status: 200,
                  answer: #"{"challenge_type":"redirect"}"#),
        ]
        let document = HARDocument(log: HARLog(creator: HARCreator(name: "test", version: "1"), entries: entries))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("authtape-h13-v2-\(UUID().uuidString).har").path
        try HARWriter.write(document, to: path)
        return path
    }

    @Test("a V2 capture answers JSON and PUT requests by method and path; a redacted method id stands for any, and O1 and O2 keep their own answers")
    func servesV2Capture() async throws {
        let path = try Self.writeCapture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = LogBox()
        let server = try await MutatingServer.start(.init(source: .capture(try CaptureAnswers(contentsOf: path)), seed: 7, rate: 0)) { log.add($0) }
        let base = server.baseURL
        let t = "/contoso.onmicrosoft.com"
        let resumed = try await Self.send(base, "POST", t + "/oauth2/v2.0/authorize-challenge", form: "continuation_token=CT-4")
        let started = try await Self.send(base, "POST", t + "/oauth2/v2.0/authorize-challenge", form: "client_id=1111&scope=openid")
        let challenge = try await Self.send(base, "POST", try #require(started["sign_in"]), json: #"{"username":"alex@contoso.com","continuationToken":"CT-0"}"#)
        let verify = try await Self.send(base, "POST", t + "/api/v2.0/auth/methods/password/pw-live-77/challenge", json: #"{"continuationToken":"CT-1"}"#)
        let wrong = try await Self.send(base, "POST", try #require(verify.link("verify")), json: #"{"continuationToken":"CT-2","password":"Wrong-1"}"#)
        let done = try await Self.send(base, "POST", t + "/api/v2.0/auth/methods/password/pw-live-77/verify", json: #"{"continuationToken":"CT-2","password":"Right-2"}"#)
        let tokens = try await Self.send(base, "POST", t + "/oauth2/v2.0/token", form: "grant_type=authorization_code&code=AC-1&client_id=1111")
        let updated = try await Self.send(base, "PUT", t + "/api/v2.0/resetpassword/update", json: #"{"continuationToken":"CT-5","newPassword":"New-3"}"#)
        let posted = try await Self.send(base, "POST", t + "/api/v2.0/resetpassword/update", json: #"{"continuationToken":"CT-5"}"#)
        let elsewhere = try await Self.send(base, "POST", t + "/api/v2.0/auth/methods/email/pw-live-77/challenge", json: #"{"continuationToken":"CT-1"}"#)
        await server.stop()

        #expect(resumed.status == 200 && resumed["code"] == "REDACTED-code-1")
        #expect(started.status == 401 && started["sign_in"] == "/REDACTED-tenant-1/api/v2.0/signin/start")
        #expect(challenge["action"] == "challenge")
        #expect(verify["action"] == "verify")
        #expect(wrong.status == 400)
        #expect(done["state"] == "continue")
        #expect(tokens["access_token"] == "REDACTED-access_token-1")
        #expect(updated["action"] == "poll")
        #expect(posted.status == 404 && (posted.json["error"] as? [String: Any])?["code"] as? String == "not_found")
        #expect(elsewhere.status == 404)
        #expect(log.entries.map(\.step) == [
            "authorizeResume", "authorizeStart", "signInStart", "challenge", "verifyPassword", "verifyPassword", "tokenExchange",
            "updatePassword", "updatePassword", "challenge",
        ])
        #expect(log.entries.allSatisfy { $0.operatorName == nil })
        #expect(log.entries.map(\.method) == ["POST", "POST", "POST", "POST", "POST", "POST", "POST", "PUT", "POST", "POST"])
        let lines = log.entries.map(\.line).joined(separator: "\n")
        for secret in ["Wrong-1", "Right-2", "New-3", "CT-0", "CT-1", "CT-2", "CT-5", "AC-1"] {
            #expect(!lines.contains(secret), "\(secret) in \(lines)")
        }
    }

    @Test("a chosen HAL operator mutates the V2 answers of a capture, names itself in the line, and leaves its V1 answers alone")
    func halOperatorOnCapture() async throws {
        let path = try Self.writeCapture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = LogBox()
        let server = try await MutatingServer.start(
            .init(source: .capture(try CaptureAnswers(contentsOf: path)), seed: 11, operators: [HALLinkDropOperator()])) { log.add($0) }
        let base = server.baseURL
        let t = "/contoso.onmicrosoft.com"
        let v1 = try await Self.send(base, "POST", t + "/oauth2/v2.0/initiate", form: "client_id=1&username=alex%40contoso.com")
        let verify = try await Self.send(base, "POST", t + "/api/v2.0/auth/methods/password/pw-9/challenge", json: #"{"continuationToken":"CT-1"}"#)
        await server.stop()

        #expect(v1.text == #"{"challenge_type":"redirect"}"#)
        #expect(verify["action"] == "verify")
        let links = (verify.json["_links"] as? [String: Any]).map { Set($0.keys) }
        #expect(links == ["verify"] || links == ["recover"])
        let entries = log.entries
        #expect(entries.map(\.operatorName) == [nil, "halLinkDrop"])
        #expect(entries.map(\.step) == ["signInInitiate", "challenge"])
        let line = try #require(entries.last?.line)
        #expect(line.hasPrefix("#1 POST /contoso.onmicrosoft.com/api/v2.0/auth/methods/password/pw-9/challenge [challenge] halLinkDrop (dropped _links."))
        #expect(line.hasSuffix("→ 200"))
    }

    @Test("V1 exchanges of a capture are served as before V2: the serve set mutates them exactly as the V1 set does")
    func v1Unchanged() async throws {
        let path = try Self.writeCapture()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var runs: [[String]] = []
        var bodies: [String] = []
        for operators in [Operators.all, Operators.serve] {
            let log = LogBox()
            let server = try await MutatingServer.start(
                .init(source: .capture(try CaptureAnswers(contentsOf: path)), seed: 5, operators: operators.filter { $0.name != "transportFault" })) { log.add($0) }
            let answer = try await Self.send(server.baseURL, "POST", "/t/oauth2/v2.0/initiate", form: "client_id=1&username=alex%40contoso.com")
            await server.stop()
            runs.append(log.entries.map(\.line))
            bodies.append(answer.text)
        }
        #expect(runs[0].count == 1)
        #expect(runs[0] == runs[1])
        #expect(bodies[0] == bodies[1])
    }

    // MARK: Upstream

    @Test("proxying V2 to the emulator: a password sign-in and a password reset's PUT pass through with a HAL mutation on every answer")
    func upstreamV2() async throws {
        let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let emulator = try await EmulatorServer.start(config: .default, seed: 5, logger: quiet)
        let log = LogBox()
        let proxy = try await MutatingServer.start(.init(source: .upstream(emulator.baseURL), seed: 3, operators: [HALUnknownRelationOperator()])) { log.add($0) }
        let base = proxy.baseURL
        let t = emulator.authorityURL.path
        let client = "client_id=11111111-2222-4333-8444-555555555555&scope=openid%20offline_access"
        var answers: [Answer] = []
        do {
            let entry = try await Self.send(base, "POST", t + "/oauth2/v2.0/authorize-challenge", form: client)
            let challenge = try await Self.send(
                base, "POST", try #require(entry["sign_in"]), json: #"{"username":"alex@contoso.com","continuationToken":"\#(entry["continuation_token"] ?? "")"}"#)
            let password = try #require(challenge.methods.first { $0["type"] as? String == "password" })
            let passwordLink = ((password["_links"] as? [String: Any])?["challenge"] as? [String: Any])?["href"] as? String
            let verify = try await Self.send(base, "POST", try #require(passwordLink), json: #"{"continuationToken":"\#(challenge["continuationToken"] ?? "")"}"#)
            let done = try await Self.send(
                base, "POST", try #require(verify.link("verify")), json: #"{"continuationToken":"\#(verify["continuationToken"] ?? "")","password":"Sunny-Day-42!"}"#)
            let code = try await Self.send(base, "POST", t + "/oauth2/v2.0/authorize-challenge", form: "continuation_token=\(done["continuationToken"] ?? "")")
            let tokens = try await Self.send(
                base, "POST", t + "/oauth2/v2.0/token",
                form: "grant_type=authorization_code&code=\(code["code"] ?? "")&client_id=11111111-2222-4333-8444-555555555555&client_info=true")
            answers = [entry, challenge, verify, done, code, tokens]

            let reset = try await Self.send(base, "POST", t + "/oauth2/v2.0/authorize-challenge", form: client)
            let resetChallenge = try await Self.send(
                base, "POST", try #require(reset["reset_password"]), json: #"{"username":"alex@contoso.com","continuationToken":"\#(reset["continuation_token"] ?? "")"}"#)
            let email = try #require(resetChallenge.methods.first { $0["type"] as? String == "email" })
            let emailLink = ((email["_links"] as? [String: Any])?["challenge"] as? [String: Any])?["href"] as? String
            let otp = try await Self.send(base, "POST", try #require(emailLink), json: #"{"continuationToken":"\#(resetChallenge["continuationToken"] ?? "")"}"#)
            let sent = try #require(emulator.core.latestCode(for: "alex@contoso.com"))
            let update = try await Self.send(
                base, "POST", try #require(otp.link("verify")), json: #"{"continuationToken":"\#(otp["continuationToken"] ?? "")","otp":"\#(sent)"}"#)
            let polled = try await Self.send(
                base, "PUT", try #require(update.link("update")), json: #"{"continuationToken":"\#(update["continuationToken"] ?? "")","newPassword":"Brand-New-77!"}"#)
            answers += [reset, resetChallenge, otp, update, polled]
        } catch {
            await proxy.stop()
            await emulator.shutdown()
            throw error
        }
        await proxy.stop()
        await emulator.shutdown()

        #expect(answers.map(\.status) == [401, 200, 200, 200, 200, 200, 401, 200, 200, 200, 200])
        #expect(answers[3]["state"] == "continue")
        #expect(answers[5]["access_token"] != nil)
        #expect(answers[9]["action"] == "update")
        #expect(answers[10]["action"] == "poll" || answers[10]["state"] == "continue")
        // Every answer carries the added relation next to the emulator's own links.
        for answer in answers {
            let relations = Set(((answer.json["_links"] as? [String: Any]) ?? [:]).keys)
            #expect(!relations.isDisjoint(with: HALUnknownRelationOperator.relations), "\(answer.text)")
        }
        let entries = log.entries
        #expect(entries.map(\.step) == [
            "authorizeStart", "signInStart", "challenge", "verifyPassword", "authorizeResume", "tokenExchange",
            "authorizeStart", "resetPasswordStart", "challenge", "verifyCode", "updatePassword",
        ])
        #expect(entries.allSatisfy { $0.operatorName == "halUnknownRelation" })
        #expect(entries.last?.method == "PUT")
        let lines = entries.map(\.line).joined(separator: "\n")
        var secrets = ["Sunny-Day-42!", "Brand-New-77!"]
        for answer in answers {
            secrets += [answer["continuationToken"], answer["continuation_token"], answer["code"], answer["access_token"]].compactMap { $0 }
            secrets += answer.methods.compactMap { $0["id"] as? String }.filter { $0.count >= 4 }
        }
        for secret in secrets { #expect(!lines.contains(secret), "\(secret) in \(lines)") }
    }
}
