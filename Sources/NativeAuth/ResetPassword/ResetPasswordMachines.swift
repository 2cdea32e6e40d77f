import Foundation
import NativeAuthWire

/// `resetPassword`: resetpassword/start then resetpassword/challenge (§5.5 A and B).
struct ResetPasswordStartMachine: FlowMachine, Sendable {
    private enum State: Sendable { case idle, awaitingStart, awaitingChallenge, done }
    private var state = State.idle
    let context: FlowContext

    init(context: FlowContext) { self.context = context }

    private func fail(_ type: ResetPasswordStartError.ErrorType, _ info: ErrorInfo) -> FlowAction<ResetPasswordStartResult> {
        .finish(.error(ResetPasswordStartError(type: type, info, correlationId: context.correlationId)))
    }

    mutating func start() -> FlowAction<ResetPasswordStartResult> {
        if context.username.isEmpty { return fail(.invalidUsername, .none) }
        var fields = [FormField(WireField.username, context.username), FormField(WireField.challengeType, context.challengeTypes)]
        if let capabilities = context.engine.configuration.capabilities {
            fields.append(FormField(WireField.capabilities, capabilities))
        }
        state = .awaitingStart
        return .send(EndpointCall(.resetPasswordStart, fields))
    }

    mutating func receive(_ response: Classified) -> FlowAction<ResetPasswordStartResult> {
        let current = state
        state = .done
        switch (current, response) {
        case (.awaitingStart, .success(let body)):
            if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason)) }
            guard let token = body.continuationToken else { return fail(.generalError, .unexpectedBody) }
            state = .awaitingChallenge
            return .send(EndpointCall(.resetPasswordChallenge, [
                FormField(WireField.continuationToken, token), FormField(WireField.challengeType, context.challengeTypes),
            ]))
        case (.awaitingStart, .apiError(let api)):
            if api.wireError == .invalidRequest, api.firstCode == AADSTSCode.userDoesNotHavePassword.rawValue {
                return fail(.userDoesNotHavePassword, .api(api))
            }
            if api.wireError == .userNotFound { return fail(.userNotFound, .api(api)) }
            return fail(.generalError, .api(api))
        case (.awaitingStart, .unexpected(.unknownError(let api))):
            // MSAL quirk: the converter for an unknown error string does not copy the error codes.
            return fail(.generalError, ErrorInfo(message: api.errorDescription, codes: [], uri: api.errorURI))
        case (.awaitingChallenge, .success(let body)):
            switch body.wireChallengeType {
            case .redirect: return fail(.browserRequired, .message(body.redirectReason))
            case .oob:
                guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
                return .finish(.codeRequired(
                    newState: ResetPasswordCodeRequiredState(context: context, continuationToken: sent.token),
                    sentTo: sent.sentTo, channelTargetType: MSALNativeAuthChannelType(value: sent.channel),
                    codeLength: sent.codeLength))
            default: return fail(.generalError, .unexpectedChallengeType)
            }
        case (.awaitingChallenge, .apiError(let api)):
            return fail(.generalError, .api(api))
        case (_, .unexpected(let reason)):
            return fail(.generalError, .unexpected(reason))
        default:
            return fail(.generalError, .unexpectedBody)
        }
    }
}

/// `ResetPasswordCodeRequiredState.resendCode`: resetpassword/challenge (§5.5 C).
struct ResetPasswordResendCodeMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String

    /// MSAL quirk: a reset-password resend never hands back a state.
    private func fail(_ type: ResendCodeError.ErrorType, _ info: ErrorInfo) -> FlowAction<ResetPasswordResendCodeResult> {
        .finish(.error(ResendCodeError(type: type, info, correlationId: context.correlationId), newState: nil))
    }

    mutating func start() -> FlowAction<ResetPasswordResendCodeResult> {
        .send(EndpointCall(.resetPasswordChallenge, [
            FormField(WireField.continuationToken, token), FormField(WireField.challengeType, context.challengeTypes),
        ]))
    }

    mutating func receive(_ response: Classified) -> FlowAction<ResetPasswordResendCodeResult> {
        switch response {
        case .success(let body):
            switch body.wireChallengeType {
            case .redirect: return fail(.browserRequired, .message(body.redirectReason))
            case .oob:
                guard let sent = body.codeSent else { return fail(.generalError, .unexpectedBody) }
                return .finish(.codeRequired(
                    newState: ResetPasswordCodeRequiredState(context: context, continuationToken: sent.token),
                    sentTo: sent.sentTo, channelTargetType: MSALNativeAuthChannelType(value: sent.channel),
                    codeLength: sent.codeLength))
            default: return fail(.generalError, .unexpectedChallengeType)
            }
        case .apiError(let api): return fail(.generalError, .api(api))
        case .unexpected(let reason): return fail(.generalError, .unexpected(reason))
        case .tokenSuccess: return fail(.generalError, .unexpectedBody)
        }
    }
}

/// `ResetPasswordCodeRequiredState.submitCode`: resetpassword/continue (§5.5 D).
struct ResetPasswordSubmitCodeMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let code: String

    private func fail(_ type: VerifyCodeError.ErrorType, _ info: ErrorInfo, retry: Bool = false)
        -> FlowAction<ResetPasswordVerifyCodeResult>
    {
        let error = VerifyCodeError(type: type, info, correlationId: context.correlationId)
        let same = ResetPasswordCodeRequiredState(context: context, continuationToken: token)
        return .finish(.error(error, newState: retry ? same : nil))
    }

    mutating func start() -> FlowAction<ResetPasswordVerifyCodeResult> {
        if code.isEmpty { return fail(.invalidCode, .none, retry: true) }
        return .send(EndpointCall(.resetPasswordContinue, [
            FormField(WireField.continuationToken, token), FormField(WireField.grantType, WireGrantType.oob.rawValue),
            FormField(WireField.oob, code),
        ]))
    }

    mutating func receive(_ response: Classified) -> FlowAction<ResetPasswordVerifyCodeResult> {
        switch response {
        case .success(let body):
            if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason)) }
            guard let next = body.continuationToken else { return fail(.generalError, .unexpectedBody) }
            return .finish(.passwordRequired(newState: ResetPasswordRequiredState(context: context, continuationToken: next)))
        case .apiError(let api):
            if api.wireError == .invalidGrant, api.wireSuberror == .invalidOOBValue {
                return fail(.invalidCode, .api(api), retry: true)
            }
            // verification_required is not supported: unexpectedError(nil), default text.
            return fail(.generalError, api.wireError == .verificationRequired ? .none : .api(api))
        case .unexpected(let reason): return fail(.generalError, .unexpected(reason))
        case .tokenSuccess: return fail(.generalError, .unexpectedBody)
        }
    }
}

/// `ResetPasswordRequiredState.submitPassword`: resetpassword/submit, then the poll loop of §6.4:
/// an immediate first poll, then up to 5 more after waiting `poll_interval` seconds, always with the
/// submit token.
struct ResetPasswordSubmitMachine: FlowMachine, Sendable {
    private enum State: Sendable {
        case idle
        case awaitingSubmit
        case polling(token: String, interval: Int, retriesLeft: Int)
        case done
    }
    private var state = State.idle
    let context: FlowContext
    let token: String
    let password: String

    static let pollRetries = 5

    init(context: FlowContext, token: String, password: String) {
        self.context = context
        self.token = token
        self.password = password
    }

    private func fail(_ type: PasswordRequiredError.ErrorType, _ info: ErrorInfo, retryToken: String? = nil)
        -> FlowAction<ResetPasswordRequiredResult>
    {
        let error = PasswordRequiredError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retryToken.map { ResetPasswordRequiredState(context: context, continuationToken: $0) }))
    }

    private func pollCall(_ pollToken: String) -> FlowAction<ResetPasswordRequiredResult> {
        .send(EndpointCall(.resetPasswordPollCompletion, [FormField(WireField.continuationToken, pollToken)]))
    }

    mutating func start() -> FlowAction<ResetPasswordRequiredResult> {
        if password.isEmpty { return fail(.invalidPassword, .none, retryToken: token) }
        state = .awaitingSubmit
        return .send(EndpointCall(.resetPasswordSubmit, [
            FormField(WireField.continuationToken, token), FormField(WireField.newPassword, password),
        ]))
    }

    mutating func waited() -> FlowAction<ResetPasswordRequiredResult> {
        guard case .polling(let pollToken, _, _) = state else { return fail(.generalError, .unexpectedBody) }
        return pollCall(pollToken)
    }

    mutating func receive(_ response: Classified) -> FlowAction<ResetPasswordRequiredResult> {
        let current = state
        state = .done
        switch current {
        case .awaitingSubmit: return receiveSubmit(response)
        case .polling(let pollToken, let interval, let retriesLeft):
            return receivePoll(response, pollToken: pollToken, interval: interval, retriesLeft: retriesLeft)
        case .idle, .done: return fail(.generalError, .unexpectedBody)
        }
    }

    private mutating func receiveSubmit(_ response: Classified) -> FlowAction<ResetPasswordRequiredResult> {
        switch response {
        case .success(let body):
            if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason)) }
            guard let pollToken = body.continuationToken, let interval = body.pollInterval else {
                return fail(.generalError, .unexpectedBody)
            }
            state = .polling(token: pollToken, interval: interval, retriesLeft: Self.pollRetries)
            return pollCall(pollToken)
        case .apiError(let api):
            if api.wireError == .invalidGrant, api.hasPasswordSuberror {
                return fail(.invalidPassword, .api(api), retryToken: token)
            }
            return fail(.generalError, .api(api))
        case .unexpected(let reason): return fail(.generalError, .unexpected(reason))
        case .tokenSuccess: return fail(.generalError, .unexpectedBody)
        }
    }

    /// The longest wait between two polls, in seconds (R2's bounded maximum).
    static let maximumPollWait = 300

    private mutating func receivePoll(_ response: Classified, pollToken: String, interval: Int, retriesLeft: Int)
        -> FlowAction<ResetPasswordRequiredResult>
    {
        switch response {
        case .success(let body):
            if body.isRedirect { return fail(.browserRequired, .message(body.redirectReason)) }
            switch body.wireStatus {
            case .succeeded:
                return .finish(.completed(newState: SignInAfterResetPasswordState(
                    context: context, continuationToken: body.continuationToken)))
            case .inProgress, .notStarted:
                guard retriesLeft > 0 else { return fail(.generalError, .message("Password reset timed out")) }
                // MSAL converts poll_interval to nanoseconds unchecked and traps outside [0, ~1.8e10] s; the
                // engine clamps instead (decoding-rulings.md R2, a deliberate deviation).
                state = .polling(token: pollToken, interval: interval, retriesLeft: retriesLeft - 1)
                return .wait(seconds: Double(min(max(interval, 0), Self.maximumPollWait)))
            case .failed:
                return fail(.generalError, .message("Password reset failed"))
            default:
                return fail(.generalError, .unexpectedBody)
            }
        case .apiError(let api):
            if api.wireError == .invalidGrant, api.hasPasswordSuberror {
                // MSAL quirk: the retry state holds the token returned by submit, not the original one.
                return fail(.invalidPassword, .api(api), retryToken: pollToken)
            }
            return fail(.generalError, .api(api))
        case .unexpected(let reason): return fail(.generalError, .unexpected(reason))
        case .tokenSuccess: return fail(.generalError, .unexpectedBody)
        }
    }
}
