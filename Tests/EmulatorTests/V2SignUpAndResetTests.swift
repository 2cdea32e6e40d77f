import Foundation
import Testing

@testable import Emulator

/// V2 sign-up (spec native-auth-v2 §2.3) and password reset (§2.4) over real HTTP.
@Suite("V2 sign-up and password reset over HTTP")
struct V2SignUpAndResetTests {
    /// A tenant whose default flow asks a required display name on page 1 and a required city on page 2.
    static var pagedConfig: EmulatorConfig {
        var config = V2Driver.config
        config.userFlows[0].attributes = [
            .init(name: "displayName", required: true),
            .init(name: "city", required: true, regex: "^[A-Za-z ]+$", page: 2),
        ]
        return config
    }

    @Test("sign-up: email code, attributes over two pages, a password refused by policy then accepted, tokens for the new account")
    func signUp() async throws {
        try await V2Driver.run(Self.pagedConfig) { d in
            let collect = try await d.begin("sign_up", username: "new@example.com")
            #expect(collect.action == "collectAttributes")
            let asked = collect.json["attributes"]?.arrayValue?.compactMap { $0["attributeId"]?.stringValue }
            #expect(asked == ["email", "displayName"])
            let missing = try await d.follow(collect.link("submitAttributes"), from: collect, [("attributes", .object([("email", .string("new@example.com"))]))])
            #expect(missing.innerCode == "attributeValidationError")
            #expect(missing.message?.hasPrefix("AADSTS1002027:") == true)
            #expect(missing.details.first?["attributeIds"]?.arrayValue?.first?.stringValue == "displayName")
            #expect(missing.details.first?["code"]?.stringValue == "attributeRequired")
            let verify = try await d.follow(
                collect.link("submitAttributes"), from: collect,
                [("attributes", .object([("email", .string("new@example.com")), ("displayName", .string("New"))]))])
            #expect(verify.action == "verify")
            #expect(verify["type"] == "email")
            let wrong = try await d.follow(verify.link("verify"), from: verify, [("otp", .string("1"))])
            #expect(wrong.innerCode == "invalidOneTimeCode")
            let page2 = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("new@example.com")))])
            #expect(page2.action == "collectAttributes")
            #expect(page2.json["attributes"]?.arrayValue?.compactMap { $0["attributeId"]?.stringValue } == ["city"])
            let badCity = try await d.follow(page2.link("submitAttributes"), from: page2, [("attributes", .object([("city", .string("42"))]))])
            #expect(badCity.details.first?["code"]?.stringValue == "attributeInvalid")
            let password = try await d.follow(page2.link("submitAttributes"), from: page2, [("attributes", .object([("city", .string("Oslo"))]))])
            #expect(password.action == "collectAttributes")
            #expect(password.json["attributes"]?.arrayValue?.first?["attributeId"]?.stringValue == "password")
            let weak = try await d.follow(password.link("submitAttributes"), from: password, [("attributes", .object([("password", .string("abc"))]))])
            #expect(weak.status == 400)
            #expect(weak.errorCode == "invalidRequest")
            #expect(weak.innerCode == "attributeValidationError")
            #expect(weak.details.first?["code"]?.stringValue == "passwordPolicyViolation")
            #expect(weak.details.first?["attributeIds"]?.arrayValue?.first?.stringValue == "password")
            let done = try await d.follow(password.link("submitAttributes"), from: password, [("attributes", .object([("password", .string("Brand-New-77!"))]))])
            #expect(done.state == "continue")
            let tokens = try await d.redeem(done)
            #expect(d.claims(tokens["id_token"])?["name"]?.stringValue == "New")
            #expect(d.core.user(named: "new@example.com")?.attributes["city"] == "Oslo")
        }
    }

    @Test("sign-up of an existing email is AADSTS1003037 with the userAlreadyExists detail; a username that is no email is AADSTS90100")
    func existingAccount() async throws {
        try await V2Driver.run { d in
            let exists = try await d.begin("sign_up", username: "alex@contoso.com")
            #expect(exists.status == 400)
            #expect(exists.message?.hasPrefix("AADSTS1003037:") == true)
            #expect(exists.details.first?["code"]?.stringValue == "userAlreadyExists")
            let invalid = try await d.begin("sign_up", username: "not-an-email")
            #expect(invalid.message?.hasPrefix("AADSTS90100:") == true)
        }
    }

    @Test("password reset: email code, PUT of a weak then a strong password, poll in progress then continue; the new password signs in")
    func reset() async throws {
        try await V2Driver.run { d in
            let challenge = try await d.begin("reset_password", username: "alex@contoso.com")
            #expect(challenge.action == "challenge")
            #expect(challenge["scenario"] == "recovery")
            #expect(challenge.link("self") == "/contoso.onmicrosoft.com/api/v2.0/resetpassword/start")
            #expect(challenge.methods.compactMap { $0["type"]?.stringValue } == ["email"])
            let verify = try await d.follow(challenge.challenge("email"), from: challenge)
            let update = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("alex@contoso.com")))])
            #expect(update.action == "update")
            let post = try await d.follow(update.link("update"), from: update, [("newPassword", .string("N3w-Passw0rd!"))])
            #expect(post.status == 405)
            let weak = try await d.follow(update.link("update"), from: update, [("newPassword", .string("short"))], method: .PUT)
            #expect(weak.innerCode == "passwordTooShort")
            #expect(weak.message?.hasPrefix("AADSTS120002:") == true)
            let poll = try await d.follow(update.link("update"), from: update, [("newPassword", .string("N3w-Passw0rd!"))], method: .PUT)
            #expect(poll.action == "poll")
            #expect(poll.json["pollInterval"] == nil)
            let again = try await d.follow(poll.link("poll"), from: poll)
            #expect(again.action == "poll")
            #expect(again.token == poll.token)
            let done = try await d.follow(again.link("poll"), from: again)
            #expect(done.state == "continue")
            #expect(try await d.redeem(done).status == 200)
            #expect(d.core.user(named: "alex@contoso.com")?.password == "N3w-Passw0rd!")
        }
    }

    @Test("password reset of an unknown user is AADSTS50034")
    func resetUnknown() async throws {
        try await V2Driver.run { d in
            let answer = try await d.begin("reset_password", username: "ghost@contoso.com")
            #expect(answer.errorCode == "invalidRequest")
            #expect(answer.message?.hasPrefix("AADSTS50034:") == true)
        }
    }
}
