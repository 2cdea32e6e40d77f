import NativeAuth

/// Performs user actions on the engine (through ``EngineDriver``) and keeps what the app holds
/// between them (``HeldObjects``), so the next action can be called on the state object the
/// recorded request shows the app used: MSAL never invalidates a state, and an app may go back to
/// one it was handed earlier.
public struct ActionPerformer {
    public let driver: EngineDriver
    /// What the app holds: every state object handed out so far, the auth methods and the account.
    private var held = HeldObjects()

    public init(driver: EngineDriver) { self.driver = driver }

    /// Why an action could not be performed.
    public struct Refusal: Error, Sendable, Hashable {
        /// One sentence, naming the action and the state (never a value).
        public var message: String
    }

    /// What one action gave.
    public struct Performed: Sendable {
        /// The engine's outcome.
        public var outcome: Outcome
        /// Set when the action was performed on a state object older than the latest one.
        public var earlierState: EarlierState?
    }

    /// Runs `action` (on a state of class `stateName` when it continues a flow) and returns the
    /// engine's outcome. When the recorded request sent `token`, the latest state of the class that
    /// holds that token is used (an app may go back to an older state object), else the latest state
    /// of the class.
    public mutating func perform(_ action: UserAction, on stateName: String?, token: String?) async throws(Refusal)
        -> Performed
    {
        var using = held
        var earlier: EarlierState?
        switch action {
        case .signUp, .signIn, .resetPassword:
            using.state = nil
        case .getAccessToken:
            guard held.account != nil else {
                throw Refusal(message: "getAccessToken needs a signed-in account, and the engine has none")
            }
            using.state = nil
        default:
            guard let stateName, let chosen = held.state(named: stateName, holding: token) else {
                throw Refusal(message: "\(action.name) is called on \(stateName ?? "a state"), and the engine handed out none")
            }
            using.state = chosen.object
            if !held.isLatest(chosen), let latest = held.handed.last {
                earlier = EarlierState(used: chosen.reference, latest: latest.reference)
            }
        }
        guard let performed = await driver.perform(action, held: using) else {
            throw Refusal(
                message: "\(action.name) cannot be called on \(using.state.map { String(describing: type(of: $0)) } ?? "nothing")")
        }
        held = performed.held
        return Performed(outcome: performed.outcome, earlierState: earlier)
    }
}
