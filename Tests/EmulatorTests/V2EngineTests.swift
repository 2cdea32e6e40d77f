import Foundation
import NativeAuth
import Testing

@testable import Emulator

/// The NativeAuth engine's V2 sign-in against the emulator's V2 room over real loopback HTTP.
@Suite("V2 engine against the emulator")
struct V2EngineTests {
    static func withApp(
        _ options: MSALNativeAuthV2Options = MSALNativeAuthV2Options(),
        _ body: (MSALNativeAuthPublicClientApplication, EmulatorCore) async throws -> Void
    ) async throws {
        let core = try EmulatorCore(config: V2Driver.config, seed: 26, logger: .quiet)
        let running = try await EmulatorServer.start(core: core, port: 0, logger: .quiet)
        let app = try MSALNativeAuthPublicClientApplication(
            clientId: EndToEndTests.passwordClient, authority: running.authorityURL, challengeTypes: [.OOB, .password],
            environment: NativeAuthEnvironment(clock: ImmediateClock()),
            v2Options: options)
        do {
            try await body(app, core)
        } catch {
            await running.shutdown()
            throw error
        }
        await running.shutdown()
    }

    @Test("signInV2 with a password: selection, a wrong password, then the right one ends with a cached account")
    func passwordSignIn() async throws {
        try await Self.withApp { app, _ in
            let first = await app.signInV2(parameters: MSALNativeAuthSignInParametersV2(username: "alex@contoso.com"))
            guard case .authMethodSelectionRequired(let selection) = first else {
                Issue.record("got \(first.outcome)")
                return
            }
            let password = try #require(selection.authMethods.first { $0.challengeType == "password" })
            let asked = await selection.selectAuthMethod(password)
            guard case .passwordRequired(let state) = asked else {
                Issue.record("got \(asked.outcome)")
                return
            }
            #expect(await state.submitPassword(password: "wrong").error?.isInvalidPassword == true)
            let done = await state.submitPassword(password: "Sunny-Day-42!")
            guard case .completed(let account) = done else {
                Issue.record("got \(done.outcome) \(done.error?.errorDescription ?? "")")
                return
            }
            #expect(account.account.username == "alex@contoso.com")
            #expect(app.getNativeAuthUserAccount()?.idToken != nil)
        }
    }

    @Test("signInV2 with an email code under the same-origin link policy: a wrong code is isInvalidCode, the mailed code completes")
    func emailCodeSignIn() async throws {
        try await Self.withApp(MSALNativeAuthV2Options(linkPolicy: .sameOriginHTTPSOnly)) { app, core in
            let first = await app.signInV2(parameters: MSALNativeAuthSignInParametersV2(username: "sam@contoso.com"))
            guard case .codeRequired(let state) = first else {
                Issue.record("got \(first.outcome) \(first.error?.errorDescription ?? "")")
                return
            }
            #expect(state.channel.isEmailType)
            #expect(await state.submitCode(code: "00000000").error?.isInvalidCode == true)
            let code = try #require(core.latestCode(for: "sam@contoso.com"))
            let done = await state.submitCode(code: code)
            #expect(done.outcome.callback == "onFlowCompleted")
            #expect(app.getNativeAuthUserAccount()?.account.username == "sam@contoso.com")
        }
    }
}
