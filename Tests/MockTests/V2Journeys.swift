import Emulator
import HAR

/// The V2 journeys of spec native-auth-v2 §2 as an app drives them. Each decides only from the answers
/// it gets, so the same journey runs live (real tokens and ids) and against the mock (their placeholders).
enum V2Journey: String, CaseIterable, Sendable {
    case signInPassword
    case signInEmailCode
    case signUp
    case resetPassword
    case mfaEmail
    case mfaSMS
    /// A V1 password sign-in, then a V2 one, in one capture.
    case v1ThenV2

    static let password = "Sunny-Day-42!"
    static let newPassword = "N3w-Passw0rd!"
    static let newUser = "new.user@example.com"
    static let wrongCode = "00000000"

    /// The secrets a user types in this journey (they must not reach the capture or the mock's log).
    static let typed = [
        password, newPassword, newUser, "Brand-New-77!", "wrong-password", "alex@contoso.com", "sam@contoso.com",
        "mia@contoso.com",
    ]

    /// The tenant: the default one plus Mia, who needs a second factor (email or SMS).
    static var config: EmulatorConfig {
        var config = EmulatorConfig.default
        var mia = EmulatorConfig.User(email: "mia@contoso.com", password: password, displayName: "Mia")
        mia.mfaRequired = true
        mia.methods = [
            .init(id: "em-mfa", channel: "email", target: "mia.backup@example.com"),
            .init(id: "sms-1", channel: "sms", target: "+15555550111"),
        ]
        config.users.append(mia)
        return config
    }

    func run(_ c: V2Client) async throws {
        switch self {
        case .signInPassword:
            try await signInWithPassword(c)
        case .signInEmailCode:
            let challenge = try await c.begin("sign_in", username: "sam@contoso.com")
            let verify = try await c.follow(challenge.challenge("email"), from: challenge)
            _ = try await c.follow(verify.link("verify"), from: verify, [("otp", .string(Self.wrongCode))])
            let resent = try await c.follow(verify.link("resend"), from: verify)
            let done = try await c.follow(
                resent.link("verify"), from: resent, [("otp", .string(c.code("sam@contoso.com")))])
            try await c.redeem(done)
        case .signUp:
            try await signUp(c)
        case .resetPassword:
            let challenge = try await c.begin("reset_password", username: "alex@contoso.com")
            let verify = try await c.follow(challenge.challenge("email"), from: challenge)
            let update = try await c.follow(
                verify.link("verify"), from: verify, [("otp", .string(c.code("alex@contoso.com")))])
            _ = try await c.follow(update.link("update"), from: update, [("newPassword", .string("short"))], method: .PUT)
            var poll = try await c.follow(
                update.link("update"), from: update, [("newPassword", .string(Self.newPassword))], method: .PUT)
            for _ in 0..<5 where poll.action == "poll" {
                poll = try await c.follow(poll.link("poll"), from: poll)
            }
            try await c.redeem(poll)
        case .mfaEmail:
            let mfa = try await passwordThenMFA(c)
            let verify = try await c.follow(mfa.challenge("email"), from: mfa)
            _ = try await c.follow(verify.link("verify"), from: verify, [("otp", .string(Self.wrongCode))])
            let done = try await c.follow(
                verify.link("verify"), from: verify, [("otp", .string(c.code("mia.backup@example.com")))])
            try await c.redeem(done)
        case .mfaSMS:
            let mfa = try await passwordThenMFA(c)
            let risk = try await c.follow(mfa.challenge("sms"), from: mfa)
            let verify = try await c.follow(risk.link("riskverify"), from: risk)
            let done = try await c.follow(verify.link("verify"), from: verify, [("otp", .string(c.code("+15555550111")))])
            try await c.redeem(done)
        case .v1ThenV2:
            let initiate = try await c.form(
                "/oauth2/v2.0/initiate",
                [("client_id", c.clientID), ("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
            let challenge = try await c.form(
                "/oauth2/v2.0/challenge",
                [("client_id", c.clientID), ("continuation_token", initiate.token ?? ""),
                 ("challenge_type", "password redirect")])
            _ = try await c.form(
                "/oauth2/v2.0/token",
                [("client_id", c.clientID), ("continuation_token", challenge.token ?? ""), ("grant_type", "password"),
                 ("password", Self.password), ("scope", "openid offline_access")])
            try await signInWithPassword(c)
        }
    }

    /// Sign-in start, the password method, a wrong password, the right one, the code and tokens.
    private func signInWithPassword(_ c: V2Client) async throws {
        let challenge = try await c.begin("sign_in", username: "alex@contoso.com")
        let verify = try await c.follow(challenge.challenge("password"), from: challenge)
        _ = try await c.follow(verify.link("verify"), from: verify, [("password", .string("wrong-password"))])
        let done = try await c.follow(verify.link("verify"), from: verify, [("password", .string(Self.password))])
        try await c.redeem(done)
    }

    /// Sign-in start, the password method, the right password: the multiFactor choice.
    private func passwordThenMFA(_ c: V2Client) async throws -> V2Client.Answer {
        let challenge = try await c.begin("sign_in", username: "mia@contoso.com")
        let verify = try await c.follow(challenge.challenge("password"), from: challenge)
        return try await c.follow(verify.link("verify"), from: verify, [("password", .string(Self.password))])
    }

    /// Sign-up: the attributes asked for, the email code, a password the policy refuses, then one it accepts.
    private func signUp(_ c: V2Client) async throws {
        var answer = try await c.begin("sign_up", username: Self.newUser)
        var refusedOnce = false
        for _ in 0..<8 where answer.state == "interactionRequired" {
            let previous = answer
            switch answer.action {
            case "collectAttributes" where answer.askedAttributes.contains("password"):
                let password = refusedOnce ? "Brand-New-77!" : "abc"
                refusedOnce = true
                answer = try await c.follow(
                    answer.link("submitAttributes"), from: answer,
                    [("attributes", .object(JSONObject([(key: "password", value: .string(password))])))])
                if answer.status == 400 { answer = previous }
            case "collectAttributes":
                let values = answer.askedAttributes.map { id in
                    (key: id, value: JSONValue.string(id == "email" ? Self.newUser : id == "flatusername" ? "newuser" : "New User"))
                }
                answer = try await c.follow(
                    answer.link("submitAttributes"), from: answer, [("attributes", .object(JSONObject(values)))])
            case "verify":
                answer = try await c.follow(answer.link("verify"), from: answer, [("otp", .string(c.code(Self.newUser)))])
            default:
                return
            }
        }
        try await c.redeem(answer)
    }
}
