import Foundation
import HAR
import Replay
import Testing

/// `--msal` / ``ModelledMSAL``: one setting for the engine's V2 options and the oracle's profile, named in
/// every report format.
@Suite("Which MSAL a replay models")
struct ModelledMSALTests {
    /// A password sign-in whose single method's challenge (O6) answers with a wrong password: table row
    /// B7c, `isInvalidCredentials` under 2.17 and `isInvalidPassword` under 2.18.1 (spec §3.1, §3.5).
    static var wrongPasswordAtChallenge: [V2Exchange] {
        let base = V2Journeys.tenant + "/api/v2.0/auth/methods/password/REDACTED-method_id-1"
        return [
            V2Journeys.start("sign_in", path: "/api/v2.0/signin/start"),
            V2Journeys.signInStart(V2Journeys.method("REDACTED-method_id-1", "password")),
            V2Exchange(
                path: base + "/challenge", request: "{\"continuationToken\":\"REDACTED-continuation_token-2\"}", status: 400,
                response: "{\"error\":{\"code\":\"invalidGrant\",\"message\":\"AADSTS50126: Error validating credentials\","
                    + "\"innerError\":{\"code\":\"invalidUserNameOrPassword\"}}}"),
        ]
    }

    static func replay(_ exchanges: [V2Exchange], msal: ModelledMSAL) async -> CaptureResult {
        let script = ScriptInference.script(
            of: V2Journeys.document(exchanges), path: "v2.har", options: InferenceOptions(msal: msal))
        return await ReplayRunner(inference: InferenceOptions(msal: msal)).replay(script)
    }

    @Test("B7c replays under 2.17 as isInvalidCredentials and under 2.18.1 as isInvalidPassword, engine and oracle agreeing")
    func wrongPasswordRowUnderBothProfiles() async throws {
        for (msal, error) in [(ModelledMSAL.iOS_2_17, "invalidCredentials"), (.iOS_2_18_1, "invalidPassword")] {
            let result = await Self.replay(Self.wrongPasswordAtChallenge, msal: msal)
            let step = try #require(result.flows.first?.steps.first)
            #expect(step.action == "signInV2")
            #expect(step.passed, "\(msal): \(step.diagnostics)")
            #expect(step.expected?.error == "MSALNativeAuthFlowError." + error, "\(msal)")
            #expect(step.actual?.error == "MSALNativeAuthFlowError." + error, "\(msal)")
            #expect(result.passed)
        }
    }

    @Test("the setting gives the engine its options too: a 2.17 script replayed by a 2.18.1 engine fails")
    func engineFollowsTheSetting() async throws {
        let script = ScriptInference.script(
            of: V2Journeys.document(Self.wrongPasswordAtChallenge), path: "v2.har", options: InferenceOptions(msal: .iOS_2_17))
        let flow = try #require(script.v2Flows.first)
        #expect(flow.msal == .iOS_2_17)
        let mismatched = await ReplayRunner().replay(flow, seed: 1, options: ModelledMSAL.iOS_2_18_1.engineOptions)
        #expect(!mismatched.passed)
        #expect(mismatched.steps.first?.actual?.error == "MSALNativeAuthFlowError.invalidPassword")
        #expect(await ReplayRunner().replay(flow, seed: 1).passed)
    }

    @Test("text, JSON and JUnit name the modelled MSAL, 2.18.1 by default")
    func everyFormatNamesTheModel() async throws {
        let result = await Self.replay(V2Journeys.password, msal: .standard)
        for msal in ModelledMSAL.allCases {
            let report = ReplayReport(captures: [result], msal: msal)
            let text = ReplayReportRenderer.render(report, as: .text)
            #expect(text.hasPrefix("msal: \(msal.rawValue) (\(msal.oracleProfile.name))\n"), "\(text)")
            let json = try JSONParser.parse(Array(ReplayReportRenderer.render(report, as: .json).utf8))
            #expect(json["msal"]?["setting"]?.stringValue == msal.rawValue)
            #expect(json["msal"]?["models"]?.stringValue == msal.oracleProfile.name)
            let junit = ReplayReportRenderer.render(report, as: .junit)
            #expect(junit.contains("<property name=\"msal\" value=\"\(msal.rawValue)\"/>"), "\(junit)")
        }
        #expect(ReplayReport(captures: [result]).msal == .iOS_2_18_1)
        #expect(ModelledMSAL.iOS_2_18_1.oracleProfile.name.hasPrefix("MSAL iOS 2.18.1"))
        #expect(ModelledMSAL.iOS_2_17.engineOptions.profile == .iOS_2_17)
    }

    @Test("a runner's report names the MSAL of its inference options")
    func runnerReportCarriesTheSetting() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("msal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v2.har").path
        try HARWriter.write(V2Journeys.document(Self.wrongPasswordAtChallenge), to: path)
        let runner = ReplayRunner(inference: InferenceOptions(msal: .iOS_2_17))
        let report = await runner.replay(paths: [path])
        #expect(report.msal == .iOS_2_17)
        #expect(report.passed, "\(ReplayReportRenderer.text(report))")
        let replayed = try #require(await runner.replayFiles([path]))
        #expect(runner.report(replayed).msal == .iOS_2_17)
    }
}
