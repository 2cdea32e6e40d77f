import Driver
import HAR
import NativeAuthWire
import NativeAuth
import Oracle

/// Turns a capture into a ``CaptureScript``: recognises native-auth exchanges, groups them into flows,
/// infers the app configuration and, per flow, the user actions with the oracle's expected outcomes.
///
/// Action boundaries come from the oracle: an action consumes the responses the outcome table walks
/// through until it reaches an outcome, and the next request starts the next action. Where the
/// capture must decide whether the SDK or the user sent a request (a password sign-in), its evidence
/// decides: MSAL's resends, `_authtape.expectedOutcome` annotations and pauses longer than
/// ``InferenceOptions/actionGap``.
public enum ScriptInference {
    /// MSAL's default scopes, added to every token request and so left out of inferred scopes.
    static let defaultScopes: Set<String> = ["openid", "profile", "offline_access"]
    /// Pseudo state class for actions on a signed-in account (`getAccessToken`).
    public static let accountState = "account"

    /// Reads and infers a capture file; read errors become capture problems.
    public static func script(contentsOf path: String, options: InferenceOptions = .standard) -> CaptureScript {
        do {
            return script(of: try HARReader.read(contentsOf: path), path: path, options: options)
        } catch {
            return CaptureScript(path: path, configuration: nil, flows: [], problems: ["\(error)"])
        }
    }

    /// Infers the script of a decoded capture.
    public static func script(of document: HARDocument, path: String, options: InferenceOptions = .standard)
        -> CaptureScript
    {
        // V2 traffic (spec native-auth-v2) is read on its own; its O17 code exchange goes to V1's token
        // path and is left out of the V1 exchanges.
        let v2Flows = V2ScriptInference.flows(of: document, msal: options.msal)
        let v2Entries = Set(v2Flows.flatMap { $0.exchanges.map(\.entryIndex) })
        let exchanges = RecordedExchange.exchanges(of: document).filter { !v2Entries.contains($0.entryIndex) }
        guard !exchanges.isEmpty else {
            return CaptureScript(
                path: path, configuration: nil, flows: [],
                problems: v2Flows.isEmpty ? ["no native-auth exchange found among \(document.log.entries.count) entries"] : [],
                v2Flows: v2Flows)
        }
        let configuration = inferConfiguration(exchanges)
        let flows = FlowGrouper.group(exchanges).map { flowScript($0, options: options) }
        return CaptureScript(path: path, configuration: configuration, flows: flows, problems: [], v2Flows: v2Flows)
    }

    // MARK: configuration

    static func inferConfiguration(_ exchanges: [RecordedExchange]) -> ReplayAppConfiguration {
        let first = exchanges[0]
        var challengeTypes: [String] = []
        var capabilities: [String] = []
        var scopes: [String] = []
        for exchange in exchanges {
            if let value = exchange.field("challenge_type"), FlowGrouper.startEndpoints.contains(exchange.endpoint) {
                appendUnique(&challengeTypes, words(value).filter { $0 == "oob" || $0 == "password" })
            }
            if let value = exchange.field("capabilities") ?? exchange.field("capability") {
                appendUnique(&capabilities, words(value))
            }
            if exchange.endpoint == .token, let value = exchange.field("scope") {
                appendUnique(&scopes, words(value).filter { !defaultScopes.contains($0) })
            }
        }
        return ReplayAppConfiguration(
            clientId: first.field("client_id") ?? "",
            authority: NativeAuthEndpoint.authority(of: first.url, endpoint: first.endpoint) ?? "https://replay.invalid",
            challengeTypes: challengeTypes, capabilities: capabilities, scopes: scopes)
    }

    static func words(_ value: String) -> [String] {
        value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    }

    private static func appendUnique(_ list: inout [String], _ items: [String]) {
        for item in items where !list.contains(item) { list.append(item) }
    }

    // MARK: flows

    static func flowScript(_ flow: [RecordedExchange], options: InferenceOptions = .standard) -> FlowScript {
        let continuity = ActionEvidence.continuity(of: flow, options: options)
        var steps: [ScriptStep] = []
        var problems: [String] = []
        var current: String?
        // The states the expected outcomes hand over, oldest first: an action may go back to one.
        var handed: [StateReference] = []
        var index = 0
        while index < flow.count {
            guard let (inferred, candidates) = action(at: index, in: flow, continuity: continuity) else {
                problems.append("\(flow[index].label) does not start a user action here; it is not replayed")
                index += 1
                continue
            }
            var action = inferred
            let state = heldState(
                candidates, token: flow[index].field("continuation_token"), handed: handed, current: current)
                ?? candidates.first { $0 == current } ?? candidates.first ?? nil
            if case .signInAfterSignUp(let scopes) = action, state == "SignInAfterResetPasswordState" {
                action = .signInAfterResetPassword(scopes: scopes)
            }
            let passwordSupplied: Bool
            if case .signIn(_, let password, _) = action { passwordSupplied = password != nil } else { passwordSupplied = false }
            let stepState = state == accountState ? nil : state
            guard let first = Step.first(of: action.methodName, on: stepState, passwordSupplied: passwordSupplied) else {
                problems.append("\(flow[index].label): the oracle knows no step for \(action.name) on \(state ?? "the app")")
                index += 1
                continue
            }
            let responses = flow[index...].map {
                RawResponse(status: $0.status, headers: $0.responseHeaders, body: $0.responseBody)
            }
            let walk = OutcomeTable.walk(from: first, responses: responses)
            let consumed = max(1, walk.consumed)
            let taken = Array(flow[index..<(index + consumed)])
            var step = ScriptStep(
                action: action, state: state, oracleStep: first, exchanges: taken, expected: nil, pendingStep: nil,
                notes: [])
            switch walk.expectation {
            case .outcome(let expected):
                let outcome = resolve(expected, walk: walk, responses: responses, exchanges: taken)
                step.expected = outcome
                if let note = annotationConflict(outcome, taken[taken.count - 1]) { step.notes.append(note) }
                current = nextState(after: outcome, previous: current)
                if let name = outcome.newState { handed.append(StateReference(state: name, token: outcome.newStateToken)) }
            case .proceed(let next):
                step.pendingStep = next
                step.notes.append("the capture ends before \(action.name) does: the client would go on with \(next.name)")
                current = nil
            }
            steps.append(step)
            index += consumed
        }
        let kind = steps.first.map { flowKind(of: $0.action) } ?? "unreplayable"
        return FlowScript(
            kind: kind, steps: steps, exchanges: flow, problems: problems,
            ownConfiguration: flow.isEmpty ? nil : inferConfiguration(flow))
    }

    /// The class of the state an action goes back to: among `candidates`, one that an earlier step
    /// handed over holding `token` (the request's continuation token); the current state when it is
    /// one of them, else the latest. Nil when no candidate holds the token.
    static func heldState(_ candidates: [String?], token: String?, handed: [StateReference], current: String?)
        -> String?
    {
        guard let token else { return nil }
        let holders = handed.filter { $0.token == token && candidates.contains($0.state) }.map(\.state)
        if let current, holders.contains(current) { return current }
        return holders.last
    }

    /// The concrete outcome: the token rule resolved against the consumed exchanges. A `fromResponse` token is
    /// the deciding answer's as the oracle reads it for MSAL (``ChainPrediction/responseToken(in:)``: any encoding
    /// Foundation detects, the first of repeated keys, the key spellings MSAL's decoder maps to the field).
    static func resolve(_ expected: ExpectedOutcome, walk: ChainPrediction, responses: [RawResponse],
                        exchanges: [RecordedExchange]) -> Outcome {
        let last = exchanges[exchanges.count - 1]
        let token: String? =
            switch expected.newStateToken {
            case .none: nil
            case .fromResponse: walk.responseToken(in: responses)
            case .fromRequest: last.field("continuation_token")
            }
        return Outcome(callback: expected.callback, error: expected.error, newState: expected.newState, newStateToken: token)
    }

    /// A note when the capture's own `expectedOutcome` annotation disagrees with the oracle.
    static func annotationConflict(_ expected: Outcome, _ exchange: RecordedExchange) -> String? {
        guard let annotated = exchange.annotatedOutcome,
            annotated.callback != expected.callback || annotated.error != expected.error
                || annotated.newState != expected.newState
        else { return nil }
        let oracle = Outcome(callback: expected.callback, error: expected.error, newState: expected.newState)
        return "\(exchange.label) was recorded with expectedOutcome \(annotated), but the oracle expects \(oracle) "
            + "for its response (status \(exchange.status)\(errorSummary(exchange)))"
    }

    private static func errorSummary(_ exchange: RecordedExchange) -> String {
        let strings = exchange.responseStrings
        guard let error = strings["error"] else { return "" }
        return ", error \(error)" + (strings["suberror"].map { "/\($0)" } ?? "")
    }

    static func nextState(after outcome: Outcome, previous: String?) -> String? {
        if let state = outcome.newState { return state }
        if outcome.error == nil, outcome.callback.hasSuffix("Completed"), outcome.callback != "onSignUpCompleted",
            outcome.callback != "onResetPasswordCompleted"
        {
            return accountState
        }
        return nil
    }

    static func flowKind(of action: UserAction) -> String {
        switch action {
        case .signUp: "signUp"
        case .signIn: "signIn"
        case .resetPassword: "resetPassword"
        case .getAccessToken: "getAccessToken"
        default: "continuation"
        }
    }
}
