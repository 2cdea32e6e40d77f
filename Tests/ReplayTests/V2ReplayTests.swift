import Foundation
import HAR
import NativeAuth
import Replay
import Testing

@Suite("V2 captures: script inference and replay")
struct V2ReplayTests {
    static func replay(_ document: HARDocument) async -> CaptureResult {
        await ReplayRunner().replay(ScriptInference.script(of: document, path: "v2.har"))
    }

    @Test("a password sign-in is four user actions; the SDK's own O3, O2 and O17 join the action before them")
    func infersThePasswordJourney() throws {
        let script = ScriptInference.script(of: V2Journeys.document(V2Journeys.password), path: "v2.har")
        #expect(script.flows.isEmpty)
        #expect(script.problems.isEmpty)
        let flow = try #require(script.v2Flows.first)
        #expect(script.v2Flows.count == 1)
        #expect(flow.kind == "v2SignIn")
        #expect(flow.problems.isEmpty)
        #expect(flow.steps.map(\.action) == [
            .signIn(username: "REDACTED-username-1"), .selectAuthMethod(methodId: "REDACTED-method_id-1"),
            .submitPassword(password: "REDACTED-password-1"), .submitPassword(password: "REDACTED-password-2"),
        ])
        #expect(flow.steps.map(\.exchanges.count) == [2, 1, 1, 3])
        #expect(flow.steps.map(\.oracleStep.action) == [.start, .selectAuthMethod, .submitPassword, .submitPassword])
        #expect(flow.steps[1].oracleStep.role == .firstFactor)
        #expect(flow.steps[1].oracleStep.methodType == "password")
        #expect(flow.steps[3].token == "REDACTED-continuation_token-3")
        #expect(flow.clientId == V2Journeys.clientId)
        #expect(flow.authority == V2Journeys.authority)
    }

    @Test("replaying the password sign-in matches every request and gives the engine's outcomes, the retry on the same state")
    func replaysThePasswordJourney() async throws {
        let result = await Self.replay(V2Journeys.document(V2Journeys.password))
        let flow = try #require(result.flows.first)
        #expect(result.flows.count == 1)
        #expect(flow.kind == "v2SignIn")
        #expect(flow.steps.allSatisfy { $0.requestsMatched })
        #expect(flow.steps.map { $0.actual?.callback } == [
            "onAuthMethodSelectionRequired", "onPasswordRequired", "onFlowError", "onFlowCompleted",
        ])
        #expect(flow.steps[2].actual?.error == "MSALNativeAuthFlowError.invalidPassword")
        #expect(flow.steps[3].earlierState == nil)
        #expect(flow.steps.allSatisfy { !$0.diagnostics.contains { $0.contains("refused") } })
        // The V2 oracle agrees with the engine on every step.
        #expect(flow.steps.allSatisfy { $0.passed }, "\(flow.steps.map(\.diagnostics))")
        #expect(result.passed)
    }

    @Test("an email-code sign-in with a wrong code and a resend replays with every request matched")
    func replaysTheEmailCodeJourney() async throws {
        let script = ScriptInference.script(of: V2Journeys.document(V2Journeys.emailCode), path: "v2.har")
        let flow = try #require(script.v2Flows.first)
        #expect(flow.steps.map(\.action.name) == [
            "signInV2", "selectAuthMethod", "submitCode", "resendCode", "submitCode",
        ])
        let result = await ReplayRunner().replay(script)
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.allSatisfy { $0.requestsMatched })
        #expect(steps.map { $0.actual?.callback } == [
            "onAuthMethodSelectionRequired", "onCodeRequired", "onFlowError", "onCodeRequired", "onFlowCompleted",
        ])
        #expect(steps[2].actual?.error == "MSALNativeAuthFlowError.invalidCode")
        #expect(result.passed, "\(steps.map(\.diagnostics))")
    }

    @Test("absolute hrefs in the answers, as other tools export them, replay the same")
    func replaysAbsoluteLinks() async throws {
        let result = await Self.replay(V2Journeys.document(V2Journeys.password, absoluteLinks: true))
        let steps = try #require(result.flows.first?.steps)
        #expect(steps.count == 4)
        #expect(steps.allSatisfy { $0.requestsMatched })
        #expect(steps.last?.actual?.callback == "onFlowCompleted")
    }

    @Test("a recorded request the engine would not send fails closed, naming the member and hiding its value")
    func failsClosedOnADifferentRequest() async throws {
        var exchanges = V2Journeys.password
        exchanges[3].request = "{\"continuationToken\":\"REDACTED-continuation_token-3\",\"password\":\"REDACTED-password-1\",\"extra\":\"s3cret-value\"}"
        let result = await Self.replay(V2Journeys.document(exchanges))
        let steps = try #require(result.flows.first?.steps)
        #expect(!steps[2].requestsMatched)
        #expect(!result.passed)
        let diagnostics = steps[2].diagnostics.joined(separator: "\n")
        #expect(diagnostics.contains("request refused (fail closed)"))
        #expect(diagnostics.contains("extra"))
        #expect(!diagnostics.contains("s3cret-value"))
        #expect(steps[3].requestsMatched)
    }

    @Test("the V2 code exchange is no V1 token flow: a V2-only capture has no unreplayable V1 flow")
    func codeExchangeIsNotAV1Flow() async {
        let result = await Self.replay(V2Journeys.document(V2Journeys.password))
        #expect(!result.flows.contains { $0.kind == "unreplayable" || $0.kind == "getAccessToken" })
    }

    @Test("a capture holding a V1 sign-up and a V2 sign-in replays both, in capture order")
    func replaysMixedCaptures() async throws {
        let v1 = signUpCapture().document.log.entries
        let v2 = V2Journeys.document(V2Journeys.password).log.entries
        let document = HARDocument(log: HARLog(creator: HARCreator(name: "mixed", version: "1"), entries: v1 + v2))
        let result = await Self.replay(document)
        #expect(result.flows.map(\.kind) == ["signUp", "v2SignIn"])
        #expect(result.flows.first?.passed == true)
        #expect(result.flows.last?.steps.allSatisfy { $0.requestsMatched } == true)
    }
}
