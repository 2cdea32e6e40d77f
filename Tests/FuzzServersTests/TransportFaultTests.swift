import Foundation
import NativeAuth
import Synchronization
import Testing

@testable import Fuzz
@testable import FuzzServers

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The engine, with its live URLSession transport, against a loopback server that breaks exchanges.
@Suite("Transport faults on a real loopback socket", .serialized)
struct TransportFaultTests {
    static let flow = BaseFlows.signInPassword

    /// Faults the engine's live transport does not retry (findings, not passes). Empty: on Linux the transport
    /// maps libcurl's "Empty reply" and "transfer closed" errors to a lost connection, as Apple reports them.
    static let linuxUnretried: Set<LiveFault> = []

    /// A case on the password sign-in's challenge answer (action 0, answer 1).
    static func onChallenge(_ fault: LiveFault, persistent: Bool) -> TransportFaultCase {
        TransportFaultCase(seed: 1, index: 0, flow: flow.name, action: 0, response: 1, fault: fault, persistent: persistent)
    }

    @Test("each fault ends with the oracle's outcome, the §0.1 failure kind and within the deadline",
          arguments: TransportFaultCase.modes.map { "\($0.0.rawValue)/\($0.1)" })
    func eachFault(mode: String) async throws {
        let parts = mode.split(separator: "/")
        let fault = try #require(LiveFault(rawValue: String(parts[0])))
        let persistent = parts[1] == "true"
        // Generous timeout and slack: the test bundle runs suites in parallel on a shared machine, and only
        // the never-answering server depends on the timeout (its own test below keeps it at 1 s).
        let options = TransportFaultOptions(seed: 1, flows: [Self.flow], timeout: 2, slack: 10)
        let fuzzCase = Self.onChallenge(fault, persistent: persistent)
        let result = await TransportFaultPhase.judge(fuzzCase, flow: Self.flow, options: options)

        // The deadline is part of the verdict: a case with no outcome in time is a `hang`, never a pass.
        #expect(result.verdict.kind != .hang, "\(result.verdict.note)")
        if Self.linuxUnretried.contains(fault) {
            // Known finding: FoundationNetworking reports an empty reply and a cut body as a URLError the
            // engine's transport maps to `other`, which MSAL does not retry; the phase must flag it.
            #expect(result.verdict.kind.isFinding && result.kinds.allSatisfy { $0 == "other" } && result.kinds.count == 1,
                    "\(result.verdict.kind) \(result.kinds) \(result.verdict.note)")
            return
        }
        #expect(result.verdict.kind == .pass, "\(result.verdict.expected) ⇒ \(result.verdict.actual): \(result.verdict.note)")
        if persistent {
            // Both attempts broken: the action fails as a general error after exactly one retry.
            #expect(result.verdict.actual.contains("generalError"))
            #expect(result.kinds.count == 2)
        } else {
            // One broken attempt (or a slow one): the retry or the trickle still signs the user in.
            #expect(result.verdict.actual.hasPrefix("onSignInCompleted"))
            #expect(result.kinds.count == (fault == .slowBody ? 0 : 1))
        }
        let expectation = TransportFaultExpectation.of(fault)
        #expect(result.kinds.allSatisfy(expectation.kinds.contains))
    }

    @Test("V2: a reset, an empty reply or a cut body at a V2 request ends in onFlowError generalError, the request sent once",
          arguments: [LiveFault.connectionReset, .emptyResponse, .cutMidBody])
    func v2FaultIsNotRetried(fault: LiveFault) async throws {
        let flow = V2BaseFlows.signInPassword
        // The final submitPassword's verify request (action 2, answer 0) and the start's auto challenge (action 0, answer 1).
        for (action, response) in [(2, 0), (0, 1)] {
            let fuzzCase = TransportFaultCase(seed: 1, index: 0, flow: flow.name, action: action, response: response, fault: fault,
                                              persistent: false)
            let result = await V2TransportFaultPhase.judge(fuzzCase, flow: flow, timeout: 2, slack: 10)
            #expect(result.verdict.kind == .pass, "\(result.verdict)")
            #expect(result.verdict.expected.hasPrefix("onFlowError(") && result.verdict.expected.hasSuffix(".generalError)"))
            #expect(result.verdict.actual == result.verdict.expected)
            #expect(result.kinds == ["networkConnectionLost"])
        }
    }

    @Test("V2: the phase's cases of a seed cover every fault and pass on the current engine")
    func v2Phase() async {
        let results = await V2TransportFaultPhase.run(seed: 3, perMode: 1, timeout: 1, slack: 10)
        #expect(Set(results.map(\.fuzzCase.fault)) == Set(LiveFault.allCases))
        #expect(results.allSatisfy { !$0.fuzzCase.persistent })
        for result in results { #expect(result.verdict.kind == .pass, "\(result.fuzzCase.id) \(result.fuzzCase.flow): \(result.verdict)") }
    }

    @Test("a server that never answers ends the engine with an error within the configured timeout")
    func neverAnswers() async {
        let options = TransportFaultOptions(seed: 1, flows: [Self.flow], timeout: 1, slack: 10)
        let start = ContinuousClock.now
        let result = await TransportFaultPhase.judge(Self.onChallenge(.neverAnswers, persistent: true), flow: Self.flow, options: options)
        let seconds = (ContinuousClock.now - start) / .seconds(1)

        #expect(result.verdict.actual.contains("generalError"), "\(result.verdict.actual)")
        #expect(result.kinds == ["timedOut", "timedOut"])
        // Two attempts of 1 s each: at least 2 s, and it ends on its own (not at the 12 s hang deadline).
        #expect(result.verdict.kind != .hang)
        #expect(seconds >= 1.8)
        #expect(seconds < 8)
    }

    @Test("a slow body that arrives within the timeout is an ordinary answer")
    func slowBody() async {
        let options = TransportFaultOptions(seed: 1, flows: [Self.flow], timeout: 2, slack: 10)
        let start = ContinuousClock.now
        let result = await TransportFaultPhase.judge(Self.onChallenge(.slowBody, persistent: false), flow: Self.flow, options: options)
        let seconds = (ContinuousClock.now - start) / .seconds(1)

        #expect(result.verdict.kind == .pass, "\(result.verdict.actual)")
        #expect(result.verdict.actual.hasPrefix("onSignInCompleted"))
        #expect(result.kinds.isEmpty)
        // Eight pieces 40 ms apart: the body really trickled.
        #expect(seconds >= 0.3)
    }

    @Test("the fault server's faults reach a plain client as failures, and its plain answers arrive whole")
    func serverLevel() async throws {
        let server = try await FaultServer.scripted()
        let answer = FuzzResponse(status: 200, json: #"{"continuation_token":"CT-1","padding":"0123456789"}"#)
        server.load([ServedItem(answer, fault: .cutMidBody), ServedItem(answer, fault: .emptyResponse),
                     ServedItem(answer, fault: .connectionReset), ServedItem(answer)])
        let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral), timeout: 2)
        let request = NativeAuthHTTPRequest(
            method: "POST", url: server.baseURL.appendingPathComponent("t/oauth2/v2.0/initiate"),
            headers: [NativeAuthHTTPHeader("Content-Type", "application/x-www-form-urlencoded")],
            body: Data("username=a&continuation_token=x".utf8))
        for _ in 0..<3 {
            await #expect(throws: TransportError.self) { _ = try await transport.send(request) }
        }
        let response = try await transport.send(request)
        await server.stop()

        #expect(response.statusCode == 200)
        #expect(response.body == Data(answer.body))
        #expect(server.requests.count == 4)
        #expect(server.requests.allSatisfy { $0.continuationToken == "x" && $0.url.hasSuffix("/oauth2/v2.0/initiate") })
        #expect(server.requests.map(\.served?.fault) == [.cutMidBody, .emptyResponse, .connectionReset, nil])
    }

    @Test("the phase draws the same cases for a seed, covers every fault, and gives the same verdicts again")
    func determinism() async {
        let flows = [BaseFlows.signInPassword, BaseFlows.signInCode]
        let first = TransportFaultCase.cases(seed: 9, flows: flows, perMode: 2)
        #expect(first == TransportFaultCase.cases(seed: 9, flows: flows, perMode: 2))
        #expect(first != TransportFaultCase.cases(seed: 10, flows: flows, perMode: 2))
        #expect(Set(first.map(\.fault)) == Set(LiveFault.allCases))
        #expect(first.count == 2 * TransportFaultCase.modes.count)

        let options = TransportFaultOptions(seed: 9, flows: flows, perMode: 1, timeout: 2, slack: 10)
        let (run1, results1) = await TransportFaultPhase.run(options)
        let (_, results2) = await TransportFaultPhase.run(options)
        #expect(results1.map(\.verdict) == results2.map(\.verdict))
        #expect(results1.map(\.kinds) == results2.map(\.kinds))
        #expect(run1.findings.total == TransportFaultCase.modes.count)
        let unexpected = run1.findings.findings.filter { finding in
            !Self.linuxUnretried.contains { finding.key.operatorName.hasPrefix("live.\($0.rawValue)") }
        }
        #expect(unexpected.isEmpty, "\(unexpected.map { "\($0.key) \($0.verdict.note)" })")
    }

    @Test("an engine that never ends is abandoned at the deadline")
    func deadline() async {
        let start = ContinuousClock.now
        let value: Int? = await Deadline.first(seconds: 0.3) {
            try? await Task.sleep(for: .seconds(30))
            return 1
        }
        #expect(value == nil)
        #expect(ContinuousClock.now - start < .seconds(5))
        let quick: Int? = await Deadline.first(seconds: 5) { 7 }
        #expect(quick == 7)
    }

    @Test("the campaign's transport phase runs V2's cases after V1's, numbered on, in the one transport report")
    func campaignPhaseHoldsV2Positions() async throws {
        let v1 = TransportFaultCase.cases(seed: 5, flows: BaseFlows.all, perMode: 1)
        let v2 = V2TransportFaultPhase.cases(seed: 5, flows: V2BaseFlows.all, perMode: 1, firstIndex: v1.count)
        #expect(v2.map(\.index) == Array(v1.count..<(v1.count + LiveFault.allCases.count)))
        let drawn = V2TransportFaultPhase.cases(seed: 5, flows: V2BaseFlows.all, perMode: 1)
        #expect(v2.map(\.flow) == drawn.map(\.flow) && v2.map(\.action) == drawn.map(\.action))
        #expect(v2.allSatisfy { V2BaseFlows.named($0.flow) != nil })
        let lines = CampaignLines()
        let options = FuzzCampaignOptions(seed: 5, cases: 10, reports: [.json, .text], transportCases: 1, transportTimeout: 1)
        let outcome = try await FuzzCampaign.run(options, sinks: lines.sinks, transportPhase: TransportFaultCampaignPhase())
        #expect(outcome.isClean, "\(lines.notes)")
        let total = v1.count + v2.count
        #expect(lines.notes.contains { $0.hasPrefix("transport faults") && $0.hasSuffix(": \(total) cases, 0 findings") }, "\(lines.notes)")
        let output = lines.output
        try #require(output.count == 2)
        let json = try #require(JSONNode.parse(Array(output[0].utf8)))
        #expect(json["transportPhase"]?["cases"] == JSONNode.number(String(total)))
        #expect(json["v2"] != nil)
        #expect(output[1].contains("transport phase:\n"))
    }

    @Test("a campaign of V2 flows only runs the transport phase on V2 positions and reports it")
    func v2OnlyCampaignHasATransportPhase() async throws {
        let lines = CampaignLines()
        let options = FuzzCampaignOptions(seed: 5, cases: 10, reports: [.json, .text, .junit], transportCases: 1, transportTimeout: 1,
                                          flowFamilies: .v2)
        let outcome = try await FuzzCampaign.run(options, sinks: lines.sinks, transportPhase: TransportFaultCampaignPhase())
        #expect(outcome.isClean, "\(lines.notes)")
        let count = LiveFault.allCases.count
        #expect(lines.notes.contains { $0.hasPrefix("transport faults") && $0.hasSuffix(": \(count) cases, 0 findings") }, "\(lines.notes)")
        let output = lines.output
        try #require(output.count == 3)
        let json = try #require(JSONNode.parse(Array(output[0].utf8)))
        #expect(json["transportPhase"]?["cases"] == JSONNode.number(String(count)))
        #expect(json["v2"] != nil)
        #expect(output[1].hasPrefix("transport phase:\n"))
        #expect(output[2].hasPrefix("<?xml") || output[2].contains("<testsuites"))
        #expect(!output[2].contains("transport phase"))
        // Off, the phase leaves the V2 report alone.
        let off = CampaignLines()
        var quiet = options
        quiet.transportCases = 0
        #expect(try await FuzzCampaign.run(quiet, sinks: off.sinks).isClean)
        #expect(!off.output.joined().contains("transportPhase") && !off.notes.contains { $0.hasPrefix("transport faults") })
    }
}

/// What a campaign wrote to its sinks.
final class CampaignLines: Sendable {
    private let lines = Mutex<(output: [String], notes: [String])>(([], []))

    var output: [String] { lines.withLock { $0.output } }
    var notes: [String] { lines.withLock { $0.notes } }

    var sinks: FuzzCampaignSinks {
        FuzzCampaignSinks(output: { text in self.lines.withLock { $0.output.append(text) } },
                          note: { text in self.lines.withLock { $0.notes.append(text) } })
    }
}
