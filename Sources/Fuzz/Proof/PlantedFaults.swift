import NativeAuthWire
import Oracle

/// The deliberate engine faults of the proof: each is a bug an SDK author could write, expressed as
/// the change it makes to what the real engine does (``PlantedFault``). Most of them change nothing
/// on the unmutated flows, so only the fuzzer's mutated (or explored) answers expose them; the kept
/// old tokens of a success show on the unmutated flows too.
public enum PlantedFaults {
    /// Every planted fault, by area.
    public static let all: [PlantedFault] = signUp + signIn + mfa + registration + reset + tokens

    static let password = ["password_too_weak", "password_too_short", "password_too_long", "password_recently_used",
                           "password_banned", "password_is_invalid"]

    static let signUp: [PlantedFault] = [
        PlantedFault("signUp.startPasswordSuberrorAsGeneral", "sign-up", "wrong error type for a suberror") { _, o in
            o.swapError("SignUpStartError.invalidPassword", "SignUpStartError.generalError")
        },
        PlantedFault("signUp.codePasswordSuberrorNotInvalidCode", "sign-up", "wrong error type for a suberror") { scene, o in
            // MSAL reports a password suberror at submitCode as invalidCode with a retry state.
            guard scene.step == .signUpSubmitCode, let sub = scene.last.suberror, password.contains(sub),
                  o.error == "VerifyCodeError.invalidCode" else { return }
            o.become("onSignUpVerifyCodeError", error: "VerifyCodeError.generalError")
        },
        PlantedFault("signUp.invalidCodeStateDropped", "sign-up", "newState dropped") { scene, o in
            guard scene.step == .signUpSubmitCode, o.error == "VerifyCodeError.invalidCode", scene.served.count > 0 else { return }
            o.dropState()
        },
        PlantedFault("signUp.continueRedirectHonoured", "sign-up", "redirect honoured where MSAL ignores it") { scene, o in
            guard o.callback == "onSignUpCompleted", scene.last.status == 200, scene.last.challengeType == "redirect" else { return }
            switch scene.step {
            case .signUpSubmitPassword: o.become("onSignUpPasswordRequiredError", error: "PasswordRequiredError.browserRequired")
            case .signUpSubmitAttributes: o.become("onSignUpAttributesRequiredError", error: "AttributesRequiredError.browserRequired")
            default: o.become("onSignUpVerifyCodeError", error: "VerifyCodeError.browserRequired")
            }
        },
        PlantedFault("signUp.startMissingTokenTolerated", "sign-up", "missing field tolerated") { scene, o in
            guard scene.step == .signUpStart, o.error == "SignUpStartError.generalError", scene.served.count == 1,
                  scene.last.status == 200, scene.last.json?.members != nil, !scene.last.has("continuation_token"),
                  scene.last.challengeType == nil else { return }
            o.become("onSignUpCodeRequired", state: "SignUpCodeRequiredState", token: nil)
        },
        PlantedFault("signUp.codeLengthMissingTolerated", "sign-up", "missing field tolerated") { scene, o in
            guard scene.step == .signUpStart, o.error == "SignUpStartError.generalError", scene.last.status == 200,
                  scene.last.challengeType == "oob", !scene.last.has("code_length"), let token = scene.last.token else { return }
            o.become("onSignUpCodeRequired", state: "SignUpCodeRequiredState", token: token)
        },
        PlantedFault("signUp.unknownChallengeTypeAsOOB", "sign-up", "unknown value treated as known") { scene, o in
            guard scene.step == .signUpStart, o.error == "SignUpStartError.generalError", scene.last.status == 200,
                  let type = scene.last.challengeType, !["oob", "password", "redirect"].contains(type),
                  let token = scene.last.token else { return }
            o.become("onSignUpCodeRequired", state: "SignUpCodeRequiredState", token: token)
        },
        PlantedFault("signUp.attributesRequiredOldToken", "sign-up", "old continuation token kept") { scene, o in
            guard o.callback == "onSignUpAttributesRequired", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("signUp.passwordRequiredOldToken", "sign-up", "old continuation token kept") { scene, o in
            guard o.callback == "onSignUpPasswordRequired", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("signUp.attributesInvalidStateDropped", "sign-up", "newState dropped") { scene, o in
            guard scene.step == .signUpSubmitAttributes, o.callback == "onSignUpAttributesInvalid" else { return }
            o.dropState()
        },
    ]

    static let signIn: [PlantedFault] = [
        PlantedFault("signIn.invalidCredentialsAnyPosition", "sign-in", "error code checked at the wrong position") { scene, o in
            guard scene.last.error == "invalid_grant", scene.last.hasLater(50126) else { return }
            if !o.swapError("SignInStartError.generalError", "SignInStartError.invalidCredentials") {
                o.swapError("PasswordRequiredError.generalError", "PasswordRequiredError.invalidPassword")
            }
        },
        PlantedFault("signIn.userNotFoundAsGeneral", "sign-in", "wrong error type") { _, o in
            o.swapError("SignInStartError.userNotFound", "SignInStartError.generalError")
        },
        PlantedFault("signIn.challengeRedirectIgnored", "sign-in", "redirect ignored") { _, o in
            o.swapError("SignInStartError.browserRequired", "SignInStartError.generalError")
        },
        PlantedFault("signIn.expiredPasswordStateDropped", "sign-in", "newState dropped") { scene, o in
            guard o.callback == "onSignInPasswordRequiredError", scene.last.error == "expired_token" else { return }
            o.dropState()
        },
        PlantedFault("signIn.codeRedirectStateDropped", "sign-in", "newState dropped") { _, o in
            guard o.callback == "onSignInVerifyCodeError", o.error == "VerifyCodeError.browserRequired" else { return }
            o.dropState()
        },
        PlantedFault("signIn.resendOldToken", "sign-in", "old continuation token kept") { scene, o in
            guard o.callback == "onSignInResendCodeCodeRequired", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("signIn.awaitingMFAOldToken", "sign-in", "old continuation token kept") { scene, o in
            guard o.callback == "onSignInAwaitingMFA", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("signIn.serverErrorNotRetried", "sign-in", "a retry dropped") { scene, o in
            // Gives up after a 5xx or a broken connection instead of sending the request once more.
            guard scene.step == .signInInitiate || scene.step == .signInInitiateWithPassword,
                  let first = scene.served.indices.first(where: { scene.served[$0].observedStatus == 0 || scene.served[$0].observedStatus >= 500 }),
                  first + 1 < scene.served.count else { return }
            let drop = o.actionRequests - (first + 1)
            guard drop > 0, drop <= o.requests.count else { return }
            o.become("onSignInStartError", error: "SignInStartError.generalError")
            o.requests.removeLast(drop)
            o.actionRequests -= drop
        },
        PlantedFault("signIn.tooManyRequestsRetried", "sign-in", "a retry added") { scene, o in
            // Sends the request again after a 429, which MSAL does not retry.
            guard scene.step.name.hasPrefix("signIn"),
                  scene.last.status == 429, let last = o.requests.last else { return }
            var again = last
            again.served = nil
            o.requests.append(again)
            o.actionRequests += 1
        },
        PlantedFault("signIn.afterSignUpRedirectIgnored", "sign-in", "redirect ignored") { _, o in
            o.swapError("SignInAfterSignUpError.browserRequired", "SignInAfterSignUpError.generalError")
        },
    ]

    static let mfa: [PlantedFault] = [
        PlantedFault("mfa.blockedAsGeneral", "MFA", "wrong error type for a suberror") { _, o in
            o.swapError("MFARequestChallengeError.authMethodBlocked", "MFARequestChallengeError.generalError")
        },
        PlantedFault("mfa.requestChallengeRetryStateDropped", "MFA", "newState dropped") { _, o in
            guard o.callback == "onMFARequestChallengeError", o.outcome?.newState != nil else { return }
            o.dropState()
        },
        PlantedFault("mfa.secondDemandKeepsState", "MFA", "newState kept wrongly") { scene, o in
            guard o.callback == "onMFASubmitChallengeError", o.outcome?.newState == nil,
                  scene.answers.contains(where: { $0.suberror == "mfa_required" }) else { return }
            o.outcome?.newState = "MFARequiredState"
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("mfa.verificationRequiredOldToken", "MFA", "old continuation token kept") { scene, o in
            guard o.callback == "onMFARequestChallengeVerificationRequired", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("mfa.invalidChallengeAsGeneral", "MFA", "wrong error type for a suberror") { _, o in
            o.swapError("MFASubmitChallengeError.invalidChallenge", "MFASubmitChallengeError.generalError")
        },
    ]

    static let registration: [PlantedFault] = [
        PlantedFault("registration.contactBlockedAsGeneral", "registration", "wrong error type for a suberror") { _, o in
            o.swapError("RegisterStrongAuthChallengeError.verificationContactBlocked", "RegisterStrongAuthChallengeError.generalError")
        },
        PlantedFault("registration.verificationOldToken", "registration", "old continuation token kept") { scene, o in
            guard o.callback == "onRegisterStrongAuthVerificationRequired", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("registration.emptyChallengeTypeAccepted", "registration", "unknown value treated as known") { scene, o in
            guard o.callback == "onRegisterStrongAuthSubmitChallengeError",
                  scene.answers.contains(where: { $0.status == 200 && $0.challengeType == "" }) else { return }
            o.become("onSignInCompleted")
        },
        PlantedFault("registration.redirectKeepsState", "registration", "newState kept wrongly") { scene, o in
            guard o.callback == "onRegisterStrongAuthChallengeError", o.error == "RegisterStrongAuthChallengeError.browserRequired",
                  o.outcome?.newState == nil else { return }
            o.outcome?.newState = "RegisterStrongAuthState"
            o.outcome?.newStateToken = scene.sentToken
        },
        PlantedFault("registration.invalidChallengeStateDropped", "registration", "newState dropped") { _, o in
            guard o.error == "RegisterStrongAuthSubmitChallengeError.invalidChallenge" else { return }
            o.dropState()
        },
    ]

    static let reset: [PlantedFault] = [
        PlantedFault("reset.userNotFoundAsGeneral", "reset", "wrong error type") { _, o in
            o.swapError("ResetPasswordStartError.userNotFound", "ResetPasswordStartError.generalError")
        },
        PlantedFault("reset.noPasswordCodeAnyPosition", "reset", "error code checked at the wrong position") { scene, o in
            guard scene.step == .resetPasswordStart, scene.last.error == "invalid_request", scene.last.hasLater(500222) else { return }
            o.swapError("ResetPasswordStartError.generalError", "ResetPasswordStartError.userDoesNotHavePassword")
        },
        PlantedFault("reset.unknownPollStatusAsSucceeded", "reset", "unknown value treated as known") { scene, o in
            guard scene.step == .resetPasswordSubmit, o.callback == "onResetPasswordRequiredError",
                  let status = scene.last.string("status"), scene.last.status == 200,
                  !["in_progress", "not_started", "succeeded", "failed"].contains(status) else { return }
            o.become("onResetPasswordCompleted", state: "SignInAfterResetPasswordState", token: scene.last.token)
        },
        PlantedFault("reset.pollPasswordErrorPollToken", "reset", "newState with the wrong token") { scene, o in
            // MSAL hands back the submit token after a poll's password error; this engine the poll's.
            guard o.callback == "onResetPasswordRequiredError", o.outcome?.newState != nil, scene.served.count > 1 else { return }
            let candidates = [scene.sentToken] + scene.served.map { Answer($0).token }
            guard let other = candidates.first(where: { $0 != nil && $0 != o.outcome?.newStateToken }) else { return }
            o.outcome?.newStateToken = other
        },
        PlantedFault("reset.invalidCodeStateDropped", "reset", "newState dropped") { scene, o in
            guard o.callback == "onResetPasswordVerifyCodeError", o.error == "VerifyCodeError.invalidCode", !scene.served.isEmpty else { return }
            o.dropState()
        },
        PlantedFault("reset.passwordRequiredOldToken", "reset", "old continuation token kept") { scene, o in
            guard o.callback == "onPasswordRequired", o.outcome?.newStateToken != scene.sentToken else { return }
            o.outcome?.newStateToken = scene.sentToken
        },
    ]

    static let tokens: [PlantedFault] = [
        PlantedFault("tokens.clientInfoMissingTolerated", "tokens", "missing field tolerated") { scene, o in
            let last = scene.last
            guard o.error != nil, NativeAuthEndpoint.recognise(path: scene.lastURL) == .token, last.status == 200, last.has("access_token"),
                  last.has("id_token"), !last.has("client_info") else { return }
            o.become("onSignInCompleted")
        },
        PlantedFault("tokens.lifetimeIgnored", "tokens", "token lifetime ignored") { scene, o in
            // Never reads expires_in, so a lifetime that does not decode goes unnoticed.
            let last = scene.last
            guard o.error != nil, NativeAuthEndpoint.recognise(path: scene.lastURL) == .token, last.status == 200, last.has("access_token"),
                  last.has("client_info"), let expiry = last.json?["expires_in"] else { return }
            if case .number(let text) = expiry, Int(text) != nil { return }
            o.become("onSignInCompleted")
        },
        PlantedFault("tokens.expiresInIgnored", "tokens", "token lifetime ignored") { scene, o in
            // Never trusts the cached lifetime, so every getAccessToken sends the refresh-token grant, even with a
            // valid access token in the cache.
            guard scene.cache == .fresh, o.actionRequests == 0, o.callback == "onAccessTokenRetrieveCompleted" else { return }
            o.requests.append(SentRequest(
                url: EngineOutcomeSource.authority.absoluteString + NativeAuthEndpoint.token.path, headers: [],
                body: Array("grant_type=refresh_token&client_info=true".utf8), continuationToken: nil,
                served: scene.scripted.first, action: scene.action))
            o.actionRequests += 1
        },
        PlantedFault("tokens.expiredTokenServed", "tokens", "expired token served from the cache") { scene, o in
            // Never compares the cached expiry with the clock: an expired access token is handed out again.
            guard scene.cache == .expired else { return }
            o.serveFromCache()
        },
        PlantedFault("tokens.expiryMarginIgnored", "tokens", "expired token served from the cache") { scene, o in
            // Refreshes only once the token has expired, not within MSAL's five minutes before.
            guard scene.cache == .expiring else { return }
            o.serveFromCache()
        },
        PlantedFault("tokens.nonObjectAccepted", "tokens", "missing field tolerated") { scene, o in
            // Reads the tokens with optional chaining, so a 200 that is JSON but not an object "has no tokens" and completes.
            let last = scene.last
            guard o.error != nil, NativeAuthEndpoint.recognise(path: scene.lastURL) == .token, last.status == 200,
                  let json = last.json, json.members == nil else { return }
            o.become("onSignInCompleted")
        },
    ]
}
