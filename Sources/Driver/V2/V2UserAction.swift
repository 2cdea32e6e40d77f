/// One user action of a V2 journey (spec native-auth-v2 §3.1): what an app calls on the engine's V2
/// API, with the values it passes. Requests the SDK sends by itself (the O3 introspect after the start,
/// the challenge of a single method, the resume and code exchange after `continue`, polls) are not
/// actions. Replay infers these from captures; the fuzzer builds them; ``V2ActionPerformer`` performs them.
public enum V2UserAction: Sendable, Hashable, Codable {
    /// `signInV2(parameters:)`. `claims` is the claims request's JSON text.
    case signIn(username: String, password: String? = nil, scopes: [String] = [], claims: String? = nil)
    /// `signUpV2(parameters:)` with the attributes of the first `collectAttributes` answer.
    case signUp(username: String, password: String? = nil, attributes: [String: String] = [:], scopes: [String] = [])
    /// `resetPasswordV2(parameters:)`.
    case resetPassword(username: String, scopes: [String] = [])
    /// `selectAuthMethod(_:)` of the method with this id (first factor or MFA).
    case selectAuthMethod(methodId: String)
    /// `submitCode(code:)` on a code-required state.
    case submitCode(code: String)
    /// `resendCode()` on a code-required state.
    case resendCode
    /// `submitPassword(password:)` on a password-required state.
    case submitPassword(password: String)
    /// `submitAttributes(attributes:)` on an attributes-required state (sign-up).
    case submitAttributes(attributes: [String: String])
    /// `submitNewPassword(password:)` on a new-password-required state (password reset).
    case submitNewPassword(password: String)
    /// `submitChallenge(challenge:)` on an MFA verification state.
    case submitChallenge(challenge: String)
    /// `resendChallenge()` on an MFA verification state.
    case resendChallenge
    /// `signIn(scopes:)` on the state a finished sign-up or password reset hands over.
    case signInAfterFlow(scopes: [String] = [])
    /// `getAccessToken(parameters:)` on the account a completed sign-in handed over (V1's account result,
    /// client-behaviour §5.9): the cached access token while it is valid, else the refresh-token grant.
    case getAccessToken(forceRefresh: Bool = false)

    /// The action's name as reports show it (`signInV2`, `submitCode`, `signInAfterFlow`, …).
    public var name: String {
        switch self {
        case .signIn: "signInV2"
        case .signUp: "signUpV2"
        case .resetPassword: "resetPasswordV2"
        case .selectAuthMethod: "selectAuthMethod"
        case .submitCode: "submitCode"
        case .resendCode: "resendCode"
        case .submitPassword: "submitPassword"
        case .submitAttributes: "submitAttributes"
        case .submitNewPassword: "submitNewPassword"
        case .submitChallenge: "submitChallenge"
        case .resendChallenge: "resendChallenge"
        case .signInAfterFlow: "signInAfterFlow"
        case .getAccessToken: "getAccessToken"
        }
    }

    /// Whether the action starts a journey on the application (no state object is needed).
    public var startsFlow: Bool {
        switch self {
        case .signIn, .signUp, .resetPassword: true
        default: false
        }
    }
}
