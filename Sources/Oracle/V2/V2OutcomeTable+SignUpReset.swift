/// Blocks G and H of spec native-auth-v2 §3.4: `signUpV2` and `resetPasswordV2`.
extension V2OutcomeTable {
    static func signUpRows(_ p: V2OracleProfile) -> [V2Row] {
        let g = "iOS-I handleSignUpInteractionResult"
        let o4 = V2Requests.signUpStart
        let o10 = V2Requests.submitAttributes
        let later = "later `collectAttributes` (O8 or O10)"
        var rows = [
            V2Row(
                id: "G1", request: o4, answer: "first `collectAttributes` (O4, or the first one of the flow)",
                expectation: V2Expect.go(o10),
                source: g + " (all up-front values: email = username, \(p.sendsUpfrontPassword ? "password, " : "")app attributes)"),
            V2Row(
                id: "G2", request: o10, answer: "\(later) asking `email`, `password` (with others) or an id already sent",
                expectation: V2Expect.generalError, source: g + " (\"already submitted or cannot be collected\")"),
            V2Row(
                id: "G2b", request: o10, answer: "\(later) asking only `password`, not sent yet",
                expectation: p.sendsUpfrontPassword ? V2Expect.generalError : V2Expect.state(V2Names.passwordRequired),
                source: p.sendsUpfrontPassword
                    ? g : "inferred: iOS-RN 2.18.1 (no up-front password) and §3.4 G (sign-up PasswordRequired state)",
                uncertain: !p.sendsUpfrontPassword),
            V2Row(
                id: "G3", request: o10, answer: "\(later) for new ids", expectation: V2Expect.state(V2Names.attributesRequired),
                source: g),
            V2Row(
                id: "G4", request: o10, answer: "`verify` email (or no type)", expectation: V2Expect.state(V2Names.codeRequired),
                source: g),
            V2Row(id: "G5", request: o10, answer: "`verify` non-email", expectation: V2Expect.generalError, source: g),
            V2Row(id: "G6", request: o10, answer: "`continue`", expectation: V2Expect.state(V2Names.afterSignUp), source: g),
            V2Row(
                id: "G7", request: o10, answer: "`attributeValidationError` naming attributes other than `password`",
                expectation: p.hasInvalidAttributes ? V2Expect.fails("invalidAttributes") : V2Expect.generalError,
                source: g + "; iOS-RN 2.18.1 (isInvalidAttributes)", uncertain: true),
            V2Row(
                id: "G8", request: o10, answer: "`invalidRequest` + `passwordTooWeak`", expectation: V2Expect.fails("invalidPassword"),
                source: g),
            V2Row(
                id: "G8b", request: o10, answer: "`attributeValidationError` naming only `password` (`passwordPolicyViolation`)",
                expectation: V2Expect.generalError, source: "§3.3 r2 (no iOS test); JS-T/AND-T fixtures", uncertain: true),
            V2Row(
                id: "G9a", request: o10, answer: "AADSTS1003037 or detail `userAlreadyExists`",
                expectation: p.signUpSpecificErrors ? V2Expect.fails("userAlreadyExists") : V2Expect.generalError,
                source: "iOS-T test_signUpWithEmailOTP_andExistingAccount (skipped E2E)", uncertain: true),
            V2Row(
                id: "G9b", request: o10, answer: "AADSTS90100 naming the username",
                expectation: p.signUpSpecificErrors ? V2Expect.fails("invalidUsername") : V2Expect.generalError,
                source: "iOS-T test_signUpWithEmailPassword_invalidEmailFormat_fails (skipped E2E)", uncertain: true),
            V2Row(
                id: "G10", request: o10, answer: "`submitPassword` on a sign-up PasswordRequired state: sent as O10 `attributes.password`",
                expectation: V2Expect.go(o10), source: g),
            V2Row(
                id: "G11", request: o4, answer: "`challenge` with an authentication factor and methods (existing account; no factor is K9, §3.3 r5)",
                expectation: p.signUpExistingAccountSelection ? V2Expect.state(V2Names.selection) : V2Expect.generalError,
                source: g + "; iOS-RN 2.18.1 (method selection for existing accounts)", uncertain: true),
        ]
        rows += authorizeRows(["G12", "G13", "G13b", "G14"], relation: "sign_up", next: o4, source: g, profile: p)
        rows.append(
            V2Row(id: "G15", request: o10, answer: "web fallback", expectation: V2Expect.fails("browserRequired"),
                source: "§3.3 r1 (parser, every interaction answer)"))
        rows += V2MappedError.rows("G16", o10, "other", source: "§3.3 r2 (parser)", profile: p, except: [.passwordTooWeak])
        return rows
    }

    static func resetPasswordRows(_ p: V2OracleProfile) -> [V2Row] {
        let h = "iOS-I"
        let o5 = V2Requests.resetStart
        let o6 = V2Requests.challenge
        let o11 = V2Requests.update
        let o12 = V2Requests.poll
        var rows = [
            V2Row(
                id: "H1", request: o5, answer: "O5 `challenge`, one usable method (email, sms; password ignored)",
                expectation: V2Expect.go(o6),
                source: "iOS-T test_resetPassword_whenMultipleMethodsIncludeEmail_selectsEmailMethod, …whenSingleSMSMethod_selectsSMSMethod"),
            V2Row(
                id: "H1b", request: o5, answer: "O5 `challenge`, two or more usable methods",
                expectation: V2Expect.state(V2Names.selection),
                source: "iOS-T test_resetPassword_whenEmailAndSMSMethods_returnsAuthMethodSelectionRequired"),
            V2Row(
                id: "H1c", request: o6, answer: "O6 `riskverify` for an SMS method", expectation: V2Expect.go(V2Requests.riskVerify),
                source: "iOS-T test_resetPassword_whenSingleSMSMethodRequiresRiskVerification_returnsCodeRequired"),
            V2Row(
                id: "H1d", request: o6, answer: "O6 `riskverify` for an email method, or O13 `riskverify` again",
                expectation: V2Expect.generalError, source: "iOS-T test_selectAuthMethod_passwordReset_*"),
            V2Row(
                id: "H2", request: o5, answer: "O5 only `[password]` or `[]`, or a method lacking a usable `challenge` link",
                expectation: V2Expect.generalError,
                source: "iOS-T …whenChallengeMethodIsPassword_returnsError, …whenNoMethods_returnsExplicitError, …ContainInvalidChallengeLink…"),
            V2Row(id: "H3", request: o5, answer: "O5 AADSTS50034", expectation: V2Expect.fails("userNotFound"), source: h),
            V2Row(
                id: "H4", request: o6, answer: "O6 (or O13) `verify` email or sms", expectation: V2Expect.state(V2Names.codeRequired),
                source: h),
            V2Row(
                id: "H5", request: V2Requests.verify, answer: "O8 `update` (judged as D2)",
                expectation: V2Expect.state(V2Names.newPassword), source: h),
            V2Row(
                id: "H6", request: o11, answer: "O11 `invalidRequest` + `passwordTooWeak`", expectation: V2Expect.fails("invalidPassword"),
                source: h + " (retry on the same state)"),
            V2Row(id: "H7", request: o11, answer: "O11 `poll`", expectation: V2Expect.go(o12), source: h),
            V2Row(
                id: "H7b", request: o12, answer: "O12 `poll`, fewer than 5 polls sent (token and href replaced)",
                expectation: V2Expect.go(o12), source: h + " (5 attempts, 1.5 s apart)"),
            V2Row(id: "H8", request: o12, answer: "O12 `continue`", expectation: V2Expect.state(V2Names.afterReset), source: h),
            V2Row(
                id: "H9", request: o12, answer: "O12 still `poll` after 5 polls", expectation: V2Expect.generalError,
                source: h + " (\"Password reset did not complete in time\")"),
            V2Row(
                id: "H10", request: o12, answer: "O11/O12 any other answer (`continue` straight from O11 included)",
                expectation: V2Expect.generalError, source: h),
        ]
        rows += authorizeRows(["H11", "H12", "H12b", "H13"], relation: "reset_password", next: o5, source: h, profile: p)
        rows += [
            V2Row(
                id: "H14", request: o5, answer: "O5 web fallback, another error or another answer",
                expectation: V2Expect.generalError, source: "inferred as A8", uncertain: true),
            V2Row(
                id: "H15", request: o6, answer: "O6, O11 or O12 web fallback", expectation: V2Expect.fails("browserRequired"),
                source: "§3.3 r1 (parser, every interaction answer)"),
        ]
        rows += V2MappedError.rows("H16", o6, "O6, O11 or O12 other", source: "§3.3 r2 (parser)", profile: p)
        return rows
    }
}
