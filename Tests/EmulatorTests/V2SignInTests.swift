import Foundation
import Testing

@testable import Emulator

/// V2 sign-in journeys (spec native-auth-v2 §2.1, §2.2, §2.5, §2.6, §2.7) over real HTTP.
@Suite("V2 sign-in over HTTP")
struct V2SignInTests {
    @Test("authorize-challenge answers 401 with a continuation token and the flat entry links relative to the tenant")
    func entry() async throws {
        try await V2Driver.run { d in
            let entry = try await d.start()
            #expect(entry.status == 401)
            #expect(entry["continuation_token"]?.isEmpty == false)
            #expect(entry["sign_in"] == "/contoso.onmicrosoft.com/api/v2.0/signin/start")
            #expect(entry["sign_up"] == "/contoso.onmicrosoft.com/api/v2.0/signup/start")
            #expect(entry["reset_password"] == "/contoso.onmicrosoft.com/api/v2.0/resetpassword/start")
            #expect(entry.json["_links"] == nil)
            #expect(entry.json["error"] == nil)
        }
    }

    @Test("sign-in with password: a choice of password and email, a wrong password keeps the token, the right one ends in real signed tokens")
    func password() async throws {
        try await V2Driver.run { d in
            let challenge = try await d.begin("sign_in", username: "alex@contoso.com")
            #expect(challenge.status == 200)
            #expect(challenge.state == "interactionRequired")
            #expect(challenge.action == "challenge")
            #expect(challenge.json["challengeContext"]?["authenticationFactor"]?.stringValue == "singleFactor")
            #expect(challenge.methods.compactMap { $0["type"]?.stringValue } == ["password", "email"])
            #expect(challenge.challenge("password")?.hasPrefix("/contoso.onmicrosoft.com/api/v2.0/auth/methods/password/") == true)
            let verify = try await d.follow(challenge.challenge("password"), from: challenge)
            #expect(verify.action == "verify")
            #expect(verify["type"] == "password")
            #expect(verify.link("recover") != nil)
            let wrong = try await d.follow(verify.link("verify"), from: verify, [("password", .string("wrong"))])
            #expect(wrong.status == 400)
            #expect(wrong.errorCode == "invalidGrant")
            #expect(wrong.innerCode == "invalidUserNameOrPassword")
            #expect(wrong.message?.hasPrefix("AADSTS50126:") == true)
            #expect(wrong.json["error"]?["correlationId"] != nil)
            let done = try await d.follow(verify.link("verify"), from: verify, [("password", .string("Sunny-Day-42!"))])
            #expect(done.state == "continue")
            #expect(done.link("continue") == "/contoso.onmicrosoft.com/oauth2/v2.0/authorize-challenge")
            let tokens = try await d.redeem(done)
            #expect(tokens.status == 200)
            #expect(tokens["token_type"] == "Bearer")
            #expect(tokens["refresh_token"] != nil)
            let idClaims = d.claims(tokens["id_token"])
            #expect(idClaims?["preferred_username"]?.stringValue == "alex@contoso.com")
            #expect(idClaims?["aud"]?.stringValue == d.clientID)
            #expect(d.claims(tokens["access_token"]) != nil)
        }
    }

    @Test("sign-in with an email code: a wrong code is refused, resend sends a new code with a new token, the old code no longer works")
    func emailCode() async throws {
        try await V2Driver.run { d in
            let challenge = try await d.begin("sign_in", username: "sam@contoso.com")
            #expect(challenge.methods.compactMap { $0["type"]?.stringValue } == ["email"])
            let verify = try await d.follow(challenge.challenge("email"), from: challenge)
            #expect(verify.action == "verify")
            #expect(verify["type"] == "email")
            #expect(verify.json["codeLength"]?.intValue == 8)
            #expect(verify["hint"]?.contains("*") == true)
            let first = d.code("sam@contoso.com")
            let wrong = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(first == "00000000" ? "11111111" : "00000000"))])
            #expect(wrong.errorCode == "invalidGrant")
            #expect(wrong.innerCode == "invalidOneTimeCode")
            #expect(wrong.message?.hasPrefix("AADSTS50184:") == true)
            let resent = try await d.follow(verify.link("resend"), from: verify)
            #expect(resent.action == "verify")
            #expect(resent.token != verify.token)
            let second = d.code("sam@contoso.com")
            let stale = try await d.follow(resent.link("verify"), from: resent, [("otp", .string(first))])
            #expect(first != second)
            #expect(stale.innerCode == "invalidOneTimeCode")
            let oldToken = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(second))])
            #expect(oldToken.innerCode == "invalidContinuationToken")
            let done = try await d.follow(resent.link("verify"), from: resent, [("otp", .string(second))])
            #expect(done.state == "continue")
            let tokens = try await d.redeem(done)
            #expect(d.claims(tokens["id_token"])?["preferred_username"]?.stringValue == "sam@contoso.com")
        }
    }

    @Test("sign-in with SMS as a first factor passes risk verification, then the SMS code completes it")
    func sms() async throws {
        try await V2Driver.run { d in
            let challenge = try await d.begin("sign_in", username: "nina@contoso.com")
            #expect(challenge.methods.compactMap { $0["type"]?.stringValue } == ["email", "sms"])
            let risk = try await d.follow(challenge.challenge("sms"), from: challenge)
            #expect(risk.action == "riskverify")
            let verify = try await d.follow(risk.link("riskverify"), from: risk)
            #expect(verify.action == "verify")
            #expect(verify["type"] == "sms")
            let done = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("+15555550122")))])
            #expect(done.state == "continue")
            #expect(try await d.redeem(done).status == 200)
        }
    }

    @Test("MFA: after the password a multiFactor choice; email skips risk verification and completes with the code")
    func mfaEmail() async throws {
        try await V2Driver.run { d in
            let mfa = try await passwordThenMFA(d, "mia@contoso.com")
            #expect(mfa.json["challengeContext"]?["authenticationFactor"]?.stringValue == "multiFactor")
            #expect(mfa.methods.compactMap { $0["id"]?.stringValue } == ["em-mfa", "sms-1"])
            let verify = try await d.follow(mfa.challenge("email"), from: mfa)
            #expect(verify.action == "verify")
            #expect(verify.link("verify")?.contains("/api/v2.0/mfa/email/em-mfa/verify") == true)
            let wrong = try await d.follow(verify.link("verify"), from: verify, [("otp", .string("x"))])
            #expect(wrong.innerCode == "invalidOneTimeCode")
            let done = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("mia.backup@example.com")))])
            #expect(done.state == "continue")
            #expect(try await d.redeem(done).status == 200)
        }
    }

    @Test("MFA by SMS: risk verification, then the SMS code")
    func mfaSMS() async throws {
        try await V2Driver.run { d in
            let mfa = try await passwordThenMFA(d, "mia@contoso.com")
            let risk = try await d.follow(mfa.challenge("sms"), from: mfa)
            #expect(risk.action == "riskverify")
            let verify = try await d.follow(risk.link("riskverify"), from: risk)
            #expect(verify["type"] == "sms")
            let done = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("+15555550111")))])
            #expect(done.state == "continue")
            #expect(try await d.redeem(done).status == 200)
        }
    }

    @Test("a high-risk phone number answers risk verification with webFallbackRequired and a webFallback link")
    func webFallback() async throws {
        try await V2Driver.run { d in
            let mfa = try await passwordThenMFA(d, "risky@contoso.com")
            let risk = try await d.follow(mfa.challenge("sms"), from: mfa)
            let fallback = try await d.follow(risk.link("riskverify"), from: risk)
            #expect(fallback.status == 200)
            #expect(fallback.state == "webFallbackRequired")
            #expect(fallback.link("webFallback") == d.origin + "/contoso.onmicrosoft.com/oauth2/v2.0/authorize")
        }
    }

    @Test("strong-auth registration: enroll an SMS number, activate it with its code, and the method is registered")
    func registration() async throws {
        try await V2Driver.run { d in
            let enroll = try await passwordThenMFA(d, "jit@contoso.com")
            #expect(enroll.action == "enroll")
            let link = enroll.methods.first { $0["type"]?.stringValue == "sms" }?["_links"]?["enroll"]?["href"]?.stringValue
            let activate = try await d.follow(link, from: enroll, [("target", .string("+15555550100"))])
            #expect(activate.action == "activate")
            #expect(activate["type"] == "sms")
            let done = try await d.follow(activate.link("activate"), from: activate, [("code", .string(d.code("+15555550100")))])
            #expect(done.state == "continue")
            #expect(try await d.redeem(done).status == 200)
            #expect(d.core.user(named: "jit@contoso.com")?.methods.map(\.target) == ["+15555550100"])
        }
    }

    @Test("an unknown user at sign-in start is invalidRequest with AADSTS50034")
    func unknownUser() async throws {
        try await V2Driver.run { d in
            let answer = try await d.begin("sign_in", username: "nobody@contoso.com")
            #expect(answer.status == 400)
            #expect(answer.errorCode == "invalidRequest")
            #expect(answer.message?.hasPrefix("AADSTS50034:") == true)
        }
    }

    /// Sign-in start, password challenge, right password: the answer after the first factor.
    private func passwordThenMFA(_ d: V2Driver, _ user: String) async throws -> V2Driver.Answer {
        let challenge = try await d.begin("sign_in", username: user)
        let verify = try await d.follow(challenge.challenge("password"), from: challenge)
        return try await d.follow(verify.link("verify"), from: verify, [("password", .string("Sunny-Day-42!"))])
    }
}
