import Foundation

/// What one user action ended in, as replay and fuzz compare it: the delegate callback that fires,
/// the error type when it is an error, and the state handed back with the continuation token it holds.
///
/// Naming: `callback` is MSAL's delegate method base name (`onSignUpVerifyCodeError`); `error` is
/// `<ErrorClass>.<type>` (`VerifyCodeError.invalidCode`); `newState` is the state class name
/// (`SignUpCodeRequiredState`) or nil when the flow ends; `newStateToken` is the continuation token that
/// state holds (nil for `SignInAfterSignUpState`/`SignInAfterResetPasswordState` built without one).
public struct Outcome: Sendable, Hashable, CustomStringConvertible {
    /// The delegate method base name, e.g. `onSignUpCodeRequired`.
    public var callback: String
    /// `<ErrorClass>.<type>` when the callback is an error callback, else nil.
    public var error: String?
    /// The class name of the state handed to the app, or nil.
    public var newState: String?
    /// The continuation token held by `newState`.
    public var newStateToken: String?

    /// Creates an outcome.
    public init(callback: String, error: String? = nil, newState: String? = nil, newStateToken: String? = nil) {
        self.callback = callback
        self.error = error
        self.newState = newState
        self.newStateToken = newStateToken
    }

    /// A one-line rendering, e.g. `onSignUpVerifyCodeError VerifyCodeError.invalidCode → SignUpCodeRequiredState(ct)`.
    /// The token is shown because captures hold redacted placeholders, never live secrets.
    public var description: String {
        var text = callback
        if let error { text += " \(error)" }
        if let newState { text += " → \(newState)(\(newStateToken ?? "nil"))" }
        return text
    }
}

/// Receives every ``Outcome`` the engine produces, as it is produced, independent of delegates.
public typealias OutcomeObserver = @Sendable (Outcome) -> Void

/// A flow result that knows the ``Outcome`` it stands for.
public protocol OutcomeConvertible: Sendable {
    /// The outcome this result stands for.
    var outcome: Outcome { get }
    /// The state, auth methods, account and error the result hands to the app (see ``HandedOver``).
    var handedOver: HandedOver { get }
}
