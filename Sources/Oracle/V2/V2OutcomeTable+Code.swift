/// Blocks D-F of spec native-auth-v2 §3.4: `submitCode`, `resendCode` (and `resendChallenge`), MFA.
extension V2OutcomeTable {
    static func submitCodeRows(_ p: V2OracleProfile) -> [V2Row] {
        let d = "iOS-I handleSubmitCodeResult"
        let o8 = V2Requests.verify
        var rows = [
            V2Row(id: "D1", request: o8, answer: "O8 sign-in `continue`", expectation: V2Expect.go(.resume), source: d),
            V2Row(
                id: "D2", request: o8, answer: "O8 password reset `update` (an `update` or `self` link)",
                expectation: V2Expect.state(V2Names.newPassword), source: d),
            V2Row(
                id: "D3", request: o8, answer: "O8 password reset `continue`", expectation: V2Expect.state(V2Names.afterReset),
                source: d),
            V2Row(
                id: "D4", request: o8, answer: "O8 `invalidGrant` + `invalidOneTimeCode`", expectation: V2Expect.fails("invalidCode"),
                source: d + " (retry on the same state)"),
            V2Row(
                id: "D5", request: o8, answer: "O8 `invalidGrant` with another inner code", expectation: V2Expect.generalError,
                source: d + "; iOS-J: isInvalidCode"),
            V2Row(id: "D6", request: o8, answer: "O8 web fallback", expectation: V2Expect.fails("browserRequired"), source: d),
        ]
        rows += V2MappedError.rows("D7", o8, "O8 other", source: d, profile: p, except: [.invalidCode, .wrongPassword])
        rows += [
            V2Row(
                id: "D8", request: o8, answer: "O8 `challenge` + `multiFactor` with methods (sign-in or password reset)",
                expectation: p.selectionAfterCode ? V2Expect.state(V2Names.selection) : V2Expect.generalError,
                source: p.selectionAfterCode
                    ? "iOS-T test_submitCode_signIn_whenSMSMFARequired_returnsAuthMethodSelectionRequired, test_submitCode_whenSMSMFARequired_returnsAuthMethodSelectionRequired"
                    : "iOS-I source 59128915120"),
            V2Row(
                id: "D8b", request: o8, answer: "O8 `multiFactor` with no method or a method lacking a usable `challenge` link",
                expectation: V2Expect.generalError, source: "as C2b (iOS-T)"),
            V2Row(
                id: "D9", request: o8, answer: "O8 `update` in sign-in, any other answer", expectation: V2Expect.generalError,
                source: d),
        ]
        return rows
    }

    static func resendRows(_ p: V2OracleProfile) -> [V2Row] {
        let e = "iOS-I handleResendCodeResult"
        let o7 = V2Requests.resend
        var rows = [
            V2Row(
                id: "E1", request: o7, answer: "O7 `verify` email (or no type)", expectation: V2Expect.state(V2Names.codeRequired),
                source: e),
            V2Row(
                id: "E2", request: o7, answer: "O7 `verify` sms",
                expectation: p.smsFirstFactor ? V2Expect.state(V2Names.codeRequired) : V2Expect.generalError,
                source: p.smsFirstFactor ? "iOS-T test_resendCode_whenChannelIsSMS_returnsCodeRequired" : e + " (any non-email)"),
            V2Row(
                id: "E3", request: o7, answer: "O7 `verify` password or another type", expectation: V2Expect.generalError,
                source: "iOS-T test_resendCode_whenChannelIsPassword_returnsError"),
        ]
        rows += V2MappedError.rows("E4", o7, "O7", source: e, profile: p)
        rows += [
            V2Row(
                id: "E5", request: o7, answer: "state without a `resend` link: no request (not judged by the walk)",
                expectation: V2Expect.generalError, source: e + " (\"Missing resend link\")"),
            V2Row(
                id: "E6", request: o7,
                answer: p.hasResendChallenge
                    ? "MFA `resendChallenge`: O7 `verify`" : "MFA `resendChallenge` before 2.18.1: no such method, nothing sent",
                expectation: p.hasResendChallenge ? V2Expect.state(V2Names.mfaVerification) : V2Expect.generalError,
                source: "iOS-RN 2.18.1 (resendChallenge added)", uncertain: p.hasResendChallenge),
            V2Row(
                id: "E7", request: o7, answer: "O7 web fallback", expectation: V2Expect.fails("browserRequired"),
                source: "§3.3 r1 (parser, every interaction answer)"),
        ]
        return rows
    }

    static func mfaRows(_ p: V2OracleProfile) -> [V2Row] {
        let f = "iOS-I; iOS-T"
        let o6 = V2Requests.challenge
        let o8 = V2Requests.verify
        var rows = [
            V2Row(
                id: "F1", request: o6, answer: "select: O6 (or O13) `verify`", expectation: V2Expect.state(V2Names.mfaVerification),
                source: f),
            V2Row(
                id: "F2", request: o6, answer: "select: O6 `riskverify` for an SMS method", expectation: V2Expect.go(V2Requests.riskVerify),
                source: "iOS-T test_selectAuthMethod_signIn_whenSMSRiskVerificationRequired_returnsMFAVerificationRequired"),
            V2Row(
                id: "F2b", request: V2Requests.riskVerify, answer: "O13 `riskverify` again", expectation: V2Expect.generalError,
                source: "iOS-T test_selectAuthMethod_signIn_whenSMSRiskVerificationRequiredTwice_returnsError"),
            V2Row(
                id: "F2c", request: o6, answer: "select: O6 `riskverify` for an email method (no O13)",
                expectation: V2Expect.generalError,
                source: "iOS-T test_selectAuthMethod_signIn_whenEmailRiskVerificationRequired_returnsError"),
            V2Row(
                id: "F3", request: o6, answer: "select: method id unknown to the state: no request (not judged by the walk)",
                expectation: V2Expect.generalError, source: f + " (\"Missing challenge link…\")"),
            V2Row(id: "F4", request: o8, answer: "submit: O8 `continue` (sign-in)", expectation: V2Expect.go(.resume), source: f),
            V2Row(
                id: "F4b", request: o8, answer: "submit: O8 `continue` (password reset MFA)",
                expectation: p.passwordResetMFA ? V2Expect.state(V2Names.afterReset) : V2Expect.generalError,
                source: "iOS-RN 2.18.1 (wait for signIn() after SSPR MFA verification)", uncertain: true),
            V2Row(
                id: "F5", request: o8, answer: "submit: O8 `invalidGrant` + `invalidOneTimeCode`",
                expectation: V2Expect.fails("invalidCode"), source: "iOS-T test_submitChallenge_signIn_whenInvalidCode_returnsError; MFA E2E"),
            V2Row(
                id: "F6", request: o8,
                answer: p.passwordResetMFA
                    ? "`submitChallenge`/`selectAuthMethod` outside sign-in and password reset: no request"
                    : "`submitChallenge` outside sign-in, `selectAuthMethod` outside sign-in and password reset: no request",
                expectation: V2Expect.generalError, source: "iOS source 59128915120 (methodNotAllowedForFlow)",
                uncertain: p.passwordResetMFA),
            V2Row(
                id: "F7", request: o8, answer: "select or submit: web fallback", expectation: V2Expect.fails("browserRequired"),
                source: "§3.3 r1 (parser, every interaction answer)"),
        ]
        rows += V2MappedError.rows("F8", o8, "select or submit, other", source: "§3.3 r2 (parser)", profile: p)
        return rows
    }
}
