import Emulator
import Foundation
import HAR
import Logging
import NativeAuthWire
import Redaction
import Testing

@testable import Recorder

/// `authtape record` in front of the emulator's V2 (spec native-auth-v2 §2): every journey is one flow,
/// named by its entry link, whose steps are the link relations it followed; the console names the
/// relation and the answer's state/action; a V1 flow in the same recording stays its own flow.
@Suite("Recording V2 flows")
struct V2FlowRecordingTests {
    static let password = "Sunny-Day-42!"
    static let newUser = "v2.new@example.com"
    static let newUserPassword = "Brand-New-77!"
    static let newResetPassword = "N3w-Passw0rd!"

    /// The default tenant plus users for MFA by SMS, strong-auth registration and a high-risk phone.
    static var config: EmulatorConfig {
        var config = EmulatorConfig.default
        var mia = EmulatorConfig.User(email: "mia@contoso.com", password: password, displayName: "Mia")
        mia.mfaRequired = true
        mia.methods = [
            .init(id: "em-mfa", channel: "email", target: "mia.backup@example.com"),
            .init(id: "sms-1", channel: "sms", target: "+15555550111"),
        ]
        var jit = EmulatorConfig.User(email: "jit@contoso.com", password: password)
        jit.mfaRequired = true
        var risky = EmulatorConfig.User(email: "risky@contoso.com", password: password)
        risky.mfaRequired = true
        var phone = EmulatorConfig.StrongAuthMethod(id: "sms-risky", channel: "sms", target: "+15555550199")
        phone.highRisk = true
        risky.methods = [phone]
        config.users += [mia, jit, risky]
        return config
    }

    /// One journey's expected record: its steps and statuses, in order.
    struct Journey {
        var kind: String
        var steps: [String]
        var statuses: [Int]
    }

    static let journeys: [Journey] = [
        Journey(kind: "signIn", steps: ["oauth2/v2.0/initiate", "oauth2/v2.0/challenge", "oauth2/v2.0/token"],
                statuses: [200, 200, 200]),
        // §2.1: password, a wrong one first.
        Journey(kind: "v2SignIn",
                steps: ["v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 verify", "v2 verify", "v2 continue", "v2 token"],
                statuses: [401, 200, 200, 400, 200, 200, 200]),
        // §2.2: email code, a wrong one, a resend.
        Journey(kind: "v2SignIn",
                steps: ["v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 verify", "v2 resend", "v2 verify",
                        "v2 continue", "v2 token"],
                statuses: [401, 200, 200, 400, 200, 200, 200, 200]),
        // §2.3: attributes, the email code, a password refused by policy then accepted.
        Journey(kind: "v2SignUp",
                steps: ["v2 authorize-challenge", "v2 signUp", "v2 submitAttributes", "v2 verify", "v2 submitAttributes",
                        "v2 submitAttributes", "v2 continue", "v2 token"],
                statuses: [401, 200, 200, 200, 400, 200, 200, 200]),
        // §2.5: MFA by SMS with risk verification.
        Journey(kind: "v2SignIn",
                steps: ["v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 verify", "v2 challenge", "v2 riskverify",
                        "v2 verify", "v2 continue", "v2 token"],
                statuses: [401, 200, 200, 200, 200, 200, 200, 200, 200]),
        // §2.6: strong-auth registration.
        Journey(kind: "v2SignIn",
                steps: ["v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 verify", "v2 enroll", "v2 activate",
                        "v2 continue", "v2 token"],
                statuses: [401, 200, 200, 200, 200, 200, 200, 200]),
        // §2.7: a high-risk phone ends in web fallback.
        Journey(kind: "v2SignIn",
                steps: ["v2 authorize-challenge", "v2 signIn", "v2 challenge", "v2 verify", "v2 challenge", "v2 riskverify"],
                statuses: [401, 200, 200, 200, 200, 200]),
        // §2.4: reset with a weak then a strong password and two polls.
        Journey(kind: "v2ResetPassword",
                steps: ["v2 authorize-challenge", "v2 resetPassword", "v2 challenge", "v2 verify", "v2 update", "v2 update",
                        "v2 poll", "v2 poll", "v2 continue", "v2 token"],
                statuses: [401, 200, 200, 200, 400, 200, 200, 200, 200, 200]),
    ]

    @Test("Every V2 journey of the spec is one flow named by its entry link, its steps the relations it followed, the console naming state and action, beside a V1 flow, and the capture checks clean")
    func recordsV2Journeys() async throws {
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let core = try EmulatorCore(config: Self.config, seed: 12, logger: logger)
        let emulator = try await EmulatorServer.start(core: core, port: 0, logger: logger)
        let path = temporaryCapturePath()
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let proxy = RecorderSettings(mode: .reverse(Upstream(host: "127.0.0.1", port: emulator.port, isTLS: false)))
        var configuration = RecordingSession.Configuration(proxy: proxy, capture: .init(outputPath: path))
        let lines = SendableBox<[String]>([])
        configuration.consoleWrite = { line in lines.mutate { $0.append(line) } }
        let session = try await RecordingSession.start(configuration)
        let d = V2ProxyDriver(port: session.proxy.port, tenantPath: emulator.authorityURL.path)
        do {
            try await Self.drive(d, core: core)
            try await session.stop()
            await emulator.shutdown()
        } catch {
            _ = try? await session.stop()
            await emulator.shutdown()
            throw error
        }

        let document = try HARReader.read(contentsOf: path)
        let entries = document.log.entries
        let expected = Self.journeys
        let total = expected.reduce(0) { $0 + $1.steps.count }
        #expect(entries.count == total)
        var position = 0
        var flowIDs: [String] = []
        for (number, journey) in expected.enumerated() {
            let slice = Array(entries[position..<min(entries.count, position + journey.steps.count)])
            position += journey.steps.count
            #expect(slice.map { $0.authtape?.step ?? "-" } == journey.steps, "journey \(number)")
            #expect(slice.map(\.response.status) == journey.statuses, "journey \(number)")
            let ids = Set(slice.map { $0.authtape?.flowId ?? "-" })
            #expect(ids.count == 1, "journey \(number) spans flows \(ids.sorted())")
            flowIDs += ids
            // O1 cannot say which journey it starts; every later exchange carries the entry link's kind.
            let kinds = slice.map { $0.authtape?.flowKind ?? "-" }
            let expectedKinds = journey.kind.hasPrefix("v2")
                ? [V2Exchange.unknownKind] + Array(repeating: journey.kind, count: journey.steps.count - 1)
                : Array(repeating: journey.kind, count: journey.steps.count)
            #expect(kinds == expectedKinds, "journey \(number)")
        }
        #expect(Set(flowIDs).count == expected.count, "each journey is its own flow: \(flowIDs)")

        let har = try Data(contentsOf: URL(fileURLWithPath: path))
        let findings = try LeakScanner(canaries: d.secrets + Self.typedSecrets).scan(bytes: Array(har), file: "capture")
        #expect(findings.isEmpty, "check finds \(findings.map(\.description))")

        let log = lines.value
        #expect(log.count == entries.count)
        let text = log.joined(separator: "\n")
        #expect(log.contains { $0.contains("v2 authorize-challenge  401  ") })
        #expect(log.contains { $0.contains("v2 verify  400  invalidGrant/invalidUserNameOrPassword  ") })
        #expect(log.contains { $0.contains("v2 challenge  200  state=interactionRequired action=verify  ") })
        #expect(log.contains { $0.contains("v2 challenge  200  state=interactionRequired action=riskverify  ") })
        #expect(log.contains { $0.contains("v2 riskverify  200  state=webFallbackRequired  ") })
        #expect(log.contains { $0.contains("v2 update  200  state=interactionRequired action=poll  ") })
        #expect(log.contains { $0.contains("v2 poll  200  state=continue  ") })
        #expect(log.contains { $0.contains("oauth2/v2.0/initiate  200  ") && !$0.contains("state=") })
        #expect(d.secrets.count > 40)
        for secret in d.secrets + Self.typedSecrets {
            #expect(!text.contains(secret), "the console shows a secret of length \(secret.count)")
        }
    }

    /// What the user typed: passwords, codes are collected per journey below.
    static let typedSecrets = [password, newUserPassword, newResetPassword]

    /// The journeys, in the order of ``journeys``.
    static func drive(_ d: V2ProxyDriver, core: EmulatorCore) async throws {
        // V1 password sign-in.
        let initiate = try await d.form(
            "/oauth2/v2.0/initiate",
            [("client_id", V2ProxyDriver.clientID), ("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
        let challenged = try await d.form(
            "/oauth2/v2.0/challenge",
            [("client_id", V2ProxyDriver.clientID), ("continuation_token", initiate.token ?? ""),
             ("challenge_type", "password redirect")])
        _ = try await d.form(
            "/oauth2/v2.0/token",
            [("client_id", V2ProxyDriver.clientID), ("continuation_token", challenged.token ?? ""),
             ("grant_type", "password"), ("password", password), ("scope", "openid offline_access")])

        // §2.1
        let choice = try await d.begin("sign_in", username: "alex@contoso.com")
        let verifyPassword = try await d.follow(choice.method("password"), from: choice)
        _ = try await d.follow(verifyPassword.link("verify"), from: verifyPassword, ["password": "wrong-password"])
        try await d.redeem(try await d.follow(verifyPassword.link("verify"), from: verifyPassword, ["password": password]))

        // §2.2
        let emailChoice = try await d.begin("sign_in", username: "sam@contoso.com")
        let verifyCode = try await d.follow(emailChoice.method("email"), from: emailChoice)
        _ = try await d.follow(verifyCode.link("verify"), from: verifyCode, ["otp": "not-the-code"])
        let resent = try await d.follow(verifyCode.link("resend"), from: verifyCode)
        let samCode = try #require(core.latestCode(for: "sam@contoso.com"))
        try await d.redeem(try await d.follow(resent.link("verify"), from: resent, ["otp": samCode]))

        // §2.3
        let collect = try await d.begin("sign_up", username: newUser)
        let signUpCode = try await d.follow(
            collect.link("submitAttributes"), from: collect, ["attributes": ["email": newUser, "displayName": "New"]])
        let code = try #require(core.latestCode(for: newUser))
        let askPassword = try await d.follow(signUpCode.link("verify"), from: signUpCode, ["otp": code])
        _ = try await d.follow(askPassword.link("submitAttributes"), from: askPassword, ["attributes": ["password": "abc"]])
        try await d.redeem(
            try await d.follow(
                askPassword.link("submitAttributes"), from: askPassword, ["attributes": ["password": newUserPassword]]))

        // §2.5
        let mfa = try await d.passwordFirstFactor("mia@contoso.com", password: password)
        let risk = try await d.follow(mfa.method("sms"), from: mfa)
        let smsVerify = try await d.follow(risk.link("riskverify"), from: risk)
        let smsCode = try #require(core.latestCode(for: "+15555550111"))
        try await d.redeem(try await d.follow(smsVerify.link("verify"), from: smsVerify, ["otp": smsCode]))

        // §2.6
        let enroll = try await d.passwordFirstFactor("jit@contoso.com", password: password)
        let activate = try await d.follow(enroll.method("sms", "enroll"), from: enroll, ["target": "+15555550100"])
        let jitCode = try #require(core.latestCode(for: "+15555550100"))
        try await d.redeem(try await d.follow(activate.link("activate"), from: activate, ["code": jitCode]))

        // §2.7
        let riskyMFA = try await d.passwordFirstFactor("risky@contoso.com", password: password)
        let riskyCheck = try await d.follow(riskyMFA.method("sms"), from: riskyMFA)
        let fallback = try await d.follow(riskyCheck.link("riskverify"), from: riskyCheck)
        #expect(fallback.state == "webFallbackRequired")

        // §2.4
        let reset = try await d.begin("reset_password", username: "alex@contoso.com")
        let resetVerify = try await d.follow(reset.method("email"), from: reset)
        let resetCode = try #require(core.latestCode(for: "alex@contoso.com"))
        let update = try await d.follow(resetVerify.link("verify"), from: resetVerify, ["otp": resetCode])
        _ = try await d.follow(update.link("update"), from: update, ["newPassword": "short"], method: .PUT)
        let poll = try await d.follow(update.link("update"), from: update, ["newPassword": newResetPassword], method: .PUT)
        let again = try await d.follow(poll.link("poll"), from: poll)
        try await d.redeem(try await d.follow(again.link("poll"), from: again))
    }
}
