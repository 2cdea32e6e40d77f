import Driver
import HAR

extension ScriptInference {
    /// The user action whose first request is `flow[index]`, with the state classes it can be called on
    /// (most likely first); nil for requests that only ever follow another (introspect, poll, …).
    static func action(at index: Int, in flow: [RecordedExchange], continuity: [Continuity]) -> (UserAction, [String?])? {
        let exchange = flow[index]
        let grant = exchange.grantType
        switch exchange.endpoint {
        case .signUpStart:
            let attributes = exchange.field("attributes").flatMap(jsonObject)
            return (.signUp(username: exchange.field("username") ?? "", password: exchange.field("password"),
                            attributes: attributes), [nil])
        case .signUpChallenge:
            return (.resendCode, ["SignUpCodeRequiredState"])
        case .signUpContinue:
            switch grant {
            case "oob": return (.submitCode(code: exchange.field("oob") ?? ""), ["SignUpCodeRequiredState"])
            case "password":
                return (.submitPassword(password: exchange.field("password") ?? ""), ["SignUpPasswordRequiredState"])
            case "attributes":
                let attributes = exchange.field("attributes").flatMap(jsonObject) ?? JSONObject()
                return (.submitAttributes(attributes: attributes), ["SignUpAttributesRequiredState"])
            default: return nil
            }
        case .signInInitiate:
            let (password, scopes) = signInDetails(from: index, in: flow, continuity: continuity)
            return (.signIn(username: exchange.field("username") ?? "", password: password, scopes: scopes), [nil])
        case .signInChallenge:
            if let id = exchange.field("id") {
                return (.requestChallenge(method: .id(id)), ["MFARequiredState", "AwaitingMFAState"])
            }
            return (.resendCode, ["SignInCodeRequiredState"])
        case .token:
            return tokenAction(exchange)
        case .registerChallenge:
            return (.challengeAuthMethod(
                method: .channel(
                    challengeType: exchange.field("challenge_type") ?? "oob", channel: exchange.field("challenge_channel") ?? "email"),
                contact: exchange.field("challenge_target") ?? ""),
                ["RegisterStrongAuthState", "RegisterStrongAuthVerificationRequiredState"])
        case .registerContinue where grant == "oob":
            return (.submitChallenge(challenge: exchange.field("oob") ?? ""), ["RegisterStrongAuthVerificationRequiredState"])
        case .resetPasswordStart:
            return (.resetPassword(username: exchange.field("username") ?? ""), [nil])
        case .resetPasswordChallenge:
            return (.resendCode, ["ResetPasswordCodeRequiredState"])
        case .resetPasswordContinue:
            return (.submitCode(code: exchange.field("oob") ?? ""), ["ResetPasswordCodeRequiredState"])
        case .resetPasswordSubmit:
            return (.submitPassword(password: exchange.field("new_password") ?? ""), ["ResetPasswordRequiredState"])
        case .signInIntrospect, .registerIntrospect, .registerContinue, .resetPasswordPollCompletion:
            return nil
        }
    }

    private static func tokenAction(_ exchange: RecordedExchange) -> (UserAction, [String?])? {
        let scopes = scopeList(exchange.field("scope"))
        switch exchange.grantType {
        case "oob": return (.submitCode(code: exchange.field("oob") ?? ""), ["SignInCodeRequiredState"])
        case "password":
            return (.submitPassword(password: exchange.field("password") ?? ""), ["SignInPasswordRequiredState"])
        case "continuation_token":
            // Which previous flow handed the token decides the state; the caller picks the current one.
            return (.signInAfterSignUp(scopes: scopes), ["SignInAfterSignUpState", "SignInAfterResetPasswordState"])
        case "mfa_oob": return (.submitChallenge(challenge: exchange.field("oob") ?? ""), ["MFARequiredState"])
        case "refresh_token": return (.getAccessToken(scopes: scopes), [accountState])
        default: return nil
        }
    }

    /// For a sign-in starting at `index`: the password, when the SDK sent it, and the scopes of the
    /// flow's first token call. The SDK sends the password given to `signIn` in the token call right
    /// after a password challenge; the password goes up front unless the capture shows the user typed
    /// it: that call began a user action (a pause longer than the gap, or an annotated outcome after
    /// the challenge), or a later password call that is not a resend (only a password-required state
    /// allows another try).
    static func signInDetails(from index: Int, in flow: [RecordedExchange], continuity: [Continuity])
        -> (String?, [String])
    {
        var scopes: [String]?
        var passwordCalls: [Int] = []
        var position = index + 1
        while position < flow.count, !FlowGrouper.startEndpoints.contains(flow[position].endpoint)
            || continuity[position] == .resend
        {
            let exchange = flow[position]
            if exchange.endpoint == .token, exchange.grantType != "refresh_token" {
                if scopes == nil { scopes = scopeList(exchange.field("scope")) }
                if exchange.grantType == "password", continuity[position] != .resend { passwordCalls.append(position) }
            }
            position += 1
        }
        guard passwordCalls.count == 1, let call = passwordCalls.first, call >= index + 2,
            !continuity[call].beginsUserAction
        else { return (nil, scopes ?? []) }
        let challenge = flow[call - 1]
        guard challenge.endpoint == .signInChallenge, challenge.field("id") == nil,
            challenge.responseStrings["challenge_type"] == "password",
            flow[(index + 1)..<(call - 1)].allSatisfy({ $0.endpoint == .signInChallenge || $0.endpoint == .signInInitiate })
        else { return (nil, scopes ?? []) }
        return (flow[call].field("password"), scopes ?? [])
    }

    static func scopeList(_ value: String?) -> [String] {
        guard let value else { return [] }
        return words(value).filter { !defaultScopes.contains($0) }
    }

    static func jsonObject(_ text: String) -> JSONObject? {
        (try? JSONParser.parse(text))?.objectValue
    }
}
