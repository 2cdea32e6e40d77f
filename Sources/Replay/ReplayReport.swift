import Driver
import NativeAuth

/// The result of replaying captures; rendered by ``ReplayReportRenderer`` as JSON, JUnit XML or text.
public struct ReplayReport: Sendable {
    /// One capture per file replayed.
    public var captures: [CaptureResult]
    /// The MSAL the V2 verdicts model (every format names it).
    public var msal: ModelledMSAL
    /// Whether every capture passed.
    public var passed: Bool { captures.allSatisfy(\.passed) }
    /// Creates a report.
    public init(captures: [CaptureResult], msal: ModelledMSAL = .standard) {
        self.captures = captures
        self.msal = msal
    }
}

/// The replay of one capture.
public struct CaptureResult: Sendable {
    /// The capture's path (or name).
    public var path: String
    /// The flows, in order.
    public var flows: [FlowResult]
    /// True when every flow passed and the capture had something to replay.
    public var passed: Bool
}

/// The replay of one flow.
public struct FlowResult: Sendable {
    /// `signUp`, `signIn`, `resetPassword`, `getAccessToken`, `continuation` or `unreplayable`.
    public var kind: String
    /// The steps, in order.
    public var steps: [StepResult]
    /// Whether every step passed.
    public var passed: Bool { steps.allSatisfy(\.passed) }
}

/// The replay of one user action.
public struct StepResult: Sendable {
    /// The action's name (`signUp`, `submitCode`, …).
    public var action: String
    /// Endpoint paths of the recorded requests the action consumed, in order.
    public var endpoints: [String]
    /// Set when the action was performed on a state object older than the latest one the app was
    /// handed (the one whose continuation token the recorded request carries); nil otherwise.
    public var earlierState: EarlierState? = nil
    /// What the engine produced; nil when the action could not be performed.
    public var actual: Outcome?
    /// What the oracle expects from the recorded responses; nil when it expects no outcome.
    public var expected: Outcome?
    /// Whether every request the engine sent matched the recorded one, and none was missing.
    public var requestsMatched: Bool
    /// Readable findings; empty when the step passed.
    public var diagnostics: [String]
    /// Set when the oracle's verdict rests on a table row the spec marks uncertain (V2): one sentence
    /// naming the rows. It does not fail the step; reports show it next to the verdict.
    public var uncertainty: String? = nil
    /// Whether the step passed: requests matched, actual equals expected and nothing was reported.
    public var passed: Bool {
        requestsMatched && actual != nil && actual == expected && diagnostics.isEmpty
    }
}
