import Driver
import HAR
import NativeAuth
import Oracle

/// The application configuration a capture implies: what the app must have been set up with for its
/// requests to look as recorded.
public struct ReplayAppConfiguration: Sendable, Hashable {
    /// `client_id` of the requests.
    public var clientId: String
    /// The URL in front of the endpoint paths (any host and tenant segment).
    public var authority: String
    /// Challenge types from `challenge_type` (`oob`, `password`; `redirect` is always sent).
    public var challengeTypes: [String]
    /// Capabilities from `capabilities` (`mfa_required`, `registration_required`).
    public var capabilities: [String]
    /// Scopes the app asked for, without MSAL's defaults (`openid profile offline_access`).
    public var scopes: [String]
}

/// One step of a flow script: an action, the state it is called on, the recorded exchanges it consumes
/// and the oracle's expectation for their responses.
public struct ScriptStep: Sendable {
    /// The user action.
    public var action: UserAction
    /// The state class the action is called on (`account` for `getAccessToken`), nil for flow starts.
    public var state: String?
    /// The oracle step of the action's first request.
    public var oracleStep: Step
    /// The recorded exchanges the action consumes, in order.
    public var exchanges: [RecordedExchange]
    /// The oracle's outcome for the recorded responses, with the concrete token; nil when the capture
    /// ends before the action does (the client would send another request).
    public var expected: Outcome?
    /// Where the client would go on when ``expected`` is nil.
    public var pendingStep: Step?
    /// Remarks from inferring the step.
    public var notes: [String]
}

/// The script of one flow (a sign-up, sign-in, reset, … with its continuations).
public struct FlowScript: Sendable {
    /// `signUp`, `signIn`, `resetPassword`, `getAccessToken`, or `unreplayable`.
    public var kind: String
    /// The steps in order.
    public var steps: [ScriptStep]
    /// Every exchange of the flow, in recorded order.
    public var exchanges: [RecordedExchange] { didSet { ownConfiguration = nil } }
    /// Problems that keep part of the flow from being replayed (each one fails the flow).
    public var problems: [String]
    /// The configuration ``exchanges`` imply, inferred once with the script (nil: infer when needed).
    var ownConfiguration: ReplayAppConfiguration? = nil
}

/// Everything replay needs from one capture.
public struct CaptureScript: Sendable {
    /// The file the capture came from (or a name given by the caller).
    public var path: String
    /// The inferred app configuration; nil when the capture has no native-auth exchange.
    public var configuration: ReplayAppConfiguration?
    /// The flows in order of their first exchange.
    public var flows: [FlowScript]
    /// Problems with the capture as a whole (unreadable, no native-auth exchanges).
    public var problems: [String]
    /// The V2 flows (spec native-auth-v2), in order of their first exchange.
    public var v2Flows: [V2FlowScript] = []
}
