import Foundation
import HAR
import NativeAuth
import NativeAuthWire
import Oracle

/// Seed inputs for every libFuzzer target (``CrashTarget``), made from the built-in flows' answers, one
/// answer per outcome-table row (a body with the row's error, suberror, first error code, challenge type
/// or poll status) and the entries of the given captures. The same inputs in the same order every time:
/// `authtape fuzz --write-seeds DIR` writes them as `DIR/<target>.seeds`, one base64 input per line,
/// which `.clusterfuzzlite/build.sh` unpacks into each target's `_seed_corpus.zip`.
public enum LibFuzzerSeeds {
    /// The seeds of `target`, without repeats, in a fixed order.
    public static func inputs(for target: CrashTarget, captures: [HARDocument] = [], flows: [FuzzFlow] = BaseFlows.all) -> [[UInt8]] {
        var inputs: [[UInt8]] = []
        switch target {
        case .caseDecoder:
            for (flowIndex, flow) in flows.enumerated() {
                for position in flow.positions.indices {
                    for operatorIndex in Operators.all.indices {
                        let seed = UInt64(flowIndex * 1_000 + position * 37 + operatorIndex)
                        inputs.append(CaseDecoder.encode(flow: flowIndex, position: position, operatorIndex: operatorIndex, seed: seed))
                    }
                }
            }
            for answer in answers(captures: captures, flows: flows) {
                guard let flowIndex = flows.firstIndex(where: { $0.name == answer.flow }),
                    let statusIndex = StatusSwapOperator.statuses.firstIndex(of: answer.status)
                else { continue }
                inputs.append([UInt8(flowIndex), UInt8(answer.position), 1, UInt8(statusIndex)] + answer.body)
            }
        case .classify:
            for answer in answers(captures: captures, flows: flows) {
                guard let endpoint = NativeAuthEndpoint.allCases.first(where: { $0.path == answer.step.endpointPath }),
                    let input = ClassificationFuzzEntry.encode(endpoint: endpoint, status: answer.status, body: answer.body)
                else { continue }
                inputs.append(input)
            }
            inputs += boundaryNumberInputs()
        case .oracle:
            for answer in answers(captures: captures, flows: flows) {
                guard let input = OracleFuzzInput(step: answer.step, status: answer.status, body: answer.body).bytes else { continue }
                inputs.append(input)
            }
        case .har, .redact:
            for document in captures {
                if target == .har { inputs.append(HARWriter.bytes(document)) }
                for entry in document.log.entries {
                    var single = document
                    single.log.entries = [entry]
                    inputs.append(HARWriter.bytes(single))
                }
            }
        }
        var seen = Set<[UInt8]>()
        return inputs.filter { seen.insert($0).inserted }
    }

    /// Writes `DIR/<target>.seeds` for every target and returns the number of inputs of each.
    public static func write(to directory: String, captures: [HARDocument]) throws -> [(CrashTarget, Int)] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try CrashTarget.allCases.map { target in
            let lines = inputs(for: target, captures: captures).map { Data($0).base64EncodedString() + "\n" }
            let path = (directory as NSString).appendingPathComponent(target.rawValue + ".seeds")
            try Data(lines.joined().utf8).write(to: URL(fileURLWithPath: path))
            return (target, lines.count)
        }
    }

    /// Error answers of every endpoint whose `error_codes` hold numbers one byte short of the edge of
    /// `Int`: an exponent (`1e3`), 18 digits either side of zero, a decimal with an exponent. Each decodes
    /// as a number that fits; one more digit does not (`1e30`, 19 digits), which is where an unchecked
    /// conversion traps. The classification target starts from them, so such a defect is a mutation away.
    static func boundaryNumberInputs() -> [[UInt8]] {
        let numbers = ["1e3", "922337203685477580", "-922337203685477580", "5.0126e4"]
        var inputs: [[UInt8]] = []
        for endpoint in NativeAuthEndpoint.allCases {
            for number in numbers {
                let body = #"{"error":"invalid_grant","error_description":"AADSTS50126: seed","error_codes":[\#(number)],"#
                    + #""continuation_token":"CT-seed"}"#
                if let input = ClassificationFuzzEntry.encode(endpoint: endpoint, status: 400, body: Array(body.utf8)) {
                    inputs.append(input)
                }
            }
        }
        return inputs
    }

    /// One answer to a step: where it came from (a flow position, when it is a flow's), status and body.
    struct Answer {
        var flow: String
        var position: Int
        var step: Step
        var status: Int
        var body: [UInt8]
    }

    /// The flows' answers (each with the step the oracle walks it as), the outcome table's answer
    /// classes, and the captures' answers that name their step.
    static func answers(captures: [HARDocument], flows: [FuzzFlow]) -> [Answer] {
        var result: [Answer] = []
        for flow in flows {
            for (position, place) in flow.positions.enumerated() {
                let action = flow.actions[place.action]
                let hops = Judge.predict(step: action.step, responses: action.responses).hops
                guard place.response < hops.count else { continue }
                let answer = action.responses[place.response]
                result.append(Answer(flow: flow.name, position: position, step: hops[place.response].step,
                                     status: answer.status, body: answer.body))
            }
        }
        for row in Step.allCases.flatMap(OutcomeTable.rows(for:)) {
            for (status, body) in classAnswers(row.match) {
                result.append(Answer(flow: "", position: 0, step: row.step, status: status, body: Array(body.utf8)))
            }
        }
        for document in captures {
            for entry in document.log.entries {
                guard let name = entry.authtape?.step, let step = Step(name: name), let text = entry.response.content.text else {
                    continue
                }
                result.append(Answer(flow: "", position: 0, step: step, status: entry.response.status, body: Array(text.utf8)))
            }
        }
        return result
    }

    /// A status and body in each kind of responses the pattern accepts (errors, suberrors and values
    /// sorted, so the seeds come out in the same order every time).
    static func classAnswers(_ pattern: ResponsePattern) -> [(Int, String)] {
        var answers: [(Int, String)] = []
        func values(_ match: ResponsePattern.ValueMatch) -> [String?] {
            switch match {
            case .any, .absent: return [nil]
            case .present: return ["present"]
            case .oneOf(let set): return set.sorted()
            case .noneOf: return ["unknown_value"]
            }
        }
        func quoted(_ text: String) -> String { "\"" + text + "\"" }
        let kinds = ResponseClass.Kind.allCases.filter(pattern.kinds.contains)
        for kind in kinds {
            switch kind {
            case .success, .redirect:
                for challenge in values(kind == .redirect ? .oneOf(["redirect"]) : pattern.challengeType) {
                    for status in values(pattern.pollStatus) {
                        var members = [#""continuation_token":"CT-seed""#]
                        if let challenge { members.append(#""challenge_type":"# + quoted(challenge)) }
                        if let status { members.append(#""status":"# + quoted(status)) }
                        for field in pattern.requires.sorted() {
                            switch field {
                            case .challengeTargetLabel, .challengeTarget, .challengeChannel:
                                members.append(quoted(field.rawValue) + #":"email""#)
                            case .codeLength, .pollInterval: members.append(quoted(field.rawValue) + ":8")
                            case .methods:
                                members.append(#""methods":[{"id":"m1","challenge_type":"oob","challenge_channel":"email","login_hint":"a***@x.com"}]"#)
                            default: break
                            }
                        }
                        answers.append((200, "{" + members.joined(separator: ",") + "}"))
                    }
                }
            case .apiError, .unknownError:
                let errors = kind == .unknownError ? ["unknown_error"] : (pattern.errors?.sorted() ?? ["invalid_request"])
                for error in errors {
                    for suberror in values(pattern.suberror) {
                        var members = [#""error":"# + quoted(error)]
                        if let suberror { members.append(#""suberror":"# + quoted(suberror)) }
                        let code = pattern.firstErrorCode ?? pattern.errorCodesContain
                        members.append(#""error_codes":["# + (code.map(String.init) ?? "") + "]")
                        let marker = pattern.descriptionMarker?.rawValue ?? "made-up description"
                        members.append(#""error_description":"AADSTS: "# + marker + "\"")
                        members.append(#""continuation_token":"CT-seed""#)
                        answers.append((400, "{" + members.joined(separator: ",") + "}"))
                    }
                }
            case .undecodable: answers.append((200, #"{"continuation_token":7}"#))
            case .serverError: answers.append((500, "{}"))
            case .otherStatus: answers.append((404, ""))
            case .pkeyAuthChallenge, .transportFailure, .notSent: break
            }
        }
        return answers
    }
}
