import Foundation
import HAR
import NativeAuth
import Oracle

/// Writes a finding as a HAR capture: every exchange of the case (the unmutated earlier actions and
/// the mutated one), the oracle's expected outcome on the mutated action's last entry, and a comment
/// naming seed, case, operators and verdict. Bodies hold only the scripted made-up values.
public enum ReproCapture {
    /// The capture of `fuzzCase` given the requests the engine sent.
    public static func document(for fuzzCase: FuzzCase, verdict: Verdict, requests: [SentRequest]) -> HARDocument {
        let prediction = Judge.predict(step: fuzzCase.step, responses: fuzzCase.responses)
        let expected = prediction.expectation.outcome
        let redactor = ReproRedactor(requests: requests)
        var entries: [HAREntry] = []
        let mutatedRequests = requests.enumerated().filter { $0.element.action == fuzzCase.action }.map(\.offset)
        for (index, request) in requests.enumerated() {
            let inMutated = request.action == fuzzCase.action
            let hopIndex = mutatedRequests.firstIndex(of: index)
            let step = hopIndex.flatMap { $0 < prediction.hops.count ? prediction.hops[$0].step.name : nil }
            let isLast = inMutated && index == mutatedRequests.last
            let expectation = isLast ? expected.map {
                AuthTapeExpectedOutcome(callback: $0.callback, error: $0.error, newState: $0.newState,
                                        newStateToken: $0.newState == nil ? nil : $0.newStateToken.rawValue)
            } : nil
            let fields = AuthTapeEntryFields(flowId: "fuzz-\(fuzzCase.seed)-\(fuzzCase.index)", flowKind: kind(of: fuzzCase.flow),
                                             step: step, expectedOutcome: expectation)
            entries.append(HAREntry(
                startedDateTime: timestamp(index), time: 0, request: harRequest(request, redactor), response: harResponse(request.served, redactor),
                comment: inMutated && hopIndex == fuzzCase.response ? "mutated: " + fuzzCase.details.joined(separator: "; ") : nil,
                authtape: fields))
        }
        let note = "authtape fuzz finding \(verdict.kind.rawValue) at \(verdict.step) by \(fuzzCase.operators.joined(separator: "+")): "
            + "expected \(verdict.expected), actual \(verdict.actual). Regenerate: authtape fuzz --seed \(fuzzCase.seed) --case \(fuzzCase.index)"
        let log = HARLog(
            creator: HARCreator(name: "authtape", version: "0.1.0"), entries: entries, comment: note,
            authtape: AuthTapeLogFields(toolVersion: "0.1.0", upstream: EngineOutcomeSource.authority.absoluteString,
                                        mode: "fuzz-repro", notes: note))
        return HARDocument(log: log)
    }

    /// Writes the capture to `directory/finding-<kind>-<n>.har` (mode 0600) and returns the path.
    public static func write(_ document: HARDocument, directory: String, name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(name)
        try HARWriter.write(document, to: path)
        return path
    }

    /// The capture-format flow kind of a flow (`signUp`, `signIn`, `resetPassword`).
    static func kind(of flow: String) -> String {
        for kind in ["signUp", "signIn", "resetPassword"] where flow.hasPrefix(kind) { return kind }
        return flow
    }

    static func timestamp(_ index: Int) -> String {
        String(format: "2026-01-01T00:00:%02d.000Z", min(index, 59))
    }

    static func harRequest(_ request: SentRequest, _ redactor: ReproRedactor) -> HARRequest {
        let body = redactor.form(request.body)
        return HARRequest(
            method: "POST", url: request.url, headers: request.headers.map { HARHeader(name: $0.name, value: $0.value) },
            postData: HARPostData(body: body, mimeType: "application/x-www-form-urlencoded"), bodySize: body.count)
    }

    static func harResponse(_ served: FuzzResponse?, _ redactor: ReproRedactor) -> HARResponse {
        guard let served else {
            return HARResponse(status: 0, comment: "no answer: the fuzz script had run out (network connection lost)")
        }
        if let fault = served.fault {
            return HARResponse(status: 0, comment: "transport fault: \(fault.rawValue)", extensions: ["_fault": .string(fault.rawValue)])
        }
        let mime = served.header("Content-Type") ?? ""
        let body = redactor.text(served.body)
        return HARResponse(
            status: served.status, headers: served.headers.map { HARHeader(name: $0.name, value: $0.value) },
            content: HARContent(body: body, mimeType: mime), bodySize: body.count)
    }
}
