import NativeAuth

/// What an app holds between two actions: the state object the last result handed over, every
/// state object handed over before it (MSAL never invalidates a state, so an app may act on any of
/// them), the auth methods it was offered, the signed-in account and the last error's message.
public struct HeldObjects: @unchecked Sendable {
    public var state: AnyObject?
    public var methods: [MSALAuthMethod]
    public var errorMessage: String?
    /// The signed-in account, kept from the sign-in that handed it over (an app keeps it too).
    public var account: MSALNativeAuthUserAccountResult?
    /// Every state object handed over so far, oldest first (the last is the latest one).
    public var handed: [HeldState]

    /// Nothing yet: before a flow's first action.
    public init(state: AnyObject? = nil, methods: [MSALAuthMethod] = [], errorMessage: String? = nil,
                account: MSALNativeAuthUserAccountResult? = nil) {
        self.state = state
        self.methods = methods
        self.errorMessage = errorMessage
        self.account = account
        handed = []
    }

    /// What `result` hands over (read through ``OutcomeConvertible/handedOver``, without reflection).
    public init(of result: any OutcomeConvertible) {
        let handed = result.handedOver
        state = handed.state
        methods = handed.authMethods
        errorMessage = handed.error?.errorDescription
        account = handed.account
        self.handed = []
        if let state = handed.state {
            let outcome = result.outcome
            self.handed.append(HeldState(
                object: state, name: outcome.newState ?? String(describing: type(of: state)), token: outcome.newStateToken))
        }
    }

    /// What an app holds after `result` when it held `previous` before: what the result handed over,
    /// the auth methods and signed-in account it was given earlier when this result gives none (an
    /// app keeps them for later calls: another challenge from MFARequiredState, getAccessToken), and
    /// every state object it was handed before.
    public init(of result: any OutcomeConvertible, after previous: HeldObjects) {
        self.init(of: result)
        if methods.isEmpty { methods = previous.methods }
        if account == nil { account = previous.account }
        handed = previous.handed + handed
    }

    /// The state object of class `name` an app acts on when its request carries `token`: the latest
    /// one handed over that holds `token`, else (no token, or none holds it) the latest one of the
    /// class; nil when none of the class was handed over.
    public func state(named name: String, holding token: String?) -> HeldState? {
        if let token, let holder = handed.last(where: { $0.name == name && $0.token == token }) { return holder }
        return handed.last { $0.name == name }
    }

    /// Whether `state` is the latest state object handed over.
    public func isLatest(_ state: HeldState) -> Bool { handed.last?.object === state.object }
}

/// A state object the app was handed, with its class name and the continuation token it holds (as
/// the Outcome of the result that handed it over named them).
public struct HeldState: @unchecked Sendable {
    /// The state object.
    public var object: AnyObject
    /// Its class name (`AwaitingMFAState`, …).
    public var name: String
    /// The continuation token it holds.
    public var token: String?

    /// The state as reports name it.
    public var reference: StateReference { StateReference(state: name, token: token) }
}
