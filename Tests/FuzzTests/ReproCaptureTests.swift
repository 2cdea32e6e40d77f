import Foundation
import HAR
import NativeAuth
import Redaction
import Replay
import Testing

@testable import Fuzz

/// Repro captures are redacted by Redaction's `Redactor` with its built-in rules: no secret or personal value
/// of the flow reaches the file (every detector of `authtape check` says so), and the capture still replays.
@Suite("Repro captures are redacted and replay")
struct ReproCaptureTests {
    /// The real engine with several planted faults at once, so that one campaign finds something in every area.
    struct FaultsSource: OutcomeSource {
        let faults: [PlantedFault]
        let real = EngineOutcomeSource()
        func observe(flow: FuzzFlow, action: Int, responses: [FuzzResponse]) async -> Observation {
            let observed = await real.observe(flow: flow, action: action, responses: responses)
            return faults.reduce(observed) { $1.apply(flow: flow, action: action, to: $0) }
        }
    }

    /// Usernames and contacts the built-in V1 flows type (BaseFlows).
    static let usernames = ["alex@example.com", "sam@example.com", "alex.backup@example.com"]

    /// A V1 campaign with planted faults in sign-up, sign-in, MFA, registration, reset and tokens, its findings
    /// written as repro captures; and the runner that made them.
    static func campaign(in directory: String) async throws -> (result: FuzzRunResult, runner: FuzzRunner) {
        let faults = try #require(PlantedFault.named([
            "signUp.invalidCodeStateDropped", "signIn.challengeRedirectIgnored", "mfa.blockedAsGeneral",
            "registration.contactBlockedAsGeneral", "reset.userNotFoundAsGeneral", "tokens.clientInfoMissingTolerated",
        ]))
        let configuration = FuzzConfiguration(seed: 7, cases: 2_000, caseTimeout: 10, operators: testOperators, minimise: false)
        let runner = FuzzRunner(configuration: configuration, source: FaultsSource(faults: faults))
        let result = await runner.run()
        return (try await FuzzCampaign.writeRepros(result, runner: runner, directory: directory), runner)
    }

    @Test("every V1 repro capture of a planted-fault campaign passes every detector of the leak scan, the flows' secrets and usernames as canaries")
    func v1ReproCapturesDoNotLeak() async throws {
        let directory = NSTemporaryDirectory() + "fuzz-repro-leak-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (result, _) = try await Self.campaign(in: directory)
        let findings = result.findings.findings
        #expect(Set(findings.map(\.reproCase.flow)).count >= 4, "\(Set(findings.map(\.reproCase.flow)))")
        var canaries = Set(Self.usernames + [BaseFlows.password, BaseFlows.code])
        for finding in findings {
            let flow = try #require(BaseFlows.named(finding.reproCase.flow))
            canaries.formUnion(FuzzRunner.secrets(flow: flow, fuzzCase: finding.reproCase))
            // client_info is no token the fuzzer tracks, but it identifies the user.
            for action in flow.actions {
                for answer in action.responses {
                    canaries.formUnion(JSONNode.parse(answer.body)?.values(of: "client_info").compactMap(\.stringValue) ?? [])
                }
            }
        }
        #expect(canaries.contains("SU-CT-2") && canaries.contains("AT-canary-access"))
        let scanner = LeakScanner(canaries: canaries.sorted(), workers: 1)
        let paths = findings.compactMap(\.reproPath)
        #expect(!paths.isEmpty && paths.count == findings.count)
        for path in paths {
            // Every detector of `authtape check`: canaries, JWTs, e-mail addresses, long tokens, code, password and token fields.
            let found = try scanner.scan(path: path)
            #expect(found.isEmpty, "\(path): \(found.map(\.description))")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("username=REDACTED-") || !text.contains("username="), "\(path)")
        }
        // The same scan finds a username left in a V1 form body, as the repro captures used to keep it.
        let leaky = HARDocument(log: HARLog(creator: HARCreator(name: "test", version: "1"), entries: [HAREntry(
            startedDateTime: "2026-11-28T10:00:00.000Z", time: 1,
            request: HARRequest(method: "POST", url: "https://contoso.ciamlogin.com/t/oauth2/v2.0/initiate", headers: [],
                                postData: HARPostData(body: Array("client_id=c&username=sam%40example.com".utf8),
                                                      mimeType: "application/x-www-form-urlencoded")),
            response: HARResponse(status: 200, headers: [], content: HARContent(body: Array("{}".utf8), mimeType: "application/json")))]))
        #expect(try scanner.scan(bytes: HARWriter.bytes(leaky), file: "leaky.har").contains { $0.detector == "canary" })
    }

    @Test("a V1 repro capture replays as its unredacted capture does: every request matches, the same verdicts, the recorded expectation kept")
    func v1ReproCapturesReplay() async throws {
        let directory = NSTemporaryDirectory() + "fuzz-repro-replay-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (result, runner) = try await Self.campaign(in: directory)
        var replayed = 0
        for finding in result.findings.findings {
            let fuzzCase = finding.reproCase
            let flow = try #require(BaseFlows.named(fuzzCase.flow))
            let observation = try #require(await runner.observe(fuzzCase, flow: flow))
            let plain = ReproCapture.unredacted(for: fuzzCase, verdict: finding.verdict, requests: observation.requests)
            let path = try #require(finding.reproPath)
            let redacted = try HARReader.read(contentsOf: path)
            #expect(redacted.log.entries.count == plain.log.entries.count)
            let kept = redacted.log.entries.last?.authtape?.expectedOutcome
            let made = plain.log.entries.last?.authtape?.expectedOutcome
            #expect(kept != nil, "\(path)")
            #expect(kept?.callback == made?.callback && kept?.error == made?.error && kept?.newState == made?.newState
                    && kept?.newStateToken == made?.newStateToken, "\(path)")
            let redactedResult = await ReplayRunner().replay(ScriptInference.script(of: redacted, path: path))
            let plainResult = await ReplayRunner().replay(ScriptInference.script(of: plain, path: path))
            let redactedSteps = redactedResult.flows.flatMap(\.steps)
            let plainSteps = plainResult.flows.flatMap(\.steps)
            #expect(!redactedSteps.isEmpty)
            #expect(redactedSteps.map(Self.verdict) == plainSteps.map(Self.verdict), "\(path)")
            for step in redactedSteps { #expect(step.requestsMatched, "\(path) \(step.action): \(step.diagnostics)") }
            replayed += 1
        }
        #expect(replayed > 0)
    }

    /// A step's verdict without its tokens (placeholders in one replay, the made-up values in the other).
    static func verdict(_ step: StepResult) -> String {
        func name(_ outcome: Outcome?) -> String {
            outcome.map { "\($0.callback) \($0.error ?? "-") \($0.newState ?? "-") \($0.newStateToken == nil ? "" : "token")" } ?? "none"
        }
        return "\(step.action) \(step.endpoints) matched \(step.requestsMatched) actual \(name(step.actual)) expected \(name(step.expected))"
    }

    @Test("a repro capture names each value with one placeholder everywhere: the token an answer issues is the one the next request sends")
    func placeholdersAreStable() throws {
        let flow = BaseFlows.signInCode
        let first = try #require(flow.actions.first)
        let answer = try #require(first.responses.first)
        let issued = try #require(JSONNode.parse(answer.body)?.values(of: "continuation_token").first?.stringValue)
        let requests = [
            SentRequest(url: "https://contoso.ciamlogin.com/t/oauth2/v2.0/initiate", headers: [],
                        body: Array("client_id=c&username=sam%40example.com&challenge_type=oob+redirect".utf8), continuationToken: nil,
                        served: answer, action: 0),
            SentRequest(url: "https://contoso.ciamlogin.com/t/oauth2/v2.0/challenge", headers: [],
                        body: Array("client_id=c&continuation_token=\(issued)&challenge_type=oob+redirect".utf8), continuationToken: issued,
                        served: nil, action: 0),
        ]
        let fuzzCase = FuzzCase(seed: 1, index: 2, flow: flow.name, action: 0, response: 0, step: first.step, operators: ["none"],
                                details: ["nothing"], responses: first.responses, metamorphic: false)
        let verdict = Verdict(kind: .mismatch, step: "signInInitiate", expected: "A", actual: "B", note: "")
        let document = try ReproCapture.document(for: fuzzCase, verdict: verdict, requests: requests)
        let entries = document.log.entries
        let sent = try #require(entries.last?.request.postData?.text)
        let answered = try #require(entries.first?.response.content.text)
        #expect(sent.contains("continuation_token=REDACTED-continuation_token-1"))
        #expect(answered.contains(#""continuation_token":"REDACTED-continuation_token-1""#))
        #expect(entries.first?.request.postData?.text?.contains("username=REDACTED-username-1") == true)
        let bytes = String(decoding: HARWriter.bytes(document), as: UTF8.self)
        #expect(!bytes.contains(issued) && !bytes.contains("sam@example.com") && !bytes.contains("sam%40example.com"))
    }
}
