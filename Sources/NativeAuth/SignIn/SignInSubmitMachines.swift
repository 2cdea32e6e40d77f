import Foundation
import NativeAuthWire

enum SignInSubmitMachine {
    static func code(context: FlowContext, token: String, code: String) -> SignInCodeSubmitMachine {
        SignInCodeSubmitMachine(context: context, token: token, code: code)
    }

    static func password(context: FlowContext, token: String, password: String) -> SignInPasswordSubmitMachine {
        SignInPasswordSubmitMachine(context: context, token: token, password: password)
    }
}

extension TokenFailure {
    var info: ErrorInfo { ErrorInfo(message: message, codes: api?.errorCodes ?? [], uri: api?.errorURI) }
}

/// `SignInCodeRequiredState.submitCode`: `/token` grant oob (§5.2 F).
struct SignInCodeSubmitMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let code: String
    private var tokenStep: TokenStep

    init(context: FlowContext, token: String, code: String) {
        self.context = context
        self.token = token
        self.code = code
        tokenStep = TokenStep(context: context)
    }

    private func fail(_ type: VerifyCodeError.ErrorType, _ info: ErrorInfo, retry: Bool) -> FlowAction<SignInVerifyCodeResult> {
        let error = VerifyCodeError(type: type, info, correlationId: context.correlationId)
        return .finish(.error(error, newState: retry ? SignInCodeRequiredState(context: context, continuationToken: token) : nil))
    }

    mutating func start() -> FlowAction<SignInVerifyCodeResult> {
        if code.isEmpty { return fail(.invalidCode, .none, retry: true) }
        return .send(TokenStep.call(
            grantType: WireGrantType.oob.rawValue, context: context, continuationToken: token, oob: code,
            includeChallengeType: false))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignInVerifyCodeResult> {
        let event = tokenStep.receive(response)
        switch event {
        case .send(let call): return .send(call)
        case .tokenFailed(let failure):
            // MSAL quirk: every /token error (expired_token and redirect included) hands back the same state.
            switch failure.kind {
            case .invalidOOBCode: return fail(.invalidCode, failure.info, retry: true)
            case .redirect: return fail(.browserRequired, failure.info, retry: true)
            default: return fail(.generalError, failure.info, retry: true)
            }
        case .introspectFailed(let isRedirect, let message, let api):
            return fail(isRedirect ? .browserRequired : .generalError,
                        ErrorInfo(message: message, codes: api?.errorCodes ?? [], uri: api?.errorURI), retry: false)
        default:
            guard let ending = context.ending(event) else { return fail(.generalError, .unexpectedBody, retry: false) }
            return .finish(SignInVerifyCodeResult(ending))
        }
    }
}

/// `SignInPasswordRequiredState.submitPassword`: `/token` grant password (§5.2 E).
struct SignInPasswordSubmitMachine: FlowMachine, Sendable {
    let context: FlowContext
    let token: String
    let password: String
    private var tokenStep: TokenStep

    init(context: FlowContext, token: String, password: String) {
        self.context = context
        self.token = token
        self.password = password
        tokenStep = TokenStep(context: context)
    }

    private func fail(_ type: PasswordRequiredError.ErrorType, _ info: ErrorInfo, retry: Bool)
        -> FlowAction<SignInPasswordRequiredResult>
    {
        let error = PasswordRequiredError(type: type, info, correlationId: context.correlationId)
        let state = retry ? SignInPasswordRequiredState(context: context, continuationToken: token) : nil
        return .finish(.error(error, newState: state))
    }

    mutating func start() -> FlowAction<SignInPasswordRequiredResult> {
        if password.isEmpty { return fail(.invalidPassword, .none, retry: true) }
        return .send(TokenStep.call(
            grantType: WireGrantType.password.rawValue, context: context, continuationToken: token,
            username: context.username, password: password, includeChallengeType: true))
    }

    mutating func receive(_ response: Classified) -> FlowAction<SignInPasswordRequiredResult> {
        let event = tokenStep.receive(response)
        switch event {
        case .send(let call): return .send(call)
        case .tokenFailed(let failure):
            // MSAL quirk: every /token error hands back the same state (converted from SignInStartError:
            // invalidCredentials becomes invalidPassword with the text "Invalid password").
            switch failure.kind {
            case .invalidPassword: return fail(.invalidPassword, ErrorInfo(message: "Invalid password", codes: failure.info.codes, uri: failure.info.uri), retry: true)
            case .redirect: return fail(.browserRequired, failure.info, retry: true)
            default: return fail(.generalError, failure.info, retry: true)
            }
        case .introspectFailed(let isRedirect, let message, let api):
            return fail(isRedirect ? .browserRequired : .generalError,
                        ErrorInfo(message: message, codes: api?.errorCodes ?? [], uri: api?.errorURI), retry: false)
        default:
            guard let ending = context.ending(event) else { return fail(.generalError, .unexpectedBody, retry: false) }
            return .finish(SignInPasswordRequiredResult(ending))
        }
    }
}

/// A result of a sign-in after a previous flow.
protocol SignInAfterPreviousFlowResult: OutcomeConvertible {
    init(_ ending: SignInEnding)
    static func failure(_ type: MSALNativeAuthGenericError.ErrorType, _ info: ErrorInfo, correlationId: UUID) -> Self
}

extension SignInAfterSignUpResult: SignInAfterPreviousFlowResult {
    static func failure(_ type: MSALNativeAuthGenericError.ErrorType, _ info: ErrorInfo, correlationId: UUID) -> Self {
        .error(SignInAfterSignUpError(type: type, info, correlationId: correlationId))
    }
}

extension SignInAfterResetPasswordResult: SignInAfterPreviousFlowResult {
    static func failure(_ type: MSALNativeAuthGenericError.ErrorType, _ info: ErrorInfo, correlationId: UUID) -> Self {
        .error(SignInAfterResetPasswordError(type: type, info, correlationId: correlationId))
    }
}

/// Sign-in after sign-up or after password reset: `/token` grant continuation_token (§5.2 H).
struct SignInAfterPreviousFlowMachine<Result: SignInAfterPreviousFlowResult>: FlowMachine, Sendable {
    let context: FlowContext
    let token: String?
    private var tokenStep: TokenStep

    static var notAvailableText: String {
        "Sign In is not available at this point, please use the standalone sign in methods"
    }

    init(context: FlowContext, token: String?) {
        self.context = context
        self.token = token
        tokenStep = TokenStep(context: context)
    }

    private func fail(_ type: MSALNativeAuthGenericError.ErrorType, _ info: ErrorInfo) -> FlowAction<Result> {
        .finish(Result.failure(type, info, correlationId: context.correlationId))
    }

    mutating func start() -> FlowAction<Result> {
        guard let token else { return fail(.generalError, .message(Self.notAvailableText)) }
        return .send(TokenStep.call(
            grantType: WireGrantType.continuationToken.rawValue, context: context, continuationToken: token,
            username: context.username, includeChallengeType: true))
    }

    mutating func receive(_ response: Classified) -> FlowAction<Result> {
        let event = tokenStep.receive(response)
        switch event {
        case .send(let call): return .send(call)
        case .tokenFailed(let failure):
            return fail(failure.kind == .redirect ? .browserRequired : .generalError, failure.info)
        case .introspectFailed(let isRedirect, let message, let api):
            return fail(isRedirect ? .browserRequired : .generalError,
                        ErrorInfo(message: message, codes: api?.errorCodes ?? [], uri: api?.errorURI))
        case .awaitingMFA:
            // MSAL quirk: MFA after a continuation-token sign-in is reported as a general error even though
            // the introspect succeeded; onSignInAwaitingMFA is never called on these delegates.
            return fail(.generalError, .none)
        default:
            guard let ending = context.ending(event) else { return fail(.generalError, .unexpectedBody) }
            return .finish(Result(ending))
        }
    }
}
