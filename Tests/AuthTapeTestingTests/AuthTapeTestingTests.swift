import AuthTapeTesting
import Foundation
import NativeAuth
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("AuthTapeTesting helpers")
struct AuthTapeTestingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Replaying a shipped capture returns each step's engine outcome beside the oracle's")
    func replayReturnsOutcomes() async {
        let path = Self.root.appendingPathComponent("captures/signin-wrong-password.har").path
        let result = await AuthTapeTesting.replay(capture: path)
        #expect(result.passed)
        #expect(result.steps.map(\.action) == ["signIn", "submitPassword", "submitPassword"])
        #expect(result.steps[1].actual?.error == "PasswordRequiredError.invalidPassword")
        #expect(result.steps.last?.actual?.callback == "onSignInCompleted")
        #expect(result.steps.allSatisfy { $0.actual == $0.expected })
    }

    @Test("Replaying a file that is not a capture fails with a diagnostic")
    func replayOfGarbageFails() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("garbage-\(UUID().uuidString).har").path
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = await AuthTapeTesting.replay(capture: path)
        #expect(!result.passed)
        #expect(result.steps.first?.diagnostics.isEmpty == false)
    }

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
}
