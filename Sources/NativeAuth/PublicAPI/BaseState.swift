import Foundation

/// Base of every state that holds a continuation token. States are never invalidated: calling a method
/// again re-sends the stored token (as MSAL does).
public class MSALNativeAuthBaseState: @unchecked Sendable {
    let context: FlowContext
    let continuationToken: String

    init(context: FlowContext, continuationToken: String) {
        self.context = context
        self.continuationToken = continuationToken
    }

    /// The flow's correlation id.
    public var correlationId: UUID { context.correlationId }
    var engine: NativeAuthEngine { context.engine }
}

/// Base of the states that continue into a sign-in with a possibly missing continuation token.
public class SignInAfterPreviousFlowBaseState: @unchecked Sendable {
    let context: FlowContext
    let continuationToken: String?

    init(context: FlowContext, continuationToken: String?) {
        self.context = context
        self.continuationToken = continuationToken
    }

    /// The flow's correlation id.
    public var correlationId: UUID { context.correlationId }
}

extension Outcome {
    /// A success-callback outcome handing over `state` (or no state).
    static func callback(_ name: String, state: AnyObject? = nil) -> Outcome {
        let (stateName, token) = describe(state)
        return Outcome(callback: name, error: nil, newState: stateName, newStateToken: token)
    }

    /// An error-callback outcome.
    static func error(_ name: String, _ error: MSALNativeAuthError, state: AnyObject? = nil) -> Outcome {
        let (stateName, token) = describe(state)
        return Outcome(callback: name, error: error.outcomeName, newState: stateName, newStateToken: token)
    }

    private static func describe(_ state: AnyObject?) -> (String?, String?) {
        guard let state else { return (nil, nil) }
        let name = TypeNames.name(of: type(of: state))
        if let base = state as? MSALNativeAuthBaseState { return (name, base.continuationToken) }
        if let base = state as? SignInAfterPreviousFlowBaseState { return (name, base.continuationToken) }
        return (name, nil)
    }
}
