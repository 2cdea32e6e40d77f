import Driver
import Foundation
import NativeAuth
import Testing
import Replay
import NativeAuthWire

/// The configuration a flow's exchanges imply is inferred once with the script; editing the exchanges
/// afterwards must still replay with what the edited exchanges imply.
@Suite("Replay configuration per flow")
struct FlowConfigurationTests {
    static func renamed(_ exchange: RecordedExchange) -> RecordedExchange {
        var copy = exchange
        copy.fields = copy.fields.map { $0.name == "client_id" ? FormField("client_id", "edited-client") : $0 }
        return copy
    }

    @Test("a flow whose exchanges are edited after inference replays with the edited client id")
    func editedExchanges() async {
        var script = ReplayBenchmarkTests.corpus()[1]
        script.flows[0].exchanges = script.flows[0].exchanges.map(Self.renamed)
        for index in script.flows[0].steps.indices {
            script.flows[0].steps[index].exchanges = script.flows[0].steps[index].exchanges.map(Self.renamed)
        }
        let edited = await ReplayRunner().replay(script)
        #expect(edited.passed, "\(ReplayReportRenderer.text(ReplayReport(captures: [edited])))")
    }

    @Test("editing only the expected requests makes the engine's requests differ (the client id comes from the flow)")
    func editedStepsOnly() async {
        var script = ReplayBenchmarkTests.corpus()[1]
        for index in script.flows[0].steps.indices {
            script.flows[0].steps[index].exchanges = script.flows[0].steps[index].exchanges.map(Self.renamed)
        }
        let result = await ReplayRunner().replay(script)
        #expect(!result.passed)
    }

    @Test("wire names map to the engine's challenge types and capabilities, and unknown names are ignored")
    func engineOptions() {
        #expect(EngineOptions.challengeTypes(["oob", "password", "redirect"]) == [.OOB, .password])
        #expect(EngineOptions.challengeTypes(["password"]) == .password)
        #expect(EngineOptions.challengeTypes([String]()) == [])
        #expect(EngineOptions.capabilities(["registration_required", "mfa_required"]) == [.mfaRequired, .registrationRequired])
        #expect(EngineOptions.capabilities(["mfa_required", "OOB"]) == .mfaRequired)
    }
}
