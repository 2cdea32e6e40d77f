import Foundation
import HAR
import NativeAuthWire
import Redaction
import Replay

/// Builds a ``CaptureSection`` from a capture file: scans it as `authtape check` does, groups its
/// exchanges into flows as `authtape replay` does, and replays each flow with no network to put the
/// engine's outcome beside the oracle's for every step.
public enum CaptureInspection {
    /// The section of the capture at `path`, named `name` on the page (the path when nil).
    ///
    /// `canaries` are strings the leak scan looks for as well (the demo passes the run's secrets);
    /// `seed` seeds the engine's correlation ids as `authtape replay --seed` does.
    public static func section(path: String, name: String? = nil, canaries: [String] = [], seed: UInt64 = 1) async
        -> CaptureSection
    {
        let name = name ?? path
        let bytes: [UInt8]
        do {
            bytes = try HARRawFile.read(contentsOf: path)
        } catch {
            return CaptureSection(name: name, problems: ["\(error)"], exchanges: [], flows: [])
        }
        var problems: [String] = []
        var leaks: [String] = []
        do {
            leaks = try LeakScanner(canaries: canaries).scan(bytes: bytes, file: name).map(\.description)
        } catch {
            problems.append("\(error)")
        }
        let document: HARDocument
        do {
            document = try HARReader.read(bytes: bytes, source: name)
        } catch {
            problems.append("\(error)")
            return CaptureSection(name: name, leaks: leaks, problems: problems, exchanges: [], flows: [])
        }
        let script = ScriptInference.script(of: document, path: name)
        let result = await ReplayRunner(seed: seed).replay(script)
        return section(document: document, name: name, script: script, result: result, leaks: leaks, problems: problems)
    }

    /// The section of a capture `authtape replay` read and replayed, from that replay (the capture is
    /// scanned for leaks, not read or replayed again).
    public static func section(of replayed: ReplayedCapture, canaries: [String] = []) -> CaptureSection {
        let name = replayed.file.path
        var problems: [String] = []
        var leaks: [String] = []
        do {
            leaks = try LeakScanner(canaries: canaries).scan(bytes: replayed.file.bytes, file: name).map(\.description)
        } catch {
            problems.append("\(error)")
        }
        return section(
            document: replayed.file.document, name: name, script: replayed.script, result: replayed.result, leaks: leaks,
            problems: problems)
    }

    /// The section of a read capture, given its script and the replay of that script. The V2 flows are
    /// the script's (grouped by replay), their exchanges labelled with their step and answer
    /// (``V2FlowLabels``); V1 and V2 flows carry their replayed steps and are ordered by their first exchange.
    static func section(document: HARDocument, name: String, script: CaptureScript, result: CaptureResult,
                        leaks: [String], problems: [String]) -> CaptureSection
    {
        var exchanges = document.log.entries.enumerated().map { ExchangeView(entry: $0.offset, $0.element) }
        let v2 = V2FlowLabels(script.v2Flows)
        for (index, label) in v2.labels where exchanges.indices.contains(index) {
            exchanges[index].label(v2: label)
        }
        let valid = Set(exchanges.indices).subtracting(v2.labels.keys)
        // A capture with problems as a whole is replayed with one "unreplayable" flow first; the
        // replay's V2 flows (kinds `v2…`) follow the script's V2 flows in order, as V1's follow V1's.
        let v1Results = result.flows.filter { !$0.kind.hasPrefix(V2Exchange.unknownKind) }
        let v2Results = result.flows.filter { $0.kind.hasPrefix(V2Exchange.unknownKind) }
        let offset = max(0, v1Results.count - script.flows.count)
        var flows: [FlowView] = []
        var grouped = Set(v2.labels.keys)
        for (index, flow) in script.flows.enumerated() {
            let members = flow.exchanges.map(\.entryIndex).filter(valid.contains)
            grouped.formUnion(members)
            let steps = index + offset < v1Results.count
                ? stepViews(v1Results[index + offset], consumed: flow.steps.map { $0.exchanges.map(\.entryIndex).filter(valid.contains) })
                : []
            // A flow replay made only of V2 exchanges (the code exchange at /token) is drawn as V2.
            if !flow.exchanges.isEmpty && flow.exchanges.allSatisfy({ v2.labels[$0.entryIndex] != nil }) { continue }
            flows.append(FlowView(kind: flow.kind, exchanges: members, steps: steps))
        }
        for (index, flow) in script.v2Flows.enumerated() {
            let steps = index < v2Results.count
                ? stepViews(v2Results[index], consumed: flow.steps.map { $0.exchanges.map(\.entryIndex) }) : []
            flows.append(FlowView(kind: flow.kind, exchanges: flow.exchanges.map(\.entryIndex), steps: steps))
        }
        flows = flows.enumerated().sorted { a, b in
            let first = (a.element.exchanges.first ?? .max, a.offset), second = (b.element.exchanges.first ?? .max, b.offset)
            return first < second
        }.map(\.element)
        let others = exchanges.indices.filter { !grouped.contains($0) }
        if !others.isEmpty { flows.append(FlowView(kind: "other", exchanges: others)) }
        // A capture of V2 flows only is no "capture without native-auth exchanges".
        let scriptProblems = script.flows.isEmpty && !script.v2Flows.isEmpty ? [] : script.problems
        return CaptureSection(name: name, leaks: leaks, problems: problems + scriptProblems, exchanges: exchanges, flows: flows)
    }

    /// The steps of one replayed flow; `consumed` holds, per scripted step, the entries it consumed (a
    /// replay's closing problem step, action `none`, consumed none).
    private static func stepViews(_ result: FlowResult, consumed: [[Int]]) -> [StepView] {
        result.steps.enumerated().map { number, step in
            StepView(
                action: step.action,
                exchanges: step.action != "none" && number < consumed.count ? consumed[number] : [],
                engine: step.actual.map { OutcomeView(callback: $0.callback, error: $0.error, newState: $0.newState, token: $0.newStateToken) },
                oracle: step.expected.map { OutcomeView(callback: $0.callback, error: $0.error, newState: $0.newState, token: $0.newStateToken) },
                passed: step.passed, diagnostics: step.diagnostics, earlierState: step.earlierState?.sentence,
                uncertainty: step.uncertainty)
        }
    }
}
