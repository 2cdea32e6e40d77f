import Driver
import Foundation
import NativeAuth
import Replay
import Testing

@Suite("V2 actions performed on the engine")
struct V2ActionPerformerTests {
    static func driver(_ transport: any Transport) throws -> EngineDriver {
        try EngineDriver(
            authority: try #require(URL(string: V2Journeys.authority)), challengeTypes: ["oob", "password"], capabilities: [],
            transport: transport, uuids: SeededUUIDSource(seed: 7))
    }

    @Test("a password sign-in: select, a wrong password, the same state again, then completed with an account")
    func passwordSignInThroughThePerformer() async throws {
        let transport = CannedTransport(V2Journeys.password)
        var performer = try Self.driver(transport).v2Performer()
        let started = try await performer.perform(.signIn(username: "REDACTED-username-1"))
        #expect(started.outcome.callback == "onAuthMethodSelectionRequired")
        #expect(started.used == nil)
        let selected = try await performer.perform(.selectAuthMethod(methodId: "REDACTED-method_id-1"))
        #expect(selected.outcome.callback == "onPasswordRequired")
        #expect(selected.outcome.newStateToken == "REDACTED-continuation_token-3")
        let wrong = try await performer.perform(.submitPassword(password: "REDACTED-password-1"))
        #expect(wrong.outcome.callback == "onFlowError")
        #expect(wrong.result.error?.isInvalidPassword == true)
        let right = try await performer.perform(
            .submitPassword(password: "REDACTED-password-2"), token: "REDACTED-continuation_token-3")
        #expect(right.outcome == Outcome(callback: "onFlowCompleted"))
        #expect(right.used?.token == "REDACTED-continuation_token-3")
        #expect(right.held.account != nil)
        #expect(right.held.handed.map(\.name) == [
            "MSALNativeAuthAuthMethodSelectionRequiredState", "MSALNativeAuthPasswordRequiredState",
        ])
        #expect(transport.sent.count == V2Journeys.password.count)
    }

    @Test("an earlier state chosen by its token is reported as earlier, the latest one otherwise")
    func earlierStateByToken() async throws {
        var performer = try Self.driver(CannedTransport(V2Journeys.password)).v2Performer()
        _ = try await performer.perform(.signIn(username: "REDACTED-username-1"))
        _ = try await performer.perform(.selectAuthMethod(methodId: "REDACTED-method_id-1"))
        let select = performer.held.state(for: .selectAuthMethod(methodId: "x"), holding: "REDACTED-continuation_token-2")
        #expect(select?.name == "MSALNativeAuthAuthMethodSelectionRequiredState")
        #expect(select.map(performer.held.isLatest) == false)
        #expect(performer.held.state(for: .submitCode(code: "1"), holding: nil) == nil)
    }

    @Test("an action no held state accepts is refused with the states named, and nothing is sent")
    func refusesAnActionWithoutItsState() async throws {
        let transport = CannedTransport(V2Journeys.password)
        var performer = try Self.driver(transport).v2Performer()
        do {
            _ = try await performer.perform(.submitCode(code: "REDACTED-otp-1"))
            Issue.record("performed without a state")
        } catch {
            #expect(error.message == "submitCode needs a state that accepts it, and the engine handed over none")
        }
        #expect(transport.sent.isEmpty)
    }

    @Test("actions round-trip through JSON", arguments: [
        V2UserAction.signIn(username: "u", password: "p", scopes: ["User.Read"], claims: "{}"),
        .signUp(username: "u", password: nil, attributes: ["displayName": "Sam"], scopes: []),
        .resetPassword(username: "u", scopes: []), .selectAuthMethod(methodId: "m"), .submitCode(code: "1"), .resendCode,
        .submitPassword(password: "p"), .submitAttributes(attributes: ["a": "b"]), .submitNewPassword(password: "n"),
        .submitChallenge(challenge: "2"), .resendChallenge, .signInAfterFlow(scopes: ["s"]),
    ])
    func actionsRoundTripThroughJSON(action: V2UserAction) throws {
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(V2UserAction.self, from: data) == action)
    }
}
