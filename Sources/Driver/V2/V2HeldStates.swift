import NativeAuth

/// A V2 state object the app was handed, with its class name and the continuation token it holds (as
/// the Outcome of the result that handed it over named them).
public struct V2HeldState: Sendable {
    /// The state object.
    public var state: MSALNativeAuthState
    /// Its class name (`MSALNativeAuthCodeRequiredState`, …).
    public var name: String
    /// The continuation token it holds.
    public var token: String?

    /// The state as reports name it.
    public var reference: StateReference { StateReference(state: name, token: token) }
}

/// What an app holds between V2 actions: every state object handed over so far (V2 states are
/// immutable and reusable, so an app may act on any of them) and the signed-in account.
public struct V2HeldStates: Sendable {
    /// Every state object handed over, oldest first (the last is the latest one).
    public private(set) var handed: [V2HeldState] = []
    /// The account of the last completed sign-in.
    public private(set) var account: MSALNativeAuthUserAccountResult?

    /// Nothing yet: before a journey's first action.
    public init() {}

    /// The latest state object handed over.
    public var latest: V2HeldState? { handed.last }

    /// Keeps what `result` hands over: its state object, or its account.
    public mutating func keep(_ result: MSALNativeAuthV2Result) {
        if case .completed(let account) = result { self.account = account }
        guard let state = Self.state(of: result) else { return }
        let outcome = result.outcome
        handed.append(
            V2HeldState(
                state: state, name: outcome.newState ?? String(describing: type(of: state)), token: outcome.newStateToken))
    }

    /// The state object `action` is performed on when its request carries `token`: the latest one
    /// handed over that accepts the action and holds `token`, else (no token, or none holds it) the
    /// latest one that accepts it; nil for flow starts and when none accepts it.
    public func state(for action: V2UserAction, holding token: String?) -> V2HeldState? {
        let candidates = handed.filter { V2ActionPerformer.accepts(action, on: $0.state) }
        if let token, let holder = candidates.last(where: { $0.token == token }) { return holder }
        return candidates.last
    }

    /// Whether `state` is the latest state object handed over.
    public func isLatest(_ state: V2HeldState) -> Bool { handed.last?.state === state.state }

    /// The state object a result hands over, if any.
    public static func state(of result: MSALNativeAuthV2Result) -> MSALNativeAuthState? {
        switch result {
        case .codeRequired(let state): state
        case .passwordRequired(let state): state
        case .authMethodSelectionRequired(let state): state
        case .mfaVerificationRequired(let state): state
        case .attributesRequired(let state): state
        case .signInAfterSignUpRequired(let state): state
        case .newPasswordRequired(let state): state
        case .signInAfterResetPasswordRequired(let state): state
        case .completed, .error: nil
        }
    }
}
