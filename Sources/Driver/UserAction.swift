import HAR

/// One user action on the engine's V1 public API, with the values the app passes: what replay
/// infers from a capture, what the fuzzer's flows (built-in, explored or from captures) perform,
/// and what ``EngineCall`` calls. Scopes and attributes are kept as the app passed them (attributes
/// as JSON, so numbers and Booleans stay what they are). ``V2UserAction`` is the V2 sibling.
public enum UserAction: Sendable, Hashable {
    /// `signUp(parameters:)`; `attributes` as the app passes them (nil: none).
    case signUp(username: String, password: String?, attributes: JSONObject?)
    /// `signIn(username:password:scopes:)`; empty `scopes`: MSAL's defaults only.
    case signIn(username: String, password: String?, scopes: [String] = [])
    case resetPassword(username: String)
    case submitCode(code: String)
    case resendCode
    case submitPassword(password: String)
    case submitAttributes(attributes: JSONObject)
    /// `signIn(scopes:)` on `SignInAfterSignUpState`.
    case signInAfterSignUp(scopes: [String] = [])
    /// `signIn(scopes:)` on `SignInAfterResetPasswordState`.
    case signInAfterResetPassword(scopes: [String] = [])
    /// `requestChallenge(authMethod:)` on an MFA state with the method `method` chooses.
    case requestChallenge(method: AuthMethodChoice = .firstOffered)
    case submitChallenge(challenge: String)
    /// `challengeAuthMethod(authMethod:verificationContact:)` on a registration state.
    case challengeAuthMethod(method: AuthMethodChoice = .firstOffered, contact: String)
    /// `getAccessToken(parameters:)` on the signed-in account (a recorded getAccessToken is a request,
    /// so replay forces the refresh: the refresh-token grant).
    case getAccessToken(scopes: [String] = [], forceRefresh: Bool = true)

    /// The action's name as reports show it (`signUp`, `submitCode`, `signInAfterSignUp`, …).
    public var name: String {
        switch self {
        case .signUp: "signUp"
        case .signIn: "signIn"
        case .resetPassword: "resetPassword"
        case .submitCode: "submitCode"
        case .resendCode: "resendCode"
        case .submitPassword: "submitPassword"
        case .submitAttributes: "submitAttributes"
        case .signInAfterSignUp: "signInAfterSignUp"
        case .signInAfterResetPassword: "signInAfterResetPassword"
        case .requestChallenge: "requestChallenge"
        case .submitChallenge: "submitChallenge"
        case .challengeAuthMethod: "challengeAuthMethod"
        case .getAccessToken: "getAccessToken"
        }
    }

    /// The public method MSAL apps call (`signIn` for both sign-in-after flows), as the oracle's
    /// `Step.first(of:on:)` names it.
    public var methodName: String {
        switch self {
        case .signInAfterSignUp, .signInAfterResetPassword: "signIn"
        default: name
        }
    }

    /// Values the user typed that must never reappear in an error message.
    public var secrets: [String] {
        switch self {
        case .signUp(_, let password, _), .signIn(_, let password, _): password.map { [$0] } ?? []
        case .submitCode(let code), .submitPassword(let code), .submitChallenge(let code): [code]
        default: []
        }
    }
}

/// Which auth method a challenge action passes.
public enum AuthMethodChoice: Sendable, Hashable {
    /// The first method the engine offered the app (the action cannot be called when it offered none).
    case firstOffered
    /// The offered method with this id, else one made from the id (the server then judges it).
    case id(String)
    /// The offered method of this challenge type and channel, else one made from them.
    case channel(challengeType: String, channel: String)
}
