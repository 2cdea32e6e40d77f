import Replay

/// What one inspector page shows: captures (each with its flows, exchanges and, when replayed, the
/// engine's outcome beside the oracle's per step) and fuzz campaigns. Every value here comes from a
/// capture or a report file; the renderer adds markup, never data.
public struct InspectorPage: Sendable {
    /// The page title.
    public var title: String
    /// The captures, in the order given.
    public var captures: [CaptureSection]
    /// Fuzz campaigns (an `authtape fuzz --out` folder each), in the order given.
    public var campaigns: [FuzzSection]
    /// The MSAL the replay verdicts on the page model (`authtape replay --msal`), named in the header as
    /// replay's other reports name it; nil when nothing on the page was replayed.
    public var msal: ModelledMSAL?

    /// Creates a page.
    public init(title: String, captures: [CaptureSection] = [], campaigns: [FuzzSection] = [], msal: ModelledMSAL? = nil) {
        self.title = title
        self.captures = captures
        self.campaigns = campaigns
        self.msal = msal
    }

    /// Whether any capture on the page (a repro capture of a finding included) looks unredacted.
    public var hasUnredactedCapture: Bool {
        captures.contains { !$0.leaks.isEmpty }
            || campaigns.contains { $0.findings.contains { $0.repro.map { !$0.leaks.isEmpty } ?? false } }
    }
}

/// One capture file: its exchanges grouped into flows.
public struct CaptureSection: Sendable {
    /// The path as given (or a name).
    public var name: String
    /// What `authtape check` finds in the file; not empty means the capture is shown as unredacted.
    public var leaks: [String]
    /// Problems reading or replaying the capture as a whole.
    public var problems: [String]
    /// Every entry of the capture, in file order.
    public var exchanges: [ExchangeView]
    /// The flows, in order of their first exchange; entries of no flow come last as one group.
    public var flows: [FlowView]

    /// Creates a section.
    public init(name: String, leaks: [String] = [], problems: [String] = [], exchanges: [ExchangeView], flows: [FlowView]) {
        self.name = name
        self.leaks = leaks
        self.problems = problems
        self.exchanges = exchanges
        self.flows = flows
    }
}

/// One flow: the exchanges of one sign-up, sign-in or reset, and the replay of its steps.
public struct FlowView: Sendable {
    /// `signUp`, `signIn`, `resetPassword`, … or `other` for entries outside every flow.
    public var kind: String
    /// Indexes into ``CaptureSection/exchanges``, in order.
    public var exchanges: [Int]
    /// The user actions, with outcomes; empty when the flow was not replayed.
    public var steps: [StepView]

    /// Creates a flow.
    public init(kind: String, exchanges: [Int], steps: [StepView] = []) {
        self.kind = kind
        self.exchanges = exchanges
        self.steps = steps
    }

    /// Whether every step passed; nil when nothing was replayed.
    public var passed: Bool? { steps.isEmpty ? nil : steps.allSatisfy(\.passed) }
}

/// One user action of a replayed flow.
public struct StepView: Sendable {
    /// The action (`signUp`, `submitCode`, …).
    public var action: String
    /// Indexes into ``CaptureSection/exchanges`` of the recorded exchanges it consumed.
    public var exchanges: [Int]
    /// What the engine produced; nil when it produced no outcome.
    public var engine: OutcomeView?
    /// What the oracle expects from the recorded responses; nil when it expects none.
    public var oracle: OutcomeView?
    /// Whether the replay judged the step a pass.
    public var passed: Bool
    /// The replay's findings for the step.
    public var diagnostics: [String]
    /// Set when the action was performed on a state object older than the latest one the app was
    /// handed: the replay's sentence naming both.
    public var earlierState: String?
    /// Set when the oracle's verdict rests on a table row the spec marks uncertain (V2): the replay's
    /// sentence naming the rows. It does not fail the step.
    public var uncertainty: String?

    /// Creates a step.
    public init(action: String, exchanges: [Int], engine: OutcomeView?, oracle: OutcomeView?, passed: Bool,
                diagnostics: [String], earlierState: String? = nil, uncertainty: String? = nil) {
        self.action = action
        self.exchanges = exchanges
        self.engine = engine
        self.oracle = oracle
        self.passed = passed
        self.diagnostics = diagnostics
        self.earlierState = earlierState
        self.uncertainty = uncertainty
    }
}

/// An outcome as the app sees it: the delegate callback, the error, the new state and its token.
public struct OutcomeView: Sendable, Hashable {
    public var callback: String
    public var error: String?
    public var newState: String?
    public var token: String?

    /// Creates an outcome.
    public init(callback: String, error: String? = nil, newState: String? = nil, token: String? = nil) {
        self.callback = callback
        self.error = error
        self.newState = newState
        self.token = token
    }

    /// The four fields by name, in the order the page shows them.
    var fields: [(name: String, value: String?)] {
        [("callback", callback), ("error", error), ("newState", newState), ("token", token)]
    }
}

/// One request and its response, as recorded.
public struct ExchangeView: Sendable {
    /// The entry's index in the capture.
    public var entry: Int
    public var method: String
    /// The full URL as recorded.
    public var url: String
    /// The endpoint as the diagram labels it (`/signup/v1.0/start`, a V2 step such as `v2 verify`, or the
    /// URL's path).
    public var endpoint: String
    /// The server's host and port.
    public var host: String
    /// The response status; 0 when no response was recorded.
    public var status: Int
    public var statusText: String
    /// `error` and `suberror` of a JSON error body (a V2 answer's `error.code` and `error.innerError.code`).
    public var error: String?
    public var suberror: String?
    /// `state` and `action` of a V2 answer.
    public var state: String? = nil
    public var action: String? = nil
    /// The entry's total time in milliseconds.
    public var milliseconds: Double
    public var requestHeaders: [Header]
    public var requestBody: Body?
    public var responseHeaders: [Header]
    public var responseBody: Body?
    /// The entry's comment (a fuzz repro names its mutation there).
    public var comment: String?

    /// A header as recorded.
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String
        /// Creates a header.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A body: its type and its text, pretty-printed when it is JSON or a form.
    public struct Body: Sendable, Hashable {
        public var mimeType: String
        public var text: String
        /// How the text was made from the recorded body (`JSON, indented`, `form fields, decoded`, …).
        public var presentation: String
        /// Creates a body.
        public init(mimeType: String, text: String, presentation: String) {
            self.mimeType = mimeType
            self.text = text
            self.presentation = presentation
        }
    }

    /// Whether a fuzz repro marks this entry as the mutated one.
    public var isMutated: Bool { comment?.hasPrefix("mutated:") ?? false }
}
