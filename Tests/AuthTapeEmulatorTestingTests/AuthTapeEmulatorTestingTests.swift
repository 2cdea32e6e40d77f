import AuthTapeEmulatorTesting
import AuthTapeTesting
import Foundation
import NativeAuth
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("AuthTapeTesting's emulator helpers")
struct AuthTapeEmulatorTestingTests {
    @Test("An emulator started for a test serves the engine and is shut down afterwards")
    func emulatorForATest() async throws {
        let port = try await AuthTapeTesting.withEmulator { emulator in
            let app = try AuthTapeTesting.application(for: emulator)
            let result = await app.signIn(username: "alex@contoso.com", password: "Sunny-Day-42!")
            #expect(result.outcome.callback == "onSignInCompleted")
            return emulator.port
        }
        // After the helper returns, nothing listens on the port any more.
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/contoso.onmicrosoft.com/oauth2/v2.0/initiate")!)
        request.httpMethod = "POST"
        request.timeoutInterval = 5
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(for: request) }
    }

    @Test("A V2 email-code sign-in is driven against an emulator with V2 actions and the mailed code")
    func v2SignInAgainstAnEmulator() async throws {
        try await AuthTapeTesting.withEmulator { emulator in
            var performer = try AuthTapeTesting.v2Performer(for: emulator)
            let started = try await performer.perform(.signIn(username: "sam@contoso.com"))
            #expect(started.outcome.callback == "onCodeRequired")
            let wrong = try await performer.perform(.submitCode(code: "00000000"))
            #expect(wrong.result.error?.isInvalidCode == true)
            let code = try #require(AuthTapeTesting.latestCode(emulator, for: "sam@contoso.com"))
            let done = try await performer.perform(.submitCode(code: code))
            #expect(done.outcome.callback == "onFlowCompleted")
            #expect(done.held.account != nil)
        }
    }
}
