import Foundation
import Testing

@testable import Emulator

/// Each setting of the V2 profile (the open points of spec native-auth-v2 §6) changes the wire shape.
@Suite("V2 profile settings")
struct V2ProfileTests {
    static func config(_ change: (inout EmulatorConfig.NativeAuthV2) -> Void) -> EmulatorConfig {
        var config = V2Driver.config
        change(&config.nativeAuthV2)
        return config
    }

    @Test("the profile is read from the YAML config, and an unknown value names the field")
    func yaml() throws {
        let config = try EmulatorConfig.parse(
            """
            nativeAuthV2:
              errorCodeCasing: snakeCase
              entryLinks: both
              insufficientAuthorizationError: nested
              webFallbackSignal: flatError
              pollInterval: 3
              skipPoll: true
              signUpStartUsername: required
              smsRiskVerification: false
              continueLink: false
              authorizationCodeLifetime: 60
            """)
        var expected = EmulatorConfig.NativeAuthV2()
        expected.errorCodeCasing = .snakeCase
        expected.entryLinks = .both
        expected.insufficientAuthorizationError = .nested
        expected.webFallbackSignal = .flatError
        expected.pollInterval = 3
        expected.skipPoll = true
        expected.signUpStartUsername = .required
        expected.smsRiskVerification = false
        expected.continueLink = false
        expected.authorizationCodeLifetime = 60
        #expect(config.nativeAuthV2 == expected)
        #expect(throws: EmulatorConfigError.self) { try EmulatorConfig.parse("nativeAuthV2:\n  entryLinks: sideways\n") }
    }

    @Test("errorCodeCasing snakeCase spells invalid_grant with invalid_oob_value")
    func snakeCase() async throws {
        try await V2Driver.run(Self.config { $0.errorCodeCasing = .snakeCase }) { d in
            let challenge = try await d.begin("sign_in", username: "sam@contoso.com")
            let verify = try await d.follow(challenge.challenge("email"), from: challenge)
            let wrong = try await d.follow(verify.link("verify"), from: verify, [("otp", .string("x"))])
            #expect(wrong.errorCode == "invalid_grant")
            #expect(wrong.innerCode == "invalid_oob_value")
        }
    }

    @Test("entryLinks hal puts the entry links in _links as signIn/signUp/resetPassword; both keeps the flat ones too")
    func entryLinks() async throws {
        try await V2Driver.run(Self.config { $0.entryLinks = .hal }) { d in
            let entry = try await d.start()
            #expect(entry["sign_in"] == nil)
            #expect(entry.link("signIn") == "/contoso.onmicrosoft.com/api/v2.0/signin/start")
            #expect(entry.link("resetPassword") != nil)
            let challenge = try await d.follow(entry.link("signIn"), from: entry, [("username", .string("alex@contoso.com"))])
            #expect(challenge.action == "challenge")
        }
        try await V2Driver.run(Self.config { $0.entryLinks = .both }) { d in
            let entry = try await d.start()
            #expect(entry["sign_up"] != nil)
            #expect(entry.link("signUp") == entry["sign_up"])
        }
    }

    @Test("insufficientAuthorizationError adds a flat or a nested error to the 401, token and links kept")
    func insufficientAuthorization() async throws {
        try await V2Driver.run(Self.config { $0.insufficientAuthorizationError = .flat }) { d in
            let entry = try await d.start()
            #expect(entry.status == 401)
            #expect(entry["error"] == "insufficient_authorization")
            #expect(entry["continuation_token"] != nil)
        }
        try await V2Driver.run(Self.config { $0.insufficientAuthorizationError = .nested }) { d in
            let entry = try await d.start()
            #expect(entry.errorCode == "InsufficientAuthorization")
            #expect(entry["sign_in"] != nil)
        }
    }

    @Test("webFallbackSignal nestedError, flatError and webRedirectRequired answer 400 in their shapes")
    func webFallbackSignals() async throws {
        let cases: [(EmulatorConfig.NativeAuthV2.WebFallbackSignal, (V2Driver.Answer) -> Bool)] = [
            (.nestedError, { $0.errorCode == "redirect_to_web" }),
            (.flatError, { $0["error"] == "redirect_to_web" }),
            (.webRedirectRequired, { $0.errorCode == "invalidGrant" && $0.innerCode == "web_redirect_required" }),
        ]
        for (signal, check) in cases {
            try await V2Driver.run(Self.config { $0.webFallbackSignal = signal }) { d in
                let challenge = try await d.begin("sign_in", username: "risky@contoso.com")
                let verify = try await d.follow(challenge.challenge("password"), from: challenge)
                let mfa = try await d.follow(verify.link("verify"), from: verify, [("password", .string("Sunny-Day-42!"))])
                let risk = try await d.follow(mfa.challenge("sms"), from: mfa)
                let fallback = try await d.follow(risk.link("riskverify"), from: risk)
                #expect(fallback.status == 400, "\(signal)")
                #expect(check(fallback), "\(signal)")
            }
        }
    }

    @Test("pollInterval adds the field to poll answers; skipPoll answers the PUT with continue")
    func poll() async throws {
        for skip in [false, true] {
            try await V2Driver.run(Self.config { $0.pollInterval = 2; $0.skipPoll = skip }) { d in
                let challenge = try await d.begin("reset_password", username: "alex@contoso.com")
                let verify = try await d.follow(challenge.challenge("email"), from: challenge)
                let update = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("alex@contoso.com")))])
                let answer = try await d.follow(update.link("update"), from: update, [("newPassword", .string("N3w-Passw0rd!"))], method: .PUT)
                if skip {
                    #expect(answer.state == "continue")
                } else {
                    #expect(answer.action == "poll")
                    #expect(answer.json["pollInterval"]?.intValue == 2)
                }
            }
        }
    }

    @Test("signUpStartUsername required refuses a start without it; rejected refuses a start with it")
    func signUpUsername() async throws {
        try await V2Driver.run(Self.config { $0.signUpStartUsername = .required }) { d in
            let without = try await d.begin("sign_up", username: nil)
            let with = try await d.begin("sign_up", username: "x@example.com")
            #expect(without.message?.hasPrefix("AADSTS90100:") == true)
            #expect(with.action == "collectAttributes")
        }
        try await V2Driver.run(Self.config { $0.signUpStartUsername = .rejected }) { d in
            let with = try await d.begin("sign_up", username: "x@example.com")
            let without = try await d.begin("sign_up", username: nil)
            #expect(with.status == 400)
            #expect(without.action == "collectAttributes")
        }
    }

    @Test("smsRiskVerification false sends the SMS code at once; continueLink false drops the continue link")
    func riskAndContinue() async throws {
        try await V2Driver.run(Self.config { $0.smsRiskVerification = false; $0.continueLink = false }) { d in
            let challenge = try await d.begin("sign_in", username: "nina@contoso.com")
            let verify = try await d.follow(challenge.challenge("sms"), from: challenge)
            #expect(verify.action == "verify")
            let done = try await d.follow(verify.link("verify"), from: verify, [("otp", .string(d.code("+15555550122")))])
            #expect(done.state == "continue")
            #expect(done.json["_links"] == nil)
        }
    }
}
