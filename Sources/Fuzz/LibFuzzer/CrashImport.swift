import Foundation
import HAR
import NativeAuth
import NativeAuthWire
import Oracle

/// The libFuzzer targets whose crash files ``CrashImport`` turns into captures. The raw value is the
/// executable's name (what `.clusterfuzzlite/build.sh` writes to `$OUT` and ClusterFuzzLite names
/// artifacts after).
public enum CrashTarget: String, Sendable, CaseIterable {
    /// `fuzzOneInput` over ``CaseDecoder``: flow, answer, operator or raw body.
    case caseDecoder = "AuthTapeFuzzer"
    /// The engine's classification: endpoint byte, status byte, body (``ClassificationFuzzEntry``).
    case classify = "FuzzClassifyTarget"
    /// The oracle: step byte, status byte (top bit: PKeyAuth header), body (``OracleFuzzInput``).
    case oracle = "FuzzOracleTarget"
    /// The HAR reader: the input is a HAR file.
    case har = "FuzzHARTarget"
    /// The redactor: the input is a HAR file whose first entry is redacted.
    case redact = "FuzzRedactTarget"

    /// The target named in `path` (an artifact's folder or file name holds the fuzzer's name), or nil.
    public static func named(in path: String) -> CrashTarget? {
        allCases.first { path.contains($0.rawValue) }
    }
}

/// Why a crash file could not become a capture.
public struct CrashImportError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Turns a libFuzzer crash (or timeout) file into a repro capture that `authtape replay` (or, for the
/// redactor, `authtape redact`) reproduces.
///
/// A flow-based input (case decoder, classification, oracle) becomes a HAR of a built-in flow up to the
/// crashing answer: the requests are the ones the engine sends with the flow's **unmutated** answers
/// (a request goes out before its answer is read, so they are the same up to that answer), so the
/// importer never runs the engine on the crashing bytes. HAR reader and redactor inputs are HAR files
/// and are written as they are.
public enum CrashImport {
    /// The capture's bytes and a line describing what it holds.
    public static func capture(crash bytes: [UInt8], target: CrashTarget, flows: [FuzzFlow] = BaseFlows.all) async throws(CrashImportError)
        -> (bytes: [UInt8], summary: String)
    {
        switch target {
        case .har:
            return (bytes, "HAR reader input (\(bytes.count) bytes) as it is; `authtape replay` reads it")
        case .redact:
            return (bytes, "redactor input (\(bytes.count) bytes) as it is; `authtape redact` redacts its entries")
        case .caseDecoder, .classify, .oracle:
            let fuzzCase = try flowCase(crash: bytes, target: target, flows: flows)
            guard let flow = flows.first(where: { $0.name == fuzzCase.flow }) else {
                throw CrashImportError(description: "flow \(fuzzCase.flow) is not known")
            }
            let document = try await document(for: fuzzCase, flow: flow, target: target)
            let summary = "\(fuzzCase.flow)#\(fuzzCase.action) answer \(fuzzCase.response): \(fuzzCase.details.joined(separator: "; "))"
            return (HARWriter.bytes(document), summary)
        }
    }

    /// The case a flow-based crash input stands for: the flow's answers with the crashing one in place.
    static func flowCase(crash bytes: [UInt8], target: CrashTarget, flows: [FuzzFlow]) throws(CrashImportError) -> FuzzCase {
        switch target {
        case .caseDecoder:
            guard let decoded = CaseDecoder(flows: flows).decode(bytes) else {
                throw CrashImportError(description: "the input does not decode to a case (shorter than 4 bytes, or the operator does not apply)")
            }
            return decoded
        case .classify:
            let decoded = bytes.withUnsafeBytes { ClassificationFuzzEntry.decode($0) }
            guard let decoded else { throw CrashImportError(description: "the input is shorter than 2 bytes") }
            let answer = FuzzResponse(status: decoded.status, body: Array(decoded.body))
            return try place(answer, flows: flows, detail: "\(decoded.endpoint.rawValue) answer, status \(decoded.status)") {
                $0.endpointPath == decoded.endpoint.path
            }
        case .oracle:
            guard let input = OracleFuzzInput(decoding: bytes) else {
                throw CrashImportError(description: "the input is shorter than 2 bytes")
            }
            let answer = FuzzResponse(status: input.status, headers: input.headers.map { FuzzResponse.Header($0.0, $0.1) }, body: input.body)
            return try place(answer, flows: flows, detail: "\(input.step.name) answer, status \(input.status)") { $0 == input.step }
        case .har, .redact:
            throw CrashImportError(description: "\(target.rawValue) inputs are not flow answers")
        }
    }

    /// The first answer of the flows whose step (as the oracle walks the unmutated answers) passes
    /// `matches`, replaced by `answer`.
    static func place(_ answer: FuzzResponse, flows: [FuzzFlow], detail: String, matches: (Step) -> Bool) throws(CrashImportError) -> FuzzCase {
        for flow in flows {
            for (action, item) in flow.actions.enumerated() {
                let hops = Judge.predict(step: item.step, responses: item.responses).hops
                for (index, hop) in hops.enumerated() where index < item.responses.count && matches(hop.step) {
                    var responses = item.responses
                    responses[index] = answer
                    return FuzzCase(seed: 0, index: 0, flow: flow.name, action: action, response: index, step: item.step,
                                    operators: ["crash"], details: ["crash input: " + detail], responses: responses,
                                    metamorphic: false)
                }
            }
        }
        throw CrashImportError(description: "no built-in flow has an answer for \(detail)")
    }

    /// The capture: the requests of the unmutated run up to the crashing answer, that answer in place.
    static func document(for fuzzCase: FuzzCase, flow: FuzzFlow, target: CrashTarget) async throws(CrashImportError) -> HARDocument {
        let unmutated = await EngineOutcomeSource().observe(
            flow: flow, action: fuzzCase.action, responses: flow.actions[fuzzCase.action].responses)
        var requests: [SentRequest] = []
        var hop = 0
        for request in unmutated.requests where request.action <= fuzzCase.action {
            if request.action < fuzzCase.action {
                requests.append(request)
                continue
            }
            guard hop <= fuzzCase.response else { break }
            var copy = request
            if hop == fuzzCase.response { copy.served = fuzzCase.mutatedResponse }
            requests.append(copy)
            hop += 1
        }
        let prediction = Judge.predict(step: fuzzCase.step, responses: fuzzCase.responses)
        let step = fuzzCase.response < prediction.hops.count ? prediction.hops[fuzzCase.response].step.name : fuzzCase.step.name
        let verdict = Verdict(
            kind: .pass, step: step, expected: prediction.expectation.outcome.map { "\($0)" } ?? "another request",
            actual: "a crash of \(target.rawValue)", note: "imported from a libFuzzer crash file")
        var document: HARDocument
        do {
            document = try ReproCapture.document(for: fuzzCase, verdict: verdict, requests: requests)
        } catch {
            throw CrashImportError(description: error.description)
        }
        let note = "authtape fuzz --from-crash: a \(target.rawValue) crash input at \(step) "
            + "(\(fuzzCase.flow)#\(fuzzCase.action), answer \(fuzzCase.response)); the oracle expects \(verdict.expected). "
            + "Reproduce: authtape replay on this file"
        document.log.comment = note
        document.log.authtape?.notes = note
        return document
    }

    /// Reads the crash file at `path`, writes its capture into `directory` as `repro-<file name>.har`
    /// (mode 0600) and returns the path and a summary. The target is `target`, else the one named in
    /// the path, else the case decoder.
    public static func importFile(_ path: String, target: CrashTarget?, directory: String) async throws(CrashImportError)
        -> (path: String, summary: String)
    {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CrashImportError(description: "cannot read \(path)")
        }
        let chosen = target ?? CrashTarget.named(in: path) ?? .caseDecoder
        let (bytes, summary) = try await capture(crash: Array(data), target: chosen)
        let name = "repro-" + (path as NSString).lastPathComponent + ".har"
        let out = (directory as NSString).appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: out, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw CrashImportError(description: "cannot write \(out)")
            }
        } catch let error as CrashImportError {
            throw error
        } catch {
            throw CrashImportError(description: "cannot create \(directory): \(error.localizedDescription)")
        }
        return (out, "\(chosen.rawValue): \(summary)")
    }
}
