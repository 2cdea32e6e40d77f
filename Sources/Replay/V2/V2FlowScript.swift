import Driver
import NativeAuth
import Oracle

/// One user action of a V2 flow script: the action, the oracle step it starts, the recorded exchanges
/// it consumes (its own request and every request the SDK then sent by itself) and the oracle's
/// expected outcome for their answers.
public struct V2ScriptStep: Sendable {
    /// The user action.
    public var action: V2UserAction
    /// The oracle's view of the action.
    public var oracleStep: V2Step
    /// The recorded exchanges the action consumes, in order.
    public var exchanges: [V2RecordedExchange]
    /// The continuation token the action's first request carries (it picks the state acted on).
    public var token: String?
    /// The oracle's outcome for the recorded answers with the concrete token; nil when the oracle gives
    /// none (the capture ends before the action does, or the table has no row).
    public var expected: Outcome?
    /// Ids of the uncertain table rows the oracle's verdict rests on (empty when none).
    public var uncertainRows: [String]
    /// Remarks from inferring the step (each one fails it).
    public var notes: [String]
}

/// The script of one V2 flow: a journey from its `authorize-challenge` with every action on its states.
public struct V2FlowScript: Sendable {
    /// `v2SignIn`, `v2SignUp`, `v2ResetPassword`, or `v2` when the entry link followed is unknown.
    public var kind: String
    /// The app the flow's requests imply: client id and authority (from its O1).
    public var clientId: String
    /// The URL in front of the fixed V2 paths.
    public var authority: String
    /// The steps in order.
    public var steps: [V2ScriptStep]
    /// Every exchange of the flow, in recorded order.
    public var exchanges: [V2RecordedExchange]
    /// Problems that keep part of the flow from being replayed (each one fails the flow).
    public var problems: [String]
    /// The MSAL the expectations model; the engine replays the flow with its options.
    public var msal: ModelledMSAL = .standard
}
