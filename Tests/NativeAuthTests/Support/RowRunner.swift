import Foundation
import Testing
@testable import NativeAuth

/// A user action, started from a state holding the token `ct-old` where the action needs one.
enum Op: Sendable {
    case signUp(password: String? = "Passw0rd!", attributes: [String: String]? = nil, username: String = "user@contoso.com")
    case signUpUnserialisableAttributes
    case signUpSubmitCode(String = "12345678")
    case signUpResend
    case signUpSubmitPassword(String = "N3w-Passw0rd!")
    case signUpSubmitAttributes
    case signIn(password: String? = nil, username: String = "user@contoso.com")
    case signInSubmitPassword(String = "Passw0rd!")
    case signInSubmitCode(String = "12345678")
    case signInResend
    case signInAfterSignUp(token: String? = "ct-old")
    case signInAfterResetPassword(token: String? = "ct-old")
    case mfaRequestChallenge(fromAwaiting: Bool = true)
    case mfaSubmitChallenge(String = "123456")
    case registerChallenge(contact: String = "new@contoso.com", fromVerification: Bool = false)
    case registerSubmitChallenge(String = "123456")
    case resetPassword(username: String = "user@contoso.com")
    case resetPasswordResend
    case resetPasswordSubmitCode(String = "12345678")
    case resetPasswordSubmitPassword(String = "N3w-Passw0rd!")
    case getAccessToken(forceRefresh: Bool = false, cacheExpired: Bool = false)
}

/// One row of client-behaviour.md §5: an action, the server's answers, and the outcome MSAL produces.
struct Row: Sendable, CustomTestStringConvertible {
    let id: String
    let what: String
    let op: Op
    let replies: [Reply]
    let expected: Outcome
    /// Expected number of HTTP requests (retries included).
    let requests: Int

    init(_ id: String, _ what: String, _ op: Op, _ replies: [Reply], _ expected: Outcome, requests: Int? = nil) {
        self.id = id
        self.what = what
        self.op = op
        self.replies = replies
        self.expected = expected
        self.requests = requests ?? replies.count
    }

    var testDescription: String { "\(id): \(what)" }
}

/// Runs `op` against canned replies and returns the outcome with the harness for further checks.
func perform(_ op: Op, _ replies: [Reply], capabilities: MSALNativeAuthCapabilities = [.mfaRequired, .registrationRequired])
    async -> (Outcome, Harness)
{
    let h = Harness(replies, capabilities: capabilities)
    let context = h.context()
    let outcome: Outcome
    switch op {
    case .signUp(let password, let attributes, let username):
        outcome = await h.app.signUp(username: username, password: password, attributes: attributes).outcome
    case .signUpUnserialisableAttributes:
        let parameters = MSALNativeAuthSignUpParameters(username: "user@contoso.com")
        parameters.attributes = ["when": Date()]
        outcome = await h.app.signUp(parameters: parameters).outcome
    case .signUpSubmitCode(let code):
        outcome = await SignUpCodeRequiredState(context: context, continuationToken: "ct-old").submitCode(code: code).outcome
    case .signUpResend:
        outcome = await SignUpCodeRequiredState(context: context, continuationToken: "ct-old").resendCode().outcome
    case .signUpSubmitPassword(let password):
        outcome = await SignUpPasswordRequiredState(context: context, continuationToken: "ct-old")
            .submitPassword(password: password).outcome
    case .signUpSubmitAttributes:
        outcome = await SignUpAttributesRequiredState(context: context, continuationToken: "ct-old")
            .submitAttributes(attributes: ["city": "Redmond"]).outcome
    case .signIn(let password, let username):
        outcome = await h.app.signIn(username: username, password: password).outcome
    case .signInSubmitPassword(let password):
        outcome = await SignInPasswordRequiredState(context: context, continuationToken: "ct-old")
            .submitPassword(password: password).outcome
    case .signInSubmitCode(let code):
        outcome = await SignInCodeRequiredState(context: context, continuationToken: "ct-old").submitCode(code: code).outcome
    case .signInResend:
        outcome = await SignInCodeRequiredState(context: context, continuationToken: "ct-old").resendCode().outcome
    case .signInAfterSignUp(let token):
        outcome = await SignInAfterSignUpState(context: context, continuationToken: token).signIn().outcome
    case .signInAfterResetPassword(let token):
        outcome = await SignInAfterResetPasswordState(context: context, continuationToken: token).signIn().outcome
    case .mfaRequestChallenge(let fromAwaiting):
        let method = MSALAuthMethod(id: "m1", challengeType: "oob",
                                    channelTargetType: MSALNativeAuthChannelType(value: "email"), loginHint: nil)
        let state: MFABaseState = fromAwaiting
            ? AwaitingMFAState(context: context, continuationToken: "ct-old")
            : MFARequiredState(context: context, continuationToken: "ct-old")
        outcome = await state.requestChallenge(authMethod: method).outcome
    case .mfaSubmitChallenge(let challenge):
        outcome = await MFARequiredState(context: context, continuationToken: "ct-old").submitChallenge(challenge: challenge)
            .outcome
    case .registerChallenge(let contact, let fromVerification):
        let method = MSALAuthMethod(id: "email", challengeType: "oob",
                                    channelTargetType: MSALNativeAuthChannelType(value: "email"), loginHint: nil)
        let state: RegisterStrongAuthBaseState = fromVerification
            ? RegisterStrongAuthVerificationRequiredState(context: context, continuationToken: "ct-old")
            : RegisterStrongAuthState(context: context, continuationToken: "ct-old")
        outcome = await state.challengeAuthMethod(authMethod: method, verificationContact: contact).outcome
    case .registerSubmitChallenge(let challenge):
        outcome = await RegisterStrongAuthVerificationRequiredState(context: context, continuationToken: "ct-old")
            .submitChallenge(challenge: challenge).outcome
    case .resetPassword(let username):
        outcome = await h.app.resetPassword(username: username).outcome
    case .resetPasswordResend:
        outcome = await ResetPasswordCodeRequiredState(context: context, continuationToken: "ct-old").resendCode().outcome
    case .resetPasswordSubmitCode(let code):
        outcome = await ResetPasswordCodeRequiredState(context: context, continuationToken: "ct-old").submitCode(code: code)
            .outcome
    case .resetPasswordSubmitPassword(let password):
        outcome = await ResetPasswordRequiredState(context: context, continuationToken: "ct-old")
            .submitPassword(password: password).outcome
    case .getAccessToken(let forceRefresh, let cacheExpired):
        let account = seedAccount(h, expired: cacheExpired)
        let parameters = MSALNativeAuthGetAccessTokenParameters()
        parameters.forceRefresh = forceRefresh
        outcome = await account.getAccessToken(parameters: parameters).outcome
    }
    return (outcome, h)
}

/// Puts a signed-in account in the harness's cache.
@discardableResult
func seedAccount(_ h: Harness, expired: Bool = false) -> MSALNativeAuthUserAccountResult {
    guard case .response(let response) = R.tokens(access: "at-cached", refresh: "rt-cached"),
        case .tokenSuccess(let body) = ResponseClassifier.classify(response, endpoint: .token),
        case .success(let set) = TokenSet.parse(body, fallbackUsername: "user@contoso.com", environment: "contoso",
                                                now: h.clock.now().addingTimeInterval(expired ? -7200 : 0))
    else { fatalError("the canned token response no longer parses") }
    return h.engine.storeSignIn(set)
}

/// Runs a row and checks the outcome, what the observer saw, the number of requests and that every canned
/// reply was used.
func check(_ row: Row) async {
    let (outcome, h) = await perform(row.op, row.replies)
    #expect(outcome == row.expected, "\(row.id) \(row.what)")
    #expect(h.outcomes.all == [row.expected], "the observer sees exactly the row's outcome")
    #expect(h.transport.requests.count == row.requests, "requests sent for \(row.id)")
    #expect(h.transport.remaining == 0, "every canned reply is consumed")
}
