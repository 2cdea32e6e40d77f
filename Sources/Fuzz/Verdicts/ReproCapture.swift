import Foundation
import HAR
import NativeAuth
import Oracle
import Redaction

/// Writes a finding as a HAR capture: every exchange of the case (the unmutated earlier actions and
/// the mutated one), the oracle's expected outcome on the mutated action's last entry, and a comment
/// naming seed, case, operators and verdict. The capture is redacted as `authtape redact` redacts a
/// file (``redacted(_:)``), so it holds no secret or personal value of the flow and still replays.
public enum ReproCapture {
    /// The redacted capture of `fuzzCase` given the requests the engine sent.
    /// - Throws: `ReproCaptureError` when the capture cannot be redacted (nothing unredacted is returned).
    public static func document(for fuzzCase: FuzzCase, verdict: Verdict, requests: [SentRequest]) throws(ReproCaptureError) -> HARDocument {
        try redacted(unredacted(for: fuzzCase, verdict: verdict, requests: requests))
    }

    /// The capture before redaction (tests compare its replay with the redacted one's); never written.
    static func unredacted(for fuzzCase: FuzzCase, verdict: Verdict, requests: [SentRequest]) -> HARDocument {
        let prediction = Judge.predict(step: fuzzCase.step, responses: fuzzCase.responses)
        let expected = prediction.expectation.outcome
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
                startedDateTime: timestamp(index), time: 0, request: harRequest(request), response: harResponse(request.served),
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

    /// `document` redacted with Redaction's built-in native-auth rules, the ones `authtape redact` and the
    /// recorder use, and one placeholder table for the whole capture: a value gets the same
    /// `REDACTED-<kind>-<n>` in every request, answer, URL, header, comment and `_authtape` member, so token
    /// chains stay visible and `authtape replay` still matches the engine's requests to the recorded ones
    /// (the oracle's expectation, `_authtape.expectedOutcome`, holds names only and stays as it is).
    /// - Throws: `ReproCaptureError` when the capture cannot be redacted.
    public static func redacted(_ document: HARDocument) throws(ReproCaptureError) -> HARDocument {
        do {
            return try Redactor().redact(document).document
        } catch let error as PatternError {
            throw ReproCaptureError(description: "the built-in redaction rules do not compile: \(error)")
        } catch let error as HARError {
            throw ReproCaptureError(description: "cannot redact the repro capture: \(error)")
        } catch {
            throw ReproCaptureError(description: "cannot redact the repro capture")
        }
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

    static func harRequest(_ request: SentRequest) -> HARRequest {
        HARRequest(
            method: "POST", url: request.url, headers: request.headers.map { HARHeader(name: $0.name, value: $0.value) },
            postData: HARPostData(body: request.body, mimeType: "application/x-www-form-urlencoded"), bodySize: request.body.count)
    }

    static func harResponse(_ served: FuzzResponse?) -> HARResponse {
        guard let served else {
            return HARResponse(status: 0, comment: "no answer: the fuzz script had run out (network connection lost)")
        }
        if let fault = served.fault {
            return HARResponse(status: 0, comment: "transport fault: \(fault.rawValue)", extensions: ["_fault": .string(fault.rawValue)])
        }
        let mime = served.header("Content-Type") ?? ""
        return HARResponse(
            status: served.status, headers: served.headers.map { HARHeader(name: $0.name, value: $0.value) },
            content: HARContent(body: served.body, mimeType: mime), bodySize: served.body.count)
    }
}

/// Why a repro capture could not be made: it could not be redacted. The message names the field, never a value.
public struct ReproCaptureError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
