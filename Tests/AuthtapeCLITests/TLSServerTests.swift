import AsyncHTTPClient
import Foundation
import NativeAuth
import Testing

/// `serve`, `mock`, `fuzz --serve` and `record` with `--tls`, run as a user would, against an HTTPS
/// client that trusts only the authtape CA each run creates in its own temporary `AUTHTAPE_HOME`.
@Suite("HTTPS servers signed by the authtape CA", .serialized)
struct TLSServerTests {
    static let passwordClient = "11111111-2222-4333-8444-555555555555"
    static let codeClient = "22222222-3333-4444-8555-666666666666"

    /// Runs `body` with a started process, a client trusting only its CA, and the value `pattern` found.
    static func withServer(
        _ arguments: [String], waitingFor pattern: String,
        _ body: (LiveProcess, HTTPClient, String) async throws -> Void
    ) async throws {
        let home = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let live = try LiveProcess(arguments, home: home)
        defer { live.interrupt() }
        let found = try #require(try await live.await(pattern), "output: \(live.output)")
        let client = try makeHTTPSClient(trusting: live.caCertificatePath)
        do {
            try await body(live, client, found)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("serve --tls: a sign-up by email code and a password sign-in complete over HTTPS trusting only the authtape CA")
    func serveSignUpAndSignIn() async throws {
        let arguments = ["serve", "--tls", "--port", "0", "--seed", "7", "--admin-token", "tls-test-admin"]
        try await Self.withServer(arguments, waitingFor: #"authority: +(https://127\.0\.0\.1:\d+/\S+)"#) { live, client, authority in
            #expect(live.output.contains("TLS: a certificate for localhost, 127.0.0.1, ::1, signed by the authtape CA"))
            let home = try #require(live.home)
            let keyMode = try FileManager.default.attributesOfItem(
                atPath: home.appendingPathComponent("ca/authtape-ca-key.pem").path)[.posixPermissions] as? Int
            #expect(keyMode == 0o600)
            let authorityURL = try #require(URL(string: authority))
            let base = "https://" + (authorityURL.host ?? "") + ":" + String(authorityURL.port ?? 0)
            let transport = HTTPClientTransport(client: client)

            let signUpApp = try MSALNativeAuthPublicClientApplication(
                clientId: Self.codeClient, authority: authorityURL, challengeTypes: [.OOB],
                environment: NativeAuthEnvironment(transport: transport))
            let start = await signUpApp.signUp(username: "tls-newcomer@contoso.com")
            guard case .codeRequired(let state, _, _, _) = start else {
                Issue.record("expected codeRequired, got \(start.outcome)")
                return
            }
            let outbox = try await fetch(
                client, base + "/_authtape/outbox?user=tls-newcomer%40contoso.com",
                headers: [("Authorization", "Bearer tls-test-admin")])
            #expect(outbox.status == 200)
            let messages = try #require(
                (try JSONSerialization.jsonObject(with: Data(outbox.body)) as? [String: Any])?["messages"] as? [[String: Any]])
            let code = try #require(messages.last?["code"] as? String)
            let verified = await state.submitCode(code: code)
            guard case .completed(let after) = verified else {
                Issue.record("expected completed, got \(verified.outcome)")
                return
            }
            #expect(verified.outcome.callback == "onSignUpCompleted")
            let signedIn = await after.signIn()
            #expect(signedIn.outcome.callback == "onSignInCompleted")

            let signInApp = try MSALNativeAuthPublicClientApplication(
                clientId: Self.passwordClient, authority: authorityURL, challengeTypes: [.OOB, .password],
                environment: NativeAuthEnvironment(transport: transport))
            let signIn = await signInApp.signIn(username: "alex@contoso.com", password: "Sunny-Day-42!")
            #expect(signIn.outcome.callback == "onSignInCompleted")
            #expect(signInApp.getNativeAuthUserAccount()?.idToken != nil)
        }
    }

    @Test("serve --tls: a V2 password sign-in (authorize-challenge, HAL links, code exchange) completes over HTTPS trusting only the authtape CA")
    func serveV2SignIn() async throws {
        let arguments = ["serve", "--tls", "--port", "0", "--seed", "7"]
        try await Self.withServer(arguments, waitingFor: #"authority: +(https://127\.0\.0\.1:\d+/\S+)"#) { _, client, authority in
            let authorityURL = try #require(URL(string: authority))
            let origin = "https://" + (authorityURL.host ?? "") + ":" + String(authorityURL.port ?? 0)
            func object(_ answer: (status: Int, body: [UInt8])) throws -> [String: Any] {
                try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            }
            func href(_ value: Any?) throws -> String { origin + (try #require(value as? String)) }
            func escaped(_ value: String) -> String {
                value.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? value
            }
            let entry = try await fetch(
                client, authority + "/oauth2/v2.0/authorize-challenge", method: .POST,
                form: "client_id=\(Self.passwordClient)&scope=openid+offline_access")
            #expect(entry.status == 401)
            let start = try object(entry)
            let entryToken = try #require(start["continuation_token"] as? String)
            let challenge = try object(try await fetch(
                client, try href(start["sign_in"]), method: .POST,
                json: ["username": "alex@contoso.com", "continuationToken": entryToken]))
            #expect(challenge["action"] as? String == "challenge")
            let methods = try #require((challenge["_embedded"] as? [String: Any])?["methods"] as? [[String: Any]])
            let password = try #require(methods.first { $0["type"] as? String == "password" })
            let passwordLinks = try #require(password["_links"] as? [String: Any])
            let verify = try object(try await fetch(
                client, try href((passwordLinks["challenge"] as? [String: Any])?["href"]), method: .POST,
                json: ["continuationToken": try #require(challenge["continuationToken"] as? String)]))
            #expect(verify["action"] as? String == "verify")
            let verifyLinks = try #require(verify["_links"] as? [String: Any])
            let done = try object(try await fetch(
                client, try href((verifyLinks["verify"] as? [String: Any])?["href"]), method: .POST,
                json: ["continuationToken": try #require(verify["continuationToken"] as? String), "password": "Sunny-Day-42!"]))
            #expect(done["state"] as? String == "continue")
            let doneToken = try #require(done["continuationToken"] as? String)
            let resumed = try object(try await fetch(
                client, authority + "/oauth2/v2.0/authorize-challenge", method: .POST,
                form: "continuation_token=\(escaped(doneToken))"))
            let code = try #require(resumed["code"] as? String)
            let exchange = "grant_type=authorization_code&code=\(escaped(code))&client_id=\(Self.passwordClient)&client_info=true&scope=openid+offline_access"
            let tokens = try await fetch(client, authority + "/oauth2/v2.0/token", method: .POST, form: exchange)
            #expect(tokens.status == 200)
            let tokenBody = try object(tokens)
            #expect(tokenBody["token_type"] as? String == "Bearer")
            #expect((tokenBody["id_token"] as? String)?.split(separator: ".").count == 3)
            // The code is single-use: a second exchange is refused.
            let again = try await fetch(client, authority + "/oauth2/v2.0/token", method: .POST, form: exchange)
            #expect(again.status == 400)
        }
    }

    @Test("serve --tls is refused by a client trusting only the system roots, or another CA")
    func serveUntrustedElsewhere() async throws {
        try await Self.withServer(
            ["serve", "--tls", "--port", "0", "--seed", "7"], waitingFor: #"listening on (https://127\.0\.0\.1:\d+)"#
        ) { _, trusting, base in
            let health = try await fetch(trusting, base + "/_authtape/health")
            #expect(health.status == 200)
            let system = try makeHTTPSClient(trusting: nil)
            await #expect(throws: (any Error).self) { _ = try await fetch(system, base + "/_authtape/health") }
            try await system.shutdown()
            // A CA of another installation signs nothing this server presents.
            let otherHome = try temporaryHome()
            defer { try? FileManager.default.removeItem(at: otherHome) }
            let other = try LiveProcess(["ca", "path"], home: otherHome)
            other.process.waitUntilExit()
            let stranger = try makeHTTPSClient(trusting: other.caCertificatePath)
            await #expect(throws: (any Error).self) { _ = try await fetch(stranger, base + "/_authtape/health") }
            try await stranger.shutdown()
        }
    }

    @Test("serve --tls --tls-host names another address in the certificate; --tls-host alone is a usage error")
    func tlsHostOption() async throws {
        try await Self.withServer(
            ["serve", "--tls", "--tls-host", "10.0.2.2", "--port", "0"], waitingFor: #"listening on (https://127\.0\.0\.1:\d+)"#
        ) { live, client, base in
            #expect(live.output.contains("a certificate for localhost, 127.0.0.1, ::1, 10.0.2.2, signed"))
            let health = try await fetch(client, base + "/_authtape/health")
            #expect(health.status == 200)
        }
        let usage = try CLIRunner.run(["serve", "--tls-host", "10.0.2.2"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--tls-host needs --tls"))
        let both = try CLIRunner.run(["mock", "captures/signin-password.har", "--tls", "--tls-cert", "a.pem", "--tls-key", "b.pem"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give either --tls or --tls-cert/--tls-key"))
    }

    @Test("mock --tls: the engine replays a shipped capture over HTTPS trusting only the authtape CA")
    func mockReplay() async throws {
        try await Self.withServer(
            ["mock", "captures/signin-password.har", "--tls", "--port", "0"],
            waitingFor: #"authority: (https://127\.0\.0\.1:\d+/\S+)"#
        ) { live, client, authority in
            let app = try MSALNativeAuthPublicClientApplication(
                clientId: Self.passwordClient, authority: try #require(URL(string: authority)),
                challengeTypes: [.OOB, .password], environment: NativeAuthEnvironment(transport: HTTPClientTransport(client: client)))
            // A real user types real values; the capture's placeholders match any of them.
            let result = await app.signIn(username: "someone@contoso.com", password: "Typed-Pass-9")
            #expect(result.outcome.callback == "onSignInCompleted", "\(live.output)")
            #expect(live.output.contains("serving 3 recorded exchanges of captures/signin-password.har"))
            let served = try await live.await(#"(?s)(served.*served.*served)"#, seconds: 30)
            #expect(served != nil, "\(live.output)")
            #expect(!live.output.contains("Typed-Pass-9"))
        }
    }

    @Test("fuzz --serve --tls: a mutated answer reaches an HTTPS client trusting only the authtape CA")
    func fuzzServeMutates() async throws {
        try await Self.withServer(
            ["fuzz", "--serve", "captures/signin-password.har", "--port", "0", "--seed", "5", "--operators", "extraField",
             "--tls"],
            waitingFor: #"on (https://127\.0\.0\.1:\d+) \(authority: https://"#
        ) { live, client, base in
            let answer = try await fetch(
                client, base + "/contoso.onmicrosoft.com/oauth2/v2.0/initiate", method: .POST,
                form: "client_id=x&username=alex%40example.com&password=Secret-Typed-1")
            #expect(answer.status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            #expect(object["continuation_token"] != nil)
            let logged = try await live.await(#"(#0 POST [^\n]*)"#)
            #expect(logged?.contains("[signInInitiate] extraField") == true, "\(live.output)")
            // extraField adds a member the recorded answer does not have.
            #expect(object.count >= 2)
            #expect(!live.output.contains("Secret-Typed-1"))
        }
    }

    @Test("record --tls: the reverse proxy's listening side speaks HTTPS and the engine's exchanges are captured")
    func recordListensOverTLS() async throws {
        let out = try temporaryHome()
        defer { try? FileManager.default.removeItem(at: out) }
        let capture = out.appendingPathComponent("tls.har").path
        let arguments = ["record", "--tls", "--port", "0", "--quiet", "--out", capture]
        var finished: LiveProcess?
        try await Self.withServer(arguments, waitingFor: #"authority: (https://127\.0\.0\.1:\d+/\S+)"#) { live, client, authority in
            finished = live
            let app = try MSALNativeAuthPublicClientApplication(
                clientId: Self.passwordClient, authority: try #require(URL(string: authority)),
                challengeTypes: [.OOB, .password], environment: NativeAuthEnvironment(transport: HTTPClientTransport(client: client)))
            let result = await app.signIn(username: "alex@contoso.com", password: "Sunny-Day-42!")
            #expect(result.outcome.callback == "onSignInCompleted", "\(live.output)")
            #expect(authority.hasSuffix("/contoso.onmicrosoft.com"))
        }
        let live = try #require(finished)
        #expect(live.process.terminationStatus == 0, "\(live.output)")
        let written = try #require(try await live.await(#"wrote (\d+) entries"#, seconds: 30), "\(live.output)")
        #expect((Int(written) ?? 0) >= 2)
        let text = try String(contentsOfFile: capture, encoding: .utf8)
        #expect(text.contains("/oauth2/v2.0/initiate"))
        #expect(!text.contains("Sunny-Day-42!"))
        let forward = try CLIRunner.run(["record", "--forward", "--tls"])
        #expect(forward.status == 64)
        #expect(forward.stderr.contains("--forward intercepts TLS after CONNECT"))
    }
}
