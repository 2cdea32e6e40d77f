import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import Emulator

/// Authorization codes, continuation tokens, admin endpoints and faults for V2 over real HTTP.
@Suite("V2 authorization codes, tokens and operator tools")
struct V2AuthorizationTests {
    /// Signs alex in with the password up to `state: continue`.
    static func signedIn(_ d: V2Driver) async throws -> V2Driver.Answer {
        let challenge = try await d.begin("sign_in", username: "alex@contoso.com")
        let verify = try await d.follow(challenge.challenge("password"), from: challenge)
        return try await d.follow(verify.link("verify"), from: verify, [("password", .string("Sunny-Day-42!"))])
    }

    static func resume(_ d: V2Driver, _ done: V2Driver.Answer) async throws -> V2Driver.Answer {
        try await d.form("/oauth2/v2.0/authorize-challenge", [("continuation_token", done.token ?? "")])
    }

    @Test("an authorization code is redeemed once; the second exchange is invalid_grant AADSTS54005")
    func singleUse() async throws {
        try await V2Driver.run { d in
            let resumed = try await Self.resume(d, try await Self.signedIn(d))
            #expect(resumed.status == 200)
            let code = try #require(resumed["code"])
            #expect(try await d.exchange(code).status == 200)
            let again = try await d.exchange(code)
            #expect(again.status == 400)
            #expect(again["error"] == "invalid_grant")
            #expect(again.json["error_codes"]?.arrayValue?.first?.intValue == 54005)
        }
    }

    @Test("an authorization code expires on the emulator's clock (AADSTS70008); an unknown code is AADSTS70000")
    func expiry() async throws {
        try await V2Driver.run { d in
            let code = try #require(try await Self.resume(d, try await Self.signedIn(d))["code"])
            d.core.advanceClock(by: 601)
            let expired = try await d.exchange(code)
            #expect(expired["error"] == "invalid_grant")
            #expect(expired.json["error_codes"]?.arrayValue?.first?.intValue == 70008)
            #expect(try await d.exchange("AC.made-up").json["error_codes"]?.arrayValue?.first?.intValue == 70000)
        }
    }

    @Test("a continuation token resumes once; a reused or expired one is refused")
    func continuationTokens() async throws {
        try await V2Driver.run { d in
            let done = try await Self.signedIn(d)
            #expect(try await Self.resume(d, done).status == 200)
            let reused = try await Self.resume(d, done)
            #expect(reused["error"] == "invalid_grant")
            let entry = try await d.start()
            d.core.advanceClock(by: 601)
            let late = try await d.follow(entry["sign_in"], from: entry, [("username", .string("alex@contoso.com"))])
            #expect(late.innerCode == "invalidContinuationToken")
            #expect(late.message?.hasPrefix("AADSTS552003:") == true)
            let forged = try await d.json(entry["sign_in"], [("continuationToken", .string("forged")), ("username", .string("alex@contoso.com"))])
            #expect(forged.innerCode == "invalidContinuationToken")
        }
    }

    @Test("authorize-challenge refuses an unknown client and a client without native auth in the flat OAuth form")
    func clients() async throws {
        try await V2Driver.run { d in
            var other = d
            other.clientID = "99999999-2222-4333-8444-555555555555"
            #expect(try await other.start()["error"] == "unauthorized_client")
            other.clientID = "33333333-4444-4555-8666-777777777777"
            let disabled = try await other.start()
            #expect(disabled["error"] == "invalid_client")
            #expect(disabled["suberror"] == "nativeauthapi_disabled")
        }
    }

    @Test("V2 codes land in the admin outbox, and the server-error fault answers V2 interactions with a nested 500")
    func operatorTools() async throws {
        try await V2Driver.run { d in
            let challenge = try await d.begin("sign_in", username: "sam@contoso.com")
            _ = try await d.follow(challenge.challenge("email"), from: challenge)
            var request = HTTPClientRequest(url: d.origin + "/_authtape/outbox")
            request.headers.add(name: "x-authtape-admin-token", value: d.core.adminToken)
            let outbox = try await d.http.execute(request, timeout: .seconds(10))
            let body = try await outbox.body.collect(upTo: 1 << 20)
            #expect(String(buffer: body).contains(d.code("sam@contoso.com")))
            var faults = EmulatorConfig.Faults()
            faults.serverErrorRate = 1
            d.core.state.withLock { $0.faults = faults }
            let failed = try await d.start()
            #expect(failed.status == 500)
            let entry = challenge
            let nested = try await d.follow(entry.challenge("email"), from: entry)
            #expect(nested.status == 500)
            #expect(nested.errorCode == "serverError")
        }
    }
}
