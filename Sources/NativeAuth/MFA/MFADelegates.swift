import Foundation

/// Results of `requestChallenge` on the MFA states.
@MainActor
public protocol MFARequestChallengeDelegate: AnyObject {
    /// Requesting the challenge failed.
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?)
    /// A code was sent over the chosen method.
    func onMFARequestChallengeVerificationRequired(
        newState: MFARequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int)
    /// A method must be selected (declared by MSAL; never produced by MSAL 2.13).
    func onMFARequestChallengeSelectionRequired(authMethods: [MSALAuthMethod], newState: MFARequiredState)
}

extension MFARequestChallengeDelegate {
    /// Default: reports "not implemented" (§3.1).
    public func onMFARequestChallengeVerificationRequired(
        newState: MFARequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType, codeLength: Int
    ) { DelegateFallback.note("onMFARequestChallengeVerificationRequired") }
    /// Default: reports "not implemented" (§3.1).
    public func onMFARequestChallengeSelectionRequired(authMethods: [MSALAuthMethod], newState: MFARequiredState) {
        DelegateFallback.note("onMFARequestChallengeSelectionRequired")
    }
}

/// Results of `MFARequiredState.submitChallenge`.
@MainActor
public protocol MFASubmitChallengeDelegate: SignInCompletedCallbacks {
    /// Submitting the second factor failed.
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?)
}

/// What `requestChallenge` ended in.
public enum MFARequestChallengeResult: OutcomeConvertible {
    /// A code was sent.
    case verificationRequired(newState: MFARequiredState, sentTo: String, channelTargetType: MSALNativeAuthChannelType,
                              codeLength: Int)
    /// A method must be selected (never produced, as in MSAL 2.13).
    case selectionRequired(authMethods: [MSALAuthMethod], newState: MFARequiredState)
    /// Failed.
    case error(MFARequestChallengeError, newState: MFARequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .verificationRequired(let state, _, _, _): .callback("onMFARequestChallengeVerificationRequired", state: state)
        case .selectionRequired(_, let state): .callback("onMFARequestChallengeSelectionRequired", state: state)
        case .error(let error, let state): .error("onMFARequestChallengeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any MFARequestChallengeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .verificationRequired(let state, let sentTo, let channel, let length):
            delegate.onMFARequestChallengeVerificationRequired(
                newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .selectionRequired(let methods, let state):
            delegate.onMFARequestChallengeSelectionRequired(authMethods: methods, newState: state)
        case .error(let error, let state):
            delegate.onMFARequestChallengeError(error: error, newState: state)
            return outcome
        }
        guard let missing = DelegateFallback.take() else { return outcome }
        let error = MFARequestChallengeError(type: .generalError, message: DelegateFallback.message(missing),
                                             correlationId: correlationId)
        delegate.onMFARequestChallengeError(error: error, newState: nil)
        return .error("onMFARequestChallengeError", error)
    }
}

/// What `MFARequiredState.submitChallenge` ended in.
public enum MFASubmitChallengeResult: OutcomeConvertible {
    /// Signed in.
    case completed(MSALNativeAuthUserAccountResult)
    /// Failed.
    case error(MFASubmitChallengeError, newState: MFARequiredState?)

    /// The outcome this result stands for.
    public var outcome: Outcome {
        switch self {
        case .completed: .callback("onSignInCompleted")
        case .error(let error, let state): .error("onMFASubmitChallengeError", error, state: state)
        }
    }

    @MainActor func dispatch(to delegate: any MFASubmitChallengeDelegate, correlationId: UUID) -> Outcome {
        switch self {
        case .completed(let result):
            delegate.onSignInCompleted(result: result)
            guard let missing = DelegateFallback.take() else { return outcome }
            let error = MFASubmitChallengeError(type: .generalError, message: DelegateFallback.message(missing),
                                                correlationId: correlationId)
            delegate.onMFASubmitChallengeError(error: error, newState: nil)
            return .error("onMFASubmitChallengeError", error)
        case .error(let error, let state):
            delegate.onMFASubmitChallengeError(error: error, newState: state)
            return outcome
        }
    }
}
