import Foundation
import HAR
import NativeAuth
import NativeAuthWire

/// Calls one user action on the engine's async public API: the one place that knows which
/// method of which object each V1 action is. Replay (which chooses the state object by class and
/// token) and every driver of the fuzzer (cases, explored walks, the transport phase) call the
/// engine through it.
public enum EngineCall {
    /// Calls `action`: flow starts on `app`, `getAccessToken` on `account`, the others on
    /// `state`. A challenge method is the one ``method(_:among:)`` picks from `methods` (what the
    /// engine offered). Nil when the object the action needs, or the method, is missing, or the
    /// object is of a class that has no such method.
    public static func perform(
        _ action: UserAction, app: MSALNativeAuthPublicClientApplication, state: AnyObject?,
        methods: [MSALAuthMethod] = [], account: MSALNativeAuthUserAccountResult? = nil
    ) async -> (any OutcomeConvertible)? {
        switch action {
        case .signUp(let username, let password, let attributes):
            let parameters = MSALNativeAuthSignUpParameters(username: username)
            parameters.password = password
            parameters.attributes = attributes.map(foundationObject)
            return await app.signUp(parameters: parameters)
        case .signIn(let username, let password, let scopes):
            return await app.signIn(username: username, password: password, scopes: scopes.isEmpty ? nil : scopes)
        case .resetPassword(let username):
            return await app.resetPassword(username: username)
        case .submitCode(let code):
            if let state = state as? SignUpCodeRequiredState { return await state.submitCode(code: code) }
            if let state = state as? SignInCodeRequiredState { return await state.submitCode(code: code) }
            if let state = state as? ResetPasswordCodeRequiredState { return await state.submitCode(code: code) }
        case .resendCode:
            if let state = state as? SignUpCodeRequiredState { return await state.resendCode() }
            if let state = state as? SignInCodeRequiredState { return await state.resendCode() }
            if let state = state as? ResetPasswordCodeRequiredState { return await state.resendCode() }
        case .submitPassword(let password):
            if let state = state as? SignUpPasswordRequiredState { return await state.submitPassword(password: password) }
            if let state = state as? SignInPasswordRequiredState { return await state.submitPassword(password: password) }
            if let state = state as? ResetPasswordRequiredState { return await state.submitPassword(password: password) }
        case .submitAttributes(let attributes):
            if let state = state as? SignUpAttributesRequiredState {
                return await state.submitAttributes(attributes: foundationObject(attributes))
            }
        case .signInAfterSignUp(let scopes), .signInAfterResetPassword(let scopes):
            let scopes = scopes.isEmpty ? nil : scopes
            if let state = state as? SignInAfterSignUpState { return await state.signIn(scopes: scopes) }
            if let state = state as? SignInAfterResetPasswordState { return await state.signIn(scopes: scopes) }
        case .requestChallenge(let choice):
            if let state = state as? MFABaseState, let method = method(choice, among: methods) {
                return await state.requestChallenge(authMethod: method)
            }
        case .submitChallenge(let challenge):
            if let state = state as? MFARequiredState { return await state.submitChallenge(challenge: challenge) }
            if let state = state as? RegisterStrongAuthVerificationRequiredState {
                return await state.submitChallenge(challenge: challenge)
            }
        case .challengeAuthMethod(let choice, let contact):
            if let state = state as? RegisterStrongAuthBaseState, let method = method(choice, among: methods) {
                return await state.challengeAuthMethod(authMethod: method, verificationContact: contact)
            }
        case .getAccessToken(let scopes, let forceRefresh):
            if let account {
                let parameters = MSALNativeAuthGetAccessTokenParameters()
                parameters.forceRefresh = forceRefresh
                parameters.scopes = scopes.isEmpty ? nil : scopes
                return await account.getAccessToken(parameters: parameters)
            }
        }
        return nil
    }

    /// The auth method `choice` names among `methods` (what the engine offered): the first offered one,
    /// or the offered one with the id, or challenge type and channel, else one made from them; nil
    /// for the first offered one when none was offered.
    public static func method(_ choice: AuthMethodChoice, among methods: [MSALAuthMethod]) -> MSALAuthMethod? {
        switch choice {
        case .firstOffered:
            return methods.first
        case .id(let id):
            return methods.first { $0.id == id }
                ?? MSALAuthMethod(
                    id: id, challengeType: WireChallengeType.oob.rawValue,
                    channelTargetType: MSALNativeAuthChannelType(value: WireChallengeChannel.email.rawValue), loginHint: nil)
        case .channel(let challengeType, let channel):
            return methods.first { $0.challengeType == challengeType && $0.channelTargetType.value == channel }
                ?? MSALAuthMethod(
                    id: "replay", challengeType: challengeType, channelTargetType: MSALNativeAuthChannelType(value: channel),
                    loginHint: nil)
        }
    }

    /// A JSON object as an app passes attributes: `[String: Any]`.
    public static func foundationObject(_ object: JSONObject) -> [String: Any] {
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
