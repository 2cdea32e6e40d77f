import Foundation
import HAR
import NativeAuth
import Oracle

/// Writes a V2 finding as a HAR capture: every exchange of the case (the unmutated earlier actions and the
/// changed one), the oracle's expected outcome on the changed action's last entry, and a comment naming seed,
/// case, operators, verdict and rows (uncertain ones said so); redacted as V1's (``ReproCapture/redacted(_:)``:
/// Redaction's built-in rules, one placeholder per value across bodies, hrefs, request paths and headers).
public enum V2ReproCapture {
    /// The redacted capture of a V2 finding given the requests the engine sent.
    /// - Throws: `ReproCaptureError` when the capture cannot be redacted (nothing unredacted is returned).
    public static func document(for finding: V2Finding, walk: V2ChainPrediction, requests: [SentRequest]) throws(ReproCaptureError)
        -> HARDocument
    {
        let fuzzCase = finding.reproCase
        let mutatedRequests = requests.indices.filter { requests[$0].action == fuzzCase.action }
        var entries: [HAREntry] = []
        for (index, request) in requests.enumerated() {
            let inMutated = request.action == fuzzCase.action
            let hop = mutatedRequests.firstIndex(of: index)
            let expectation = inMutated && index == mutatedRequests.last ? walk.expectation.outcome.map {
                AuthTapeExpectedOutcome(callback: $0.callback, error: $0.error, newState: $0.newState,
                                        newStateToken: $0.newState == nil ? nil : $0.newStateToken.rawValue)
            } : nil
            let rowStep = hop.flatMap { $0 < walk.hops.count ? walk.hops[$0].row?.id : nil }
            let fields = AuthTapeEntryFields(flowId: "fuzz-v2-\(fuzzCase.seed)-\(fuzzCase.index)", flowKind: fuzzCase.step.scenario.rawValue,
                                             step: rowStep, expectedOutcome: expectation)
            let isForm = request.headers.contains { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame && $0.value.contains("form") }
            let harRequest = HARRequest(
                method: request.method, url: request.url, headers: request.headers.map { HARHeader(name: $0.name, value: $0.value) },
                postData: HARPostData(body: request.body, mimeType: isForm ? "application/x-www-form-urlencoded" : "application/json"),
                bodySize: request.body.count)
            entries.append(HAREntry(
                startedDateTime: ReproCapture.timestamp(index), time: 0, request: harRequest,
                response: ReproCapture.harResponse(request.served),
                comment: inMutated && hop == fuzzCase.response ? "mutated: " + fuzzCase.details.joined(separator: "; ") : nil,
                authtape: fields))
        }
        let verdict = finding.verdict
        let note = "authtape fuzz V2 finding \(verdict.kind.rawValue)\(finding.uncertain ? " on an UNCERTAIN row" : "") at \(verdict.step) by "
            + "\(fuzzCase.operators.joined(separator: "+")): expected \(verdict.expected), actual \(verdict.actual); rows "
            + finding.rows.joined(separator: ",") + ". Regenerate: authtape fuzz --flows v2 --seed \(fuzzCase.seed) --case \(fuzzCase.index)"
        let log = HARLog(
            creator: HARCreator(name: "authtape", version: "0.1.0"), entries: entries, comment: note,
            authtape: AuthTapeLogFields(toolVersion: "0.1.0", upstream: V2EngineSource.authority.absoluteString, mode: "fuzz-repro", notes: note))
        return try ReproCapture.redacted(HARDocument(log: log))
    }
}
