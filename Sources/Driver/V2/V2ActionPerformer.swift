import Foundation
import NativeAuth

/// Performs ``V2UserAction``s on the engine's V2 async API: the one place that knows which method of
/// which object each V2 action is. It keeps every state object handed over (``V2HeldStates``) and
/// performs each action on the latest one that accepts it, or the one holding the continuation token
/// a recorded request carries. Replay, AuthTapeTesting and the fuzzer's V2 cases drive the engine
/// with it.
public struct V2ActionPerformer: Sendable {
    /// The application under test.
    public let app: MSALNativeAuthPublicClientApplication
    /// What the app holds.
    public private(set) var held: V2HeldStates

    /// A performer on `app`, holding `held` (nothing by default).
    public init(app: MSALNativeAuthPublicClientApplication, held: V2HeldStates = V2HeldStates()) {
        self.app = app
        self.held = held
    }

    /// A performer on the application of `driver`.
    public init(driver: EngineDriver) { self.init(app: driver.app) }

    /// What one action gave.
    public struct Performed: Sendable {
        /// The Outcome the engine reported for the action.
        public var outcome: Outcome
        /// The result itself.
        public var result: MSALNativeAuthV2Result
        /// What the app holds afterwards.
        public var held: V2HeldStates
        /// The state object the action was performed on (nil for flow starts).
        public var used: V2HeldState?
        /// Set when that state object was older than the latest one handed over.
        public var earlierState: EarlierState?
        /// `getAccessToken`: what the call gave (`result` is then the completed sign-in whose account it was
        /// made on, and `outcome` this result's).
        public var accessToken: RetrieveAccessTokenResult?
    }

    /// Why an action could not be performed: no state object handed over accepts it.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// One sentence, naming the action and what the app holds (never a value).
        public var message: String
        public var description: String { message }
    }

    /// Performs `action`: flow starts on the application, the others on the state chosen by
    /// ``V2HeldStates/state(for:holding:)`` with `token` (the continuation token the recorded request
    /// carries, if any). The result's state object, or account, is kept for later actions.
    public mutating func perform(_ action: V2UserAction, token: String? = nil) async throws(Refusal) -> Performed {
        if case .getAccessToken(let forceRefresh) = action {
            guard let account = held.account else {
                throw Refusal(message: "getAccessToken needs a signed-in account, and the engine has none")
            }
            let parameters = MSALNativeAuthGetAccessTokenParameters()
            parameters.forceRefresh = forceRefresh
            let token = await account.getAccessToken(parameters: parameters)
            return Performed(outcome: token.outcome, result: .completed(account), held: held, used: nil, earlierState: nil,
                             accessToken: token)
        }
        var used: V2HeldState?
        var earlier: EarlierState?
        if !action.startsFlow {
            guard let chosen = held.state(for: action, holding: token) else {
                let names = held.handed.map(\.name)
                throw Refusal(
                    message: "\(action.name) needs a state that accepts it, and the engine handed over "
                        + (names.isEmpty ? "none" : names.joined(separator: ", ")))
            }
            used = chosen
            if !held.isLatest(chosen), let latest = held.latest {
                earlier = EarlierState(used: chosen.reference, latest: latest.reference)
            }
        }
        guard let result = await Self.call(action, app: app, state: used?.state) else {
            throw Refusal(message: "\(action.name) cannot be called on \(used?.name ?? "the application")")
        }
        held.keep(result)
        return Performed(outcome: result.outcome, result: result, held: held, used: used, earlierState: earlier)
    }

    /// Whether `state` has the method `action` calls.
    public static func accepts(_ action: V2UserAction, on state: MSALNativeAuthState) -> Bool {
        switch action {
        case .signIn, .signUp, .resetPassword: false
        case .selectAuthMethod: state is MSALNativeAuthAuthMethodSelectionRequiredState
        case .submitCode, .resendCode: state is MSALNativeAuthCodeRequiredState
        case .submitPassword: state is MSALNativeAuthPasswordRequiredState
        case .submitAttributes: state is MSALNativeAuthAttributesRequiredState
        case .submitNewPassword: state is MSALNativeAuthNewPasswordRequiredState
        case .submitChallenge, .resendChallenge: state is MSALNativeAuthMFAVerificationRequiredState
        case .signInAfterFlow: state is MSALNativeAuthSignInAfterFlowState
        case .getAccessToken: false
        }
    }

    /// Calls `action` on `app` (flow starts) or `state` (the others) through the async API; nil when
    /// the action needs a state and `state` has no such method (and for `getAccessToken`, which is made on the
    /// signed-in account: ``perform(_:token:)`` calls it). A selected method is the one among
    /// the state's offered methods with the action's id, else one made from the id (the server then
    /// judges it).
    public static func call(_ action: V2UserAction, app: MSALNativeAuthPublicClientApplication, state: MSALNativeAuthState?)
        async -> MSALNativeAuthV2Result?
    {
        switch action {
        case .signIn(let username, let password, let scopes, let claims):
            let parameters = MSALNativeAuthSignInParametersV2(username: username)
            parameters.password = password
            parameters.scopes = scopes.isEmpty ? nil : scopes
            if let claims {
                guard let request = try? MSALClaimsRequest(jsonString: claims) else { return nil }
                parameters.claimsRequest = request
            }
            return await app.signInV2(parameters: parameters)
        case .signUp(let username, let password, let attributes, let scopes):
            let parameters = MSALNativeAuthSignUpParametersV2(username: username)
            parameters.password = password
            parameters.attributes = attributes.isEmpty ? nil : attributes
            parameters.scopes = scopes.isEmpty ? nil : scopes
            return await app.signUpV2(parameters: parameters)
        case .resetPassword(let username, let scopes):
            let parameters = MSALNativeAuthResetPasswordParametersV2(username: username)
            parameters.scopes = scopes.isEmpty ? nil : scopes
            return await app.resetPasswordV2(parameters: parameters)
        case .selectAuthMethod(let methodId):
            guard let state = state as? MSALNativeAuthAuthMethodSelectionRequiredState else { return nil }
            let method = state.authMethods.first { $0.id == methodId }
                ?? MSALAuthMethod(
                    id: methodId, challengeType: "", channelTargetType: MSALNativeAuthChannelType(value: ""), loginHint: nil)
            return await state.selectAuthMethod(method)
        case .submitCode(let code):
            return await (state as? MSALNativeAuthCodeRequiredState)?.submitCode(code: code)
        case .resendCode:
            return await (state as? MSALNativeAuthCodeRequiredState)?.resendCode()
        case .submitPassword(let password):
            return await (state as? MSALNativeAuthPasswordRequiredState)?.submitPassword(password: password)
        case .submitAttributes(let attributes):
            return await (state as? MSALNativeAuthAttributesRequiredState)?.submitAttributes(attributes: attributes)
        case .submitNewPassword(let password):
            return await (state as? MSALNativeAuthNewPasswordRequiredState)?.submitNewPassword(password: password)
        case .submitChallenge(let challenge):
            return await (state as? MSALNativeAuthMFAVerificationRequiredState)?.submitChallenge(challenge: challenge)
        case .resendChallenge:
            return await (state as? MSALNativeAuthMFAVerificationRequiredState)?.resendChallenge()
        case .signInAfterFlow(let scopes):
            return await (state as? MSALNativeAuthSignInAfterFlowState)?.signIn(scopes: scopes.isEmpty ? nil : scopes)
        case .getAccessToken:
            return nil
        }
    }
}
