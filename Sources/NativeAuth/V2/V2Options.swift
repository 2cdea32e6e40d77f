import Foundation
import NativeAuthWire

/// Which MSAL iOS V2 behaviour the engine models where the sources differ (spec native-auth-v2 §3.0, §3.5).
public enum MSALNativeAuthV2Profile: String, Sendable, Hashable, CaseIterable {
    /// MSAL iOS 2.18.1 as its release notes describe it (the default). `SignInParametersV2` has no
    /// password, so an up-front password is never sent: a password method always ends in
    /// `onPasswordRequired`. An O1 answer carrying a continuation token and the entry link is followed
    /// even when it also has an `error` member (the 401 InsufficientAuthorization fix).
    case iOS_2_18_1
    /// The 2.16–2.17 code and the later controller tests (spec §3.1 "uncertain", §3.4 A/B): an up-front
    /// password is sent at once (O9) when the single first-factor method offered is a password, and is
    /// not sent after an explicit method selection; an O1 answer with an `error` member is a general
    /// error even next to a token and the entry link.
    case iOS_2_17
}

/// How absolute hrefs of V2 answers are followed (spec §1.9; issue 26 point 5).
public enum MSALNativeAuthV2LinkPolicy: String, Sendable, Hashable, CaseIterable {
    /// As MSAL iOS does: any absolute `http:` or `https:` href is followed unchecked.
    case unchecked
    /// Refuse an absolute href to another origin (scheme, host, port) than the authority's, and any
    /// `http:` href unless the authority itself is `http:` (a local emulator); a refused link ends the
    /// flow in a general error before anything is sent.
    case sameOriginHTTPSOnly
}

/// The V2 settings of an application.
public struct MSALNativeAuthV2Options: Sendable, Hashable {
    /// Which MSAL version's behaviour to model.
    public var profile: MSALNativeAuthV2Profile
    /// How absolute links are followed.
    public var linkPolicy: MSALNativeAuthV2LinkPolicy

    /// Creates options; the defaults model MSAL iOS 2.18.1 with unchecked links.
    public init(profile: MSALNativeAuthV2Profile = .iOS_2_18_1, linkPolicy: MSALNativeAuthV2LinkPolicy = .unchecked) {
        self.profile = profile
        self.linkPolicy = linkPolicy
    }

    /// Whether an up-front password is used at all under ``profile``: sign-in sends it at O9 (§3.4 B
    /// row 1), sign-up in the first O10 (G row 1).
    var sendsUpfrontPassword: Bool { profile == .iOS_2_17 }
    /// Whether a wrong password outside `submitPassword` is `isInvalidCredentials` (2.16–2.17; 2.18.1
    /// removed the flag, spec §3.5).
    var hasInvalidCredentials: Bool { profile == .iOS_2_17 }
    /// Whether an O1 answer with token and entry link wins over an `error` member.
    var entryLinkWinsOverError: Bool { profile == .iOS_2_18_1 }
    /// Whether the MFA verification state has `resendChallenge` (added in 2.18.1, §3.5; before it the
    /// call ends in a general error and sends nothing, oracle row E6).
    var hasResendChallenge: Bool { profile == .iOS_2_18_1 }
    /// Whether an MFA demand answering a first-factor code (O8) gives a method selection (later tests,
    /// §3.4 D row D8); the 2.16–2.17 code makes it a general error.
    var selectionAfterCode: Bool { profile == .iOS_2_18_1 }
    /// Whether sign-up asks for a password it has not sent with a `PasswordRequiredState` (2.18.1, G row
    /// 2b, inferred); 2.16–2.17 only sends the up-front one and cannot collect it later (general error).
    var signUpCollectsPassword: Bool { !sendsUpfrontPassword }
    /// Whether SMS is a first factor (later tests, §3.4 A/B row B4, E row E2); the 2.16–2.17 code skips an
    /// SMS method at O3 and makes an SMS code answer at O6 (sign-in) or O7 a general error.
    var smsFirstFactor: Bool { profile == .iOS_2_18_1 }
    /// Whether a sign-up attribute failure is `isInvalidAttributes` (2.18.1 notes, G row 7); before: a general error.
    var hasInvalidAttributes: Bool { profile == .iOS_2_18_1 }
    /// Whether sign-up maps AADSTS1003037 to `isUserAlreadyExists` and AADSTS90100 on the username to
    /// `isInvalidUsername` (skipped E2E tests, G rows 9a/9b); before: a general error.
    var signUpSpecificErrors: Bool { profile == .iOS_2_18_1 }

    /// A channel of a first-factor code (O6 of sign-in, O7) under ``profile``: email, and SMS where ``smsFirstFactor``.
    func isFirstFactorCodeChannel(_ type: String) -> Bool {
        V2Interaction.isCodeChannel(type) && (smsFirstFactor || type != V2MethodType.sms.rawValue)
    }
}
