import Foundation
import NativeAuth

/// Turns raw bytes (a libFuzzer input or a corpus file) into a case, curl-fuzzer style:
///
/// - byte 0: flow (index into the flows, modulo), byte 1: position (action × response, modulo);
/// - byte 2 even: **operator mode**: byte 3 picks the operator, bytes 4…11 seed its choices;
/// - byte 2 odd: **raw mode**: byte 3 picks the status (200, 400, 401, 403, 404, 429, 500, 503),
///   the rest is the body, served as JSON.
///
/// The same decoder serves `fuzzOneInput` and corpus replay, so a libFuzzer artifact is a case.
public struct CaseDecoder: Sendable {
    public let flows: [FuzzFlow]
    public let operators: [any MutationOperator]

    public init(flows: [FuzzFlow] = BaseFlows.all, operators: [any MutationOperator] = Operators.all) {
        self.flows = flows
        self.operators = operators
    }

    /// The case the bytes stand for; nil for inputs shorter than 4 bytes or when the operator does not apply.
    public func decode(_ bytes: [UInt8]) -> FuzzCase? {
        guard bytes.count >= 4, !flows.isEmpty, !operators.isEmpty else { return nil }
        let flow = flows[Int(bytes[0]) % flows.count]
        let positions = flow.positions
        guard !positions.isEmpty else { return nil }
        let (action, responseIndex) = positions[Int(bytes[1]) % positions.count]
        var responses = flow.actions[action].responses
        let name: String
        let detail: String
        var metamorphic = false
        if bytes[2] % 2 == 1 {
            let status = StatusSwapOperator.statuses[Int(bytes[3]) % StatusSwapOperator.statuses.count]
            responses[responseIndex] = FuzzResponse(status: status, body: Array(bytes.dropFirst(4)))
            name = "raw"
            detail = "raw body \(bytes.count - 4) bytes, status \(status)"
        } else {
            let chosen = operators[Int(bytes[3]) % operators.count]
            var seed: UInt64 = 0
            for byte in bytes.dropFirst(4).prefix(8) { seed = seed << 8 | UInt64(byte) }
            var random = FuzzRandom(seed: seed)
            let context = MutationContext(
                step: flow.actions[action].step, responseIndex: responseIndex,
                previousToken: CaseGenerator.previousToken(flow: flow, action: action, response: responseIndex))
            guard let mutated = chosen.mutate(responses[responseIndex], context: context, random: &random) else { return nil }
            responses[responseIndex] = mutated.response
            name = chosen.name
            detail = mutated.detail
            metamorphic = chosen.isMetamorphic
        }
        return FuzzCase(seed: 0, index: 0, flow: flow.name, action: action, response: responseIndex,
                        step: flow.actions[action].step, operators: [name], details: [detail], responses: responses,
                        metamorphic: metamorphic)
    }

    /// Bytes that decode to an operator-mode case (for seeding a corpus).
    public static func encode(flow: Int, position: Int, operatorIndex: Int, seed: UInt64) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(flow & 0xFF), UInt8(position & 0xFF), 0, UInt8(operatorIndex & 0xFF)]
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((seed >> UInt64(shift)) & 0xFF)) }
        return bytes
    }
}

/// The libFuzzer entry, to be exported by an executable target as `LLVMFuzzerTestOneInput`:
/// decodes the bytes, runs the engine synchronously, judges the case. It traps (so libFuzzer writes a
/// crash artifact) for the verdict kinds named in `AUTHTAPE_FUZZ_TRAP` (comma-separated; default
/// `secretLeak,prefixBroken`; `all` = every finding). Hangs are left to libFuzzer's `-timeout`.
public func fuzzOneInput(_ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let fuzzCase = LibFuzzerHarness.decoder.decode(Array(bytes)),
        let flow = LibFuzzerHarness.decoder.flows.first(where: { $0.name == fuzzCase.flow })
    else { return 0 }
    let box = ObservationBox()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await EngineOutcomeSource().observe(flow: flow, action: fuzzCase.action, responses: fuzzCase.responses)
        done.signal()
    }
    done.wait()
    let verdict = Judge.judge(fuzzCase, observation: box.value, baseline: nil, secrets: FuzzRunner.secrets(flow: flow, fuzzCase: fuzzCase))
    if LibFuzzerHarness.trapKinds.contains(verdict.kind) {
        fatalError("authtape fuzz \(verdict.kind.rawValue) at \(verdict.step): expected \(verdict.expected), actual \(verdict.actual)")
    }
    return 0
}

enum LibFuzzerHarness {
    static let decoder = CaseDecoder()
    static let trapKinds: Set<VerdictKind> = {
        let text = ProcessInfo.processInfo.environment["AUTHTAPE_FUZZ_TRAP"] ?? "secretLeak,prefixBroken"
        if text == "all" { return Set(VerdictKind.allCases.filter(\.isFinding)) }
        return Set(text.split(separator: ",").compactMap { VerdictKind(rawValue: String($0)) })
    }()
}

final class ObservationBox: @unchecked Sendable {
    var value: Observation?
}
