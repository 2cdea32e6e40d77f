import Foundation
import NativeAuthWire

// The answer handlers of each sign-in step (spec native-auth-v2 §3.4).
extension V2SignInMachine {
    /// O1 (§3.3 r3, §3.4 A): token + `sign_in` link ⇒ O3; an `error` member ⇒ general error (2.18.1
    /// follows the token and link even then); a missing token or link ⇒ general error.
    mutating func receiveAuthorize(_ answer: V2Answer) -> V2Step {
        switch V2Entry.read(answer, flow: flow, relation: .signInFlat) {
        case .failure(let failure): return finish(failure.result)
        case .success(let entry):
            phase = .signInStart
            return .send(.post(entry.link, [
                V2JSONMember(V2Key.username, flow.username), V2JSONMember(V2Key.continuationToken, entry.token),
            ]))
        }
    }

    /// O3 (§3.4 A): one first-factor method ⇒ O6 on it; several ⇒ selection, nothing sent; a web
    /// fallback is not mapped at this step (general error).
    mutating func receiveSignInStart(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .challenge(let token, .singleFactor, let offered):
            // 2.16–2.17 skips an SMS first factor (A4b/A5b); nothing left is A9.
            let methods = flow.options.smsFirstFactor ? offered : offered.filter { $0.type != V2MethodType.sms.rawValue }
            guard !methods.isEmpty else { return finish(flow.general("No supported authentication method available")) }
            if methods.count == 1, let href = methods[0].challengeHref {
                phase = .firstFactorChallenge(password: password, riskChecked: false)
                return .send(Self.challengeCall(href, token))
            }
            return finish(.authMethodSelectionRequired(
                MSALNativeAuthAuthMethodSelectionRequiredState(flow: flow, token: token, factor: .singleFactor, methods: methods)))
        case .webFallback: return fallback(interaction, webFallbackIsBrowserRequired: false)
        case .failure(let kind, let body) where kind != .userNotFound:
            // §3.4 A: at O3 only AADSTS50034 is mapped (isUserNotFound); any other error is a general error.
            return finish(flow.error(.generalError, body))
        default: return fallback(interaction)
        }
    }

    /// O6 for a first factor (§3.4 B): a password method takes the up-front password (O9) or asks for
    /// one; email and SMS ask for the code; an SMS risk check is passed once (O13).
    mutating func receiveFirstFactorChallenge(_ interaction: V2Interaction, password: String?, riskChecked: Bool) -> V2Step {
        switch interaction {
        case .verify(let verification):
            switch verification.type {
            case V2MethodType.password.rawValue:
                if let password {
                    phase = .submitPassword
                    return .send(Self.verifyCall(verification, V2Key.password, password))
                }
                return finish(.passwordRequired(MSALNativeAuthPasswordRequiredState(flow: flow, verification: verification)))
            case let type where isChallengedCode(type):
                return finish(.codeRequired(MSALNativeAuthCodeRequiredState(flow: flow, verification: verification)))
            default: return finish(flow.general(V2Text.unexpectedResponse))
            }
        case .riskVerify(let token, let href) where !riskChecked:
            phase = .firstFactorChallenge(password: password, riskChecked: true)
            return .send(Self.challengeCall(href, token))
        case .continueFlow(let token): return complete(token)
        default: return fallback(interaction)
        }
    }

    /// A code answer to O6 of a first factor: SMS is one except in a 2.16–2.17 sign-in (B4); a password
    /// reset's selection keeps it in every profile (H4).
    private func isChallengedCode(_ type: String) -> Bool {
        flow.scenario == .passwordReset ? V2Interaction.isCodeChannel(type) : flow.options.isFirstFactorCodeChannel(type)
    }

    /// O9 (§3.4 C): `continue` ⇒ completion; MFA ⇒ selection; a wrong password ⇒ `isInvalidPassword`
    /// in every profile (MSAL converts the parser's `invalidCredentials` here).
    mutating func receiveSubmitPassword(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .continueFlow(let token): return complete(token)
        case .challenge(let token, .multiFactor, let methods): return mfaSelection(token, methods)
        case .failure(.invalidCredentials, let body): return finish(flow.error(.invalidPassword, body))
        default: return fallback(interaction)
        }
    }

    /// O8 of a first-factor code (§3.4 D): an MFA demand is a selection only where the profile has it (D8).
    mutating func receiveSubmitCode(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .continueFlow(let token): return complete(token)
        case .challenge(let token, .multiFactor, let methods) where flow.options.selectionAfterCode:
            return mfaSelection(token, methods)
        case .failure(_, let body) where V2Interaction.isOtherInvalidGrant(body):
            return finish(flow.error(.generalError, body))
        default: return fallback(interaction)
        }
    }

    /// O7 of a first-factor code (§3.4 E): email or SMS (2.18.1) ⇒ a new code state; a password or an
    /// unknown type ⇒ general error.
    func receiveResendCode(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .verify(let verification) where flow.options.isFirstFactorCodeChannel(verification.type):
            return finish(.codeRequired(MSALNativeAuthCodeRequiredState(flow: flow, verification: verification)))
        default: return fallback(interaction)
        }
    }

    /// O6 for a second factor (§3.4 F): `verify` ⇒ MFA verification; SMS `riskverify` ⇒ O13 once.
    mutating func receiveMFAChallenge(_ interaction: V2Interaction, type: String, riskChecked: Bool) -> V2Step {
        switch interaction {
        case .verify(let verification):
            return finish(.mfaVerificationRequired(MSALNativeAuthMFAVerificationRequiredState(flow: flow, verification: verification)))
        case .riskVerify(let token, let href) where !riskChecked && type == V2MethodType.sms.rawValue:
            phase = .mfaChallenge(type: type, riskChecked: true)
            return .send(Self.challengeCall(href, token))
        default: return fallback(interaction)
        }
    }

    /// O8 of a second-factor code (§3.4 F): `continue` ⇒ completion; a wrong code ⇒ `isInvalidCode`.
    mutating func receiveSubmitChallenge(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .continueFlow(let token): return complete(token)
        default: return fallback(interaction)
        }
    }

    /// O7 of a second-factor code (2.18.1): a new MFA verification state.
    func receiveResendChallenge(_ interaction: V2Interaction) -> V2Step {
        switch interaction {
        case .verify(let verification) where verification.type != V2MethodType.password.rawValue:
            return finish(.mfaVerificationRequired(MSALNativeAuthMFAVerificationRequiredState(flow: flow, verification: verification)))
        default: return fallback(interaction)
        }
    }

    private func mfaSelection(_ token: String, _ methods: [V2Method]) -> V2Step {
        finish(.authMethodSelectionRequired(
            MSALNativeAuthAuthMethodSelectionRequiredState(flow: flow, token: token, factor: .multiFactor, methods: methods)))
    }
}
