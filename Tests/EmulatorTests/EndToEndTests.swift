import Foundation
import NativeAuth
import Testing

@testable import Emulator

/// The NativeAuth engine against the emulator over real loopback HTTP.
@Suite("End to end with the NativeAuth engine")
struct EndToEndTests {
    static let passwordClient = "11111111-2222-4333-8444-555555555555"

    static func withApp(
        config: EmulatorConfig = .default, clientId: String = passwordClient,
        challengeTypes: MSALNativeAuthChallengeTypes = [.OOB, .password],
        capabilities: MSALNativeAuthCapabilities = [],
        _ body: (MSALNativeAuthPublicClientApplication, RunningEmulator) async throws -> Void
    ) async throws {
        let core = try EmulatorCore(config: config, seed: 11, logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, logger: .quiet)
        let app = try MSALNativeAuthPublicClientApplication(
            clientId: clientId, authority: running.authorityURL, challengeTypes: challengeTypes,
            capabilities: capabilities, environment: NativeAuthEnvironment(clock: ImmediateClock()))
        do {
            try await body(app, running)
        } catch {
            await running.shutdown()
            throw error
        }
        await running.shutdown()
    }

    @Test("password sign-in completes and caches an account with an id token")
    func passwordSignIn() async throws {
        try await Self.withApp { app, _ in
            let result = await app.signIn(username: "alex@contoso.com", password: "Sunny-Day-42!")
            #expect(result.outcome.callback == "onSignInCompleted")
            #expect(app.getNativeAuthUserAccount()?.idToken != nil)
        }
    }

    @Test("a wrong password is reported as invalid credentials")
    func wrongPassword() async throws {
        try await Self.withApp { app, _ in
            let result = await app.signIn(username: "alex@contoso.com", password: "Wrong-Pass-99")
            #expect(result.outcome.callback == "onSignInStartError")
            #expect(result.outcome.error?.contains("invalidCredentials") == true)
        }
    }

    @Test("alias sign-in works through the engine")
    func aliasSignIn() async throws {
        try await Self.withApp { app, _ in
            let result = await app.signIn(username: "alex", password: "Sunny-Day-42!")
            #expect(result.outcome.callback == "onSignInCompleted")
        }
    }

    @Test("code sign-up with a wrong code, a resend, then sign-in after sign-up")
    func otpSignUp() async throws {
        try await Self.withApp(clientId: "22222222-3333-4444-8555-666666666666", challengeTypes: [.OOB]) { app, running in
            let start = await app.signUp(username: "e2e@contoso.com")
            guard case .codeRequired(let state, _, _, let length) = start else {
                Issue.record("expected codeRequired, got \(start.outcome)")
                return
            }
            #expect(length == 8)
            let wrong = await state.submitCode(code: "00000000" == running.core.latestCode(for: "e2e@contoso.com") ? "11111111" : "00000000")
            #expect(wrong.outcome.error?.contains("invalidCode") == true)
            let resent = await state.resendCode()
            guard case .codeRequired(let newState, _, _, _) = resent else {
                Issue.record("expected codeRequired after resend, got \(resent.outcome)")
                return
            }
            let code = try #require(running.core.latestCode(for: "e2e@contoso.com"))
            let verified = await newState.submitCode(code: code)
            guard case .completed(let after) = verified else {
                Issue.record("expected completed, got \(verified.outcome)")
                return
            }
            let signIn = await after.signIn()
            #expect(signIn.outcome.callback == "onSignInCompleted")
        }
    }

    @Test("attributes over two pages, then the account exists")
    func attributesTwoPages() async throws {
        var config = EmulatorConfig.default
        config.userFlows[0].attributes = [
            .init(name: "displayName", required: true, page: 1),
            .init(name: "postalCode", required: true, regex: "^[0-9]+$", page: 2),
        ]
        try await Self.withApp(config: config) { app, running in
            let start = await app.signUp(username: "pages@contoso.com", password: "Brand-New-7x")
            guard case .codeRequired(let state, _, _, _) = start else {
                Issue.record("expected codeRequired, got \(start.outcome)")
                return
            }
            let code = try #require(running.core.latestCode(for: "pages@contoso.com"))
            let page1 = await state.submitCode(code: code)
            guard case .attributesRequired(let attrs1, let s1) = page1 else {
                Issue.record("expected attributesRequired, got \(page1.outcome)")
                return
            }
            #expect(attrs1.map(\.name) == ["displayName"])
            let page2 = await s1.submitAttributes(attributes: ["displayName": "Pat"])
            guard case .attributesRequired(let attrs2, let s2) = page2 else {
                Issue.record("expected a second page, got \(page2.outcome)")
                return
            }
            #expect(attrs2.map(\.name) == ["postalCode"])
            let done = await s2.submitAttributes(attributes: ["postalCode": "0150"])
            #expect(done.outcome.callback == "onSignUpCompleted")
            #expect(running.core.state.withLock { $0.user(named: "pages@contoso.com")?.displayName } == "Pat")
        }
    }

    @Test("reset password with polling, then sign-in with the new password")
    func resetWithPolling() async throws {
        var config = EmulatorConfig.default
        config.resetPassword.pollsInProgress = 2
        try await Self.withApp(config: config) { app, running in
            let start = await app.resetPassword(username: "alex@contoso.com")
            guard case .codeRequired(let state, _, _, _) = start else {
                Issue.record("expected codeRequired, got \(start.outcome)")
                return
            }
            let code = try #require(running.core.latestCode(for: "alex@contoso.com"))
            let verified = await state.submitCode(code: code)
            guard case .passwordRequired(let pwState) = verified else {
                Issue.record("expected passwordRequired, got \(verified.outcome)")
                return
            }
            let done = await pwState.submitPassword(password: "Rainy-Night-43?")
            #expect(done.outcome.callback == "onResetPasswordCompleted")
            let signIn = await app.signIn(username: "alex@contoso.com", password: "Rainy-Night-43?")
            #expect(signIn.outcome.callback == "onSignInCompleted")
        }
    }

    @Test("MFA through introspect and an email second factor")
    func mfa() async throws {
        var config = EmulatorConfig.default
        var user = EmulatorConfig.User(email: "mia@contoso.com", password: "Sunny-Day-42!")
        user.mfaRequired = true
        user.methods = [.init(channel: "email", target: "mia.backup@contoso.com")]
        config.users.append(user)
        try await Self.withApp(config: config, capabilities: [.mfaRequired, .registrationRequired]) { app, running in
            let start = await app.signIn(username: "mia@contoso.com", password: "Sunny-Day-42!")
            guard case .awaitingMFA(let methods, let state) = start else {
                Issue.record("expected awaitingMFA, got \(start.outcome)")
                return
            }
            let challenge = await state.requestChallenge(authMethod: try #require(methods.first))
            guard case .verificationRequired(let required, _, _, _) = challenge else {
                Issue.record("expected verificationRequired, got \(challenge.outcome)")
                return
            }
            let code = try #require(running.core.latestCode(for: "mia.backup@contoso.com"))
            let done = await required.submitChallenge(challenge: code)
            #expect(done.outcome.callback == "onSignInCompleted")
        }
    }

    @Test("a password user signing in with an app that only knows codes is sent to the browser")
    func redirect() async throws {
        try await Self.withApp(challengeTypes: [.OOB]) { app, _ in
            let result = await app.signIn(username: "alex@contoso.com")
            #expect(result.outcome.callback == "onSignInStartError")
            #expect(result.outcome.error?.contains("browserRequired") == true)
        }
    }

    @Test("strong-auth registration of a new email, then signed in")
    func registration() async throws {
        var config = EmulatorConfig.default
        var user = EmulatorConfig.User(email: "rex@contoso.com", password: "Sunny-Day-42!")
        user.mfaRequired = true
        config.users.append(user)
        try await Self.withApp(config: config, capabilities: [.mfaRequired, .registrationRequired]) { app, running in
            let start = await app.signIn(username: "rex@contoso.com", password: "Sunny-Day-42!")
            guard case .strongAuthMethodRegistration(let methods, let state) = start else {
                Issue.record("expected strongAuthMethodRegistration, got \(start.outcome)")
                return
            }
            let email = try #require(methods.first { $0.channelTargetType.isEmailType })
            let challenge = await state.challengeAuthMethod(authMethod: email, verificationContact: "rex.new@contoso.com")
            guard case .verificationRequired(let required) = challenge else {
                Issue.record("expected verificationRequired, got \(challenge.outcome)")
                return
            }
            let code = try #require(running.core.latestCode(for: "rex.new@contoso.com"))
            let done = await required.newState.submitChallenge(challenge: code)
            #expect(done.outcome.callback == "onSignInCompleted")
        }
    }
}
