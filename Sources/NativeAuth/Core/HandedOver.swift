import Foundation

/// What a result hands to the app besides its ``Outcome``: the state to continue on, the auth methods,
/// the signed-in account and the error. Tools that drive the async API (replay, fuzz) read it to call
/// the next action, instead of reflecting over the result enum.
public struct HandedOver {
    /// The state handed over: an ``MSALNativeAuthBaseState`` or ``SignInAfterPreviousFlowBaseState``.
    public var state: AnyObject?
    /// The auth methods handed over with the state (empty when the result carries none).
    public var authMethods: [MSALAuthMethod]
    /// The signed-in account, when the flow completed with one.
    public var account: MSALNativeAuthUserAccountResult?
    /// The error, when the result is an error.
    public var error: MSALNativeAuthError?

    /// Creates a value; everything defaults to "nothing handed over".
    public init(state: AnyObject? = nil, authMethods: [MSALAuthMethod] = [], account: MSALNativeAuthUserAccountResult? = nil,
                error: MSALNativeAuthError? = nil) {
        self.state = state
        self.authMethods = authMethods
        self.account = account
        self.error = error
    }
}

extension OutcomeConvertible {
    /// Nothing handed over (results of the public API all provide their own).
    public var handedOver: HandedOver { HandedOver() }
}

extension SignInEnding {
    var handedOver: HandedOver {
        switch self {
        case .awaitingMFA(let methods, let state): HandedOver(state: state, authMethods: methods)
        case .strongAuthMethodRegistration(let methods, let state): HandedOver(state: state, authMethods: methods)
        case .completed(let account): HandedOver(account: account)
        }
    }
}

extension SignUpStartResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .codeRequired(let state, _, _, _): HandedOver(state: state)
        case .attributesInvalid: HandedOver()
        case .error(let error): HandedOver(error: error)
        }
    }
}

extension SignUpVerifyCodeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .attributesRequired(_, let state): HandedOver(state: state)
        case .passwordRequired(let state): HandedOver(state: state)
        case .completed(let state): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension SignUpResendCodeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .codeRequired(let state, _, _, _): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension SignUpPasswordRequiredResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .attributesRequired(_, let state): HandedOver(state: state)
        case .completed(let state): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension SignUpAttributesRequiredResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .attributesRequired(_, let state): HandedOver(state: state)
        case .attributesInvalid(_, let state): HandedOver(state: state)
        case .completed(let state): HandedOver(state: state)
        case .error(let error): HandedOver(error: error)
        }
    }
}

extension SignInStartResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .codeRequired(let state, _, _, _): HandedOver(state: state)
        case .passwordRequired(let state): HandedOver(state: state)
        case .awaitingMFA(let methods, let state): HandedOver(state: state, authMethods: methods)
        case .strongAuthMethodRegistration(let methods, let state): HandedOver(state: state, authMethods: methods)
        case .completed(let account): HandedOver(account: account)
        case .error(let error): HandedOver(error: error)
        }
    }
}

extension SignInResendCodeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .codeRequired(let state, _, _, _): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension SignInPasswordRequiredResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        if case .error(let error, let state) = self { return HandedOver(state: state, error: error) }
        return ending?.handedOver ?? HandedOver()
    }
}

extension SignInVerifyCodeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        if case .error(let error, let state) = self { return HandedOver(state: state, error: error) }
        return ending?.handedOver ?? HandedOver()
    }
}

extension SignInAfterSignUpResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        if case .error(let error) = self { return HandedOver(error: error) }
        return ending?.handedOver ?? HandedOver()
    }
}

extension SignInAfterResetPasswordResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        if case .error(let error) = self { return HandedOver(error: error) }
        return ending?.handedOver ?? HandedOver()
    }
}

extension ResetPasswordStartResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .codeRequired(let state, _, _, _): HandedOver(state: state)
        case .error(let error): HandedOver(error: error)
        }
    }
}

extension ResetPasswordVerifyCodeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .passwordRequired(let state): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension ResetPasswordResendCodeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .codeRequired(let state, _, _, _): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension ResetPasswordRequiredResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .completed(let state): HandedOver(state: state)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension MFARequestChallengeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .verificationRequired(let state, _, _, _): HandedOver(state: state)
        case .selectionRequired(let methods, let state): HandedOver(state: state, authMethods: methods)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension MFASubmitChallengeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .completed(let account): HandedOver(account: account)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension RegisterStrongAuthChallengeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .verificationRequired(let result): HandedOver(state: result.newState)
        case .completed(let account): HandedOver(account: account)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension RegisterStrongAuthSubmitChallengeResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .completed(let account): HandedOver(account: account)
        case .error(let error, let state): HandedOver(state: state, error: error)
        }
    }
}

extension RetrieveAccessTokenResult {
    /// What this result hands over.
    public var handedOver: HandedOver {
        switch self {
        case .completed: HandedOver()
        case .error(let error): HandedOver(error: error)
        }
    }
}
