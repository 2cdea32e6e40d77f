/// Which MSAL the V2 table models (uncertain points are profile settings, spec §3.0 and §3.5).
///
/// `iOS_2_18_1` follows the later tests (rows marked **T**) and the 2.18.1 release notes; `iOS_2_17` follows
/// the 2.16-2.17 code read (iOS-I) where the two differ. Every setting that is inferred for 2.18.1 makes
/// the rows it decides uncertain under that profile.
public struct V2OracleProfile: Sendable, Hashable, CustomStringConvertible {
    /// What the profile models, printed in every report.
    public var name: String
    /// 2.18.1 folds a wrong sign-in password into `isInvalidPassword` (§3.5); earlier: `isInvalidCredentials`
    /// (outside `submitPassword`, which converts it in both, §3.4 C).
    public var wrongPasswordIsInvalidPassword: Bool
    /// 2.18.1 adds `resendChallenge` on the MFA verification state (§3.5).
    public var hasResendChallenge: Bool
    /// O1: an `error` next to `continuation_token` and the entry link no longer fails (2.18.1 fix, §3.4 A
    /// **U**); false: iOS-I checks `error` first and fails.
    public var entryErrorWithContinuationProceeds: Bool
    /// A password given up front is sent: sign-in auto-submits it (§3.4 B row 1), sign-up puts it in the
    /// first O10 (G row 1). 2.18.1's parameters have none (§3.1, §3.5 **U**); then sign-up asks for it
    /// with a `PasswordRequiredState` (G row 2b, inferred).
    public var sendsUpfrontPassword: Bool
    /// SMS is a sign-in first-factor choice and an SMS code answer at O6 (sign-in) or O7 gives
    /// `CodeRequiredState` (**T**; iOS-I: generalError, §3.3 r5, §3.4 B row 4, E).
    public var smsFirstFactor: Bool
    /// An MFA demand (`challenge` + `multiFactor`) after a code gives `onAuthMethodSelectionRequired`
    /// (**T**, §3.4 D); iOS-I: generalError.
    public var selectionAfterCode: Bool
    /// Password reset may go through MFA: `submitChallenge` works there and its `continue` waits for the
    /// app's `signIn()` (2.18.1 notes, §3.4 F **U**); false: `submitChallenge` outside sign-in fails.
    public var passwordResetMFA: Bool
    /// Sign-up attribute failures give `isInvalidAttributes` (2.18.1, §3.4 G **U**); false: generalError.
    public var hasInvalidAttributes: Bool
    /// Sign-up maps AADSTS1003037 to `isUserAlreadyExists` and AADSTS90100 (username) to
    /// `isInvalidUsername` (skipped E2E tests, §3.4 G **U**); false: generalError.
    public var signUpSpecificErrors: Bool
    /// Sign-up start answering `challenge` (existing account) gives a method selection (2.18.1 notes,
    /// §3.4 G **U**); false: generalError.
    public var signUpExistingAccountSelection: Bool

    public init(
        name: String, wrongPasswordIsInvalidPassword: Bool, hasResendChallenge: Bool,
        entryErrorWithContinuationProceeds: Bool = true, sendsUpfrontPassword: Bool = false,
        smsFirstFactor: Bool = true, selectionAfterCode: Bool = true, passwordResetMFA: Bool = true,
        hasInvalidAttributes: Bool = true, signUpSpecificErrors: Bool = true, signUpExistingAccountSelection: Bool = true
    ) {
        self.name = name
        self.wrongPasswordIsInvalidPassword = wrongPasswordIsInvalidPassword
        self.hasResendChallenge = hasResendChallenge
        self.entryErrorWithContinuationProceeds = entryErrorWithContinuationProceeds
        self.sendsUpfrontPassword = sendsUpfrontPassword
        self.smsFirstFactor = smsFirstFactor
        self.selectionAfterCode = selectionAfterCode
        self.passwordResetMFA = passwordResetMFA
        self.hasInvalidAttributes = hasInvalidAttributes
        self.signUpSpecificErrors = signUpSpecificErrors
        self.signUpExistingAccountSelection = signUpExistingAccountSelection
    }

    /// The default: MSAL iOS 2.18.1 as far as the code read, the later tests and its release notes say.
    public static let iOS_2_18_1 = V2OracleProfile(
        name: "MSAL iOS 2.18.1, rows inferred from the 2.16-2.17 code and the 2.18.1 notes",
        wrongPasswordIsInvalidPassword: true, hasResendChallenge: true)
    /// MSAL iOS 2.17 (the 2.16-2.17 code read).
    public static let iOS_2_17 = V2OracleProfile(
        name: "MSAL iOS 2.17, from the 2.16-2.17 code", wrongPasswordIsInvalidPassword: false, hasResendChallenge: false,
        entryErrorWithContinuationProceeds: false, sendsUpfrontPassword: true, smsFirstFactor: false,
        selectionAfterCode: false, passwordResetMFA: false, hasInvalidAttributes: false, signUpSpecificErrors: false,
        signUpExistingAccountSelection: false)

    public var description: String { name }
}
