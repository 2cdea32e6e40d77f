import Foundation
import HAR
import NativeAuth

/// Performs script actions on the engine's async API and keeps the states the engine handed back, so
/// the next action can be called on them (MSAL states are never invalidated).
struct ActionPerformer {
    let app: MSALNativeAuthPublicClientApplication
    /// The latest state object of each class the engine handed out, and the signed-in account.
    private var states: [String: AnyObject] = [:]
    /// States handed out as an outcome's `newState`, by class name and the token they hold.
    private var statesByToken: [String: AnyObject] = [:]

    init(app: MSALNativeAuthPublicClientApplication) { self.app = app }

    /// Why an action could not be performed.
    struct Refusal: Error { var message: String }

    /// Runs `action` (on `stateName` when it continues a flow) and returns the engine's outcome. When the
    /// recorded request sent `token`, the state that holds that token is used (an app may go back to an
    /// older state object), else the latest state of the class.
    mutating func perform(_ action: ReplayAction, on stateName: String?, token: String?) async throws(Refusal)
        -> Outcome
    {
        preferredToken = token
        let result: any OutcomeConvertible
        switch action {
        case .signUp(let username, let password, let attributes):
            let parameters = MSALNativeAuthSignUpParameters(username: username)
            parameters.password = password
            parameters.attributes = attributes.map(Self.foundationObject)
            result = await app.signUp(parameters: parameters)
        case .signIn(let username, let password, let scopes):
            result = await app.signIn(username: username, password: password, scopes: scopes.isEmpty ? nil : scopes)
        case .resetPassword(let username):
            result = await app.resetPassword(username: username)
        case .submitCode(let code):
            switch try state(stateName, for: action) {
            case let state as SignUpCodeRequiredState: result = await state.submitCode(code: code)
            case let state as SignInCodeRequiredState: result = await state.submitCode(code: code)
            case let state as ResetPasswordCodeRequiredState: result = await state.submitCode(code: code)
            case let other: throw wrongState(other, action)
            }
        case .resendCode:
            switch try state(stateName, for: action) {
            case let state as SignUpCodeRequiredState: result = await state.resendCode()
            case let state as SignInCodeRequiredState: result = await state.resendCode()
            case let state as ResetPasswordCodeRequiredState: result = await state.resendCode()
            case let other: throw wrongState(other, action)
            }
        case .submitPassword(let password):
            switch try state(stateName, for: action) {
            case let state as SignUpPasswordRequiredState: result = await state.submitPassword(password: password)
            case let state as SignInPasswordRequiredState: result = await state.submitPassword(password: password)
            case let state as ResetPasswordRequiredState: result = await state.submitPassword(password: password)
            case let other: throw wrongState(other, action)
            }
        case .submitAttributes(let attributes):
            guard let state = try state(stateName, for: action) as? SignUpAttributesRequiredState else {
                throw wrongState(states[stateName ?? ""], action)
            }
            result = await state.submitAttributes(attributes: Self.foundationObject(attributes))
        case .signInAfterSignUp(let scopes), .signInAfterResetPassword(let scopes):
            switch try state(stateName, for: action) {
            case let state as SignInAfterSignUpState: result = await state.signIn(scopes: scopes.isEmpty ? nil : scopes)
            case let state as SignInAfterResetPasswordState:
                result = await state.signIn(scopes: scopes.isEmpty ? nil : scopes)
            case let other: throw wrongState(other, action)
            }
        case .requestChallenge(let methodId):
            guard let state = try state(stateName, for: action) as? MFABaseState else {
                throw wrongState(states[stateName ?? ""], action)
            }
            let method = MSALAuthMethod(
                id: methodId, challengeType: "oob", channelTargetType: MSALNativeAuthChannelType(value: "email"),
                loginHint: nil)
            result = await state.requestChallenge(authMethod: method)
        case .submitChallenge(let challenge):
            switch try state(stateName, for: action) {
            case let state as MFARequiredState: result = await state.submitChallenge(challenge: challenge)
            case let state as RegisterStrongAuthVerificationRequiredState:
                result = await state.submitChallenge(challenge: challenge)
            case let other: throw wrongState(other, action)
            }
        case .challengeAuthMethod(let challengeType, let channel, let contact):
            guard let state = try state(stateName, for: action) as? RegisterStrongAuthBaseState else {
                throw wrongState(states[stateName ?? ""], action)
            }
            let method = MSALAuthMethod(
                id: "replay", challengeType: challengeType, channelTargetType: MSALNativeAuthChannelType(value: channel),
                loginHint: nil)
            result = await state.challengeAuthMethod(authMethod: method, verificationContact: contact)
        case .getAccessToken(let scopes):
            guard let account = states[ScriptInference.accountState] as? MSALNativeAuthUserAccountResult else {
                throw Refusal(message: "getAccessToken needs a signed-in account, and the engine has none")
            }
            let parameters = MSALNativeAuthGetAccessTokenParameters()
            parameters.forceRefresh = true
            parameters.scopes = scopes.isEmpty ? nil : scopes
            result = await account.getAccessToken(parameters: parameters)
        }
        let outcome = result.outcome
        // Only results that hand over a state or an account need to be searched.
        if outcome.newState != nil || outcome.callback == "onSignInCompleted" { keepStates(of: result) }
        if let name = outcome.newState, let token = outcome.newStateToken, let state = states[name] {
            statesByToken[name + " " + token] = state
        }
        return outcome
    }

    private var preferredToken: String?

    private func state(_ name: String?, for action: ReplayAction) throws(Refusal) -> AnyObject {
        if let name, let preferredToken, let state = statesByToken[name + " " + preferredToken] { return state }
        guard let name, let state = states[name] else {
            throw Refusal(message: "\(action.name) is called on \(name ?? "a state"), and the engine handed out none")
        }
        return state
    }

    private func wrongState(_ state: AnyObject?, _ action: ReplayAction) -> Refusal {
        Refusal(message: "\(action.name) cannot be called on \(state.map { String(describing: type(of: $0)) } ?? "nothing")")
    }

    /// Remembers the state object (and account) a result hands over, by class name.
    private mutating func keepStates(of result: any OutcomeConvertible) {
        let handed = result.handedOver
        if let account = handed.account { states[ScriptInference.accountState] = account }
        if let state = handed.state { states[String(describing: type(of: state))] = state }
    }

    /// JSON object → `[String: Any]` as an app would pass attributes.
    static func foundationObject(_ object: JSONObject) -> [String: Any] {
        var result: [String: Any] = [:]
        for (key, value) in object { result[key] = foundationValue(value) }
        return result
    }

    private static func foundationValue(_ value: JSONValue) -> Any {
        if let text = value.stringValue { return text }
        if let flag = value.boolValue { return flag }
        if let number = value.intValue { return number }
        if let number = value.doubleValue { return number }
        if let list = value.arrayValue { return list.map(foundationValue) }
        if let object = value.objectValue { return foundationObject(object) }
        return NSNull()
    }
}
