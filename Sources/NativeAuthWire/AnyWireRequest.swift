/// A parsed request of any endpoint, for servers that route by path first and parse second.
public enum AnyWireRequest: Hashable, Sendable {
    /// `/signup/v1.0/start`.
    case signUpStart(SignUpStartRequest)
    /// `/signup/v1.0/challenge`.
    case signUpChallenge(SignUpChallengeRequest)
    /// `/signup/v1.0/continue`.
    case signUpContinue(SignUpContinueRequest)
    /// `/oauth2/v2.0/initiate`.
    case signInInitiate(SignInInitiateRequest)
    /// `/oauth2/v2.0/challenge`.
    case signInChallenge(SignInChallengeRequest)
    /// `/oauth2/v2.0/introspect`.
    case signInIntrospect(SignInIntrospectRequest)
    /// `/oauth2/v2.0/token`.
    case token(TokenRequest)
    /// `/register/v1.0/introspect`.
    case registerIntrospect(RegisterIntrospectRequest)
    /// `/register/v1.0/challenge`.
    case registerChallenge(RegisterChallengeRequest)
    /// `/register/v1.0/continue`.
    case registerContinue(RegisterContinueRequest)
    /// `/resetpassword/v1.0/start`.
    case resetPasswordStart(ResetPasswordStartRequest)
    /// `/resetpassword/v1.0/challenge`.
    case resetPasswordChallenge(ResetPasswordChallengeRequest)
    /// `/resetpassword/v1.0/continue`.
    case resetPasswordContinue(ResetPasswordContinueRequest)
    /// `/resetpassword/v1.0/submit`.
    case resetPasswordSubmit(ResetPasswordSubmitRequest)
    /// `/resetpassword/v1.0/poll_completion`.
    case resetPasswordPollCompletion(ResetPasswordPollCompletionRequest)

    /// Parses `form` as a request to `endpoint`.
    public init(endpoint: NativeAuthEndpoint, form: FormFields) throws(WireRequestError) {
        switch endpoint {
        case .signUpStart: self = .signUpStart(try .init(form: form))
        case .signUpChallenge: self = .signUpChallenge(try .init(form: form))
        case .signUpContinue: self = .signUpContinue(try .init(form: form))
        case .signInInitiate: self = .signInInitiate(try .init(form: form))
        case .signInChallenge: self = .signInChallenge(try .init(form: form))
        case .signInIntrospect: self = .signInIntrospect(try .init(form: form))
        case .token: self = .token(try .init(form: form))
        case .registerIntrospect: self = .registerIntrospect(try .init(form: form))
        case .registerChallenge: self = .registerChallenge(try .init(form: form))
        case .registerContinue: self = .registerContinue(try .init(form: form))
        case .resetPasswordStart: self = .resetPasswordStart(try .init(form: form))
        case .resetPasswordChallenge: self = .resetPasswordChallenge(try .init(form: form))
        case .resetPasswordContinue: self = .resetPasswordContinue(try .init(form: form))
        case .resetPasswordSubmit: self = .resetPasswordSubmit(try .init(form: form))
        case .resetPasswordPollCompletion: self = .resetPasswordPollCompletion(try .init(form: form))
        }
    }

    /// The wrapped request.
    public var request: any WireRequest {
        switch self {
        case .signUpStart(let request): request
        case .signUpChallenge(let request): request
        case .signUpContinue(let request): request
        case .signInInitiate(let request): request
        case .signInChallenge(let request): request
        case .signInIntrospect(let request): request
        case .token(let request): request
        case .registerIntrospect(let request): request
        case .registerChallenge(let request): request
        case .registerContinue(let request): request
        case .resetPasswordStart(let request): request
        case .resetPasswordChallenge(let request): request
        case .resetPasswordContinue(let request): request
        case .resetPasswordSubmit(let request): request
        case .resetPasswordPollCompletion(let request): request
        }
    }

    /// The endpoint of the wrapped request.
    public var endpoint: NativeAuthEndpoint { type(of: request).endpoint }

    /// The form fields of the wrapped request.
    public var form: FormFields { request.form }

    /// The `continuation_token` sent, if any.
    public var continuationToken: String? { form[WireField.continuationToken] }

    /// The `client_id` sent.
    public var clientID: String { form[WireField.clientID] ?? "" }
}
