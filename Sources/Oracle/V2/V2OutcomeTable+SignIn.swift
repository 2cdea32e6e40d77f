/// Blocks A-C of spec native-auth-v2 §3.4: `signInV2`, the first-factor challenge, `submitPassword`.
extension V2OutcomeTable {
    /// The four O1 rows of a flow: `ids` are the rows for continuation, error with continuation, error
    /// alone, continuation without the entry link.
    static func authorizeRows(
        _ ids: [String], relation: String, next: V2Request, source: String, profile p: V2OracleProfile
    ) -> [V2Row] {
        let proceeds = p.entryErrorWithContinuationProceeds
        return [
            V2Row(
                id: ids[0], request: .authorizeChallenge,
                answer: "O1 (any status) with `continuation_token` and a `\(relation)` link, no `error`",
                expectation: V2Expect.go(next), source: source),
            V2Row(
                id: ids[1], request: .authorizeChallenge,
                answer: "O1 with an `error` next to `continuation_token` and a `\(relation)` link",
                expectation: proceeds ? V2Expect.go(next) : V2Expect.generalError,
                source: "iOS-I (error checked first); iOS-RN 2.18.1 fix for 401 InsufficientAuthorization with token + entry link",
                uncertain: proceeds),
            V2Row(
                id: ids[2], request: .authorizeChallenge, answer: "O1 with an `error` and no token or no `\(relation)` link",
                expectation: V2Expect.generalError, source: source),
            V2Row(
                id: ids[3], request: .authorizeChallenge, answer: "O1 token without a `\(relation)` link",
                expectation: V2Expect.generalError, source: source + "; \"missing '\(relation)' link\" (§3.3 r3)"),
        ]
    }

    static func signInRows(_ p: V2OracleProfile) -> [V2Row] {
        let a = "iOS-I controller; iOS-J"
        let o3 = V2Requests.signInStart
        let unsupported =
            "§3.3 r5: iOS-I parser test (an unsupported type beside password ⇒ generalError) vs iOS-RN 2.17.0 (skipped with a warning); SMS as a choice only in iOS-T controller tests that mock the parser"
        var rows = authorizeRows(["A1", "A2", "A2b", "A3"], relation: "sign_in", next: o3, source: a, profile: p)
        rows += [
            V2Row(
                id: "A4", request: o3, answer: "O3 `challenge` + `singleFactor`, one method, `password` or `email`",
                expectation: V2Expect.go(V2Requests.challenge),
                source: "iOS-T test_signIn_happyPath_returnsPasswordRequired, test_signIn_whenPasswordSuppliedAndOnlyEmailAvailable_returnsCodeRequired"),
            V2Row(
                id: "A5", request: o3,
                answer: "O3 `challenge` + `singleFactor`, two or more methods, all `password` or `email`, with or without a password",
                expectation: V2Expect.state(V2Names.selection),
                source: "iOS-T test_signIn_whenMultipleSupportedMethodsAndPassword_returnsSelectionRequired, …MultipleMethodsShareSupportedChannel…; iOS-RN 2.17.0"),
            V2Row(
                id: "A4b", request: o3,
                answer: "O3 `challenge` + `singleFactor`, one supported method in a list that also has \(p.smsFirstFactor ? "an unknown type, or the method is `sms`" : "an `sms` or unknown type (skipped)")",
                expectation: V2Expect.go(V2Requests.challenge), source: unsupported, uncertain: true),
            V2Row(
                id: "A5b", request: o3,
                answer: "O3 `challenge` + `singleFactor`, two or more supported methods, \(p.smsFirstFactor ? "one of them `sms`, or an unknown type beside them" : "an `sms` or unknown type beside them (skipped)")",
                expectation: V2Expect.state(V2Names.selection),
                source: unsupported + " (test_signIn_whenEmailSMSAndPasswordAvailable_returnsAllChoicesInServerOrder, test_signIn_whenSMSAndEmailAvailable_returnsSelectionRequired)",
                uncertain: true),
            V2Row(
                id: "A6", request: o3, answer: "O3 `invalidRequest` + AADSTS50034", expectation: V2Expect.fails("userNotFound"),
                source: a),
            V2Row(
                id: "A7", request: o3, answer: "O3 web fallback", expectation: V2Expect.generalError,
                source: a + " (\"Unexpected server response\"); an E2E test expects isBrowserRequired", uncertain: true),
            V2Row(
                id: "A8", request: o3,
                answer: "O3 `multiFactor`, no factor, `verify`, any other answer or error",
                expectation: V2Expect.generalError, source: a),
            V2Row(
                id: "A9", request: o3, answer: "O3 `challenge` with no supported method (empty list)",
                expectation: V2Expect.generalError, source: "iOS-T test_signIn_whenNoMethods_returnsErrorWithoutChallenge"),
            V2Row(
                id: "A10", request: o3, answer: "O3 `challenge` with a method lacking a usable `challenge` link",
                expectation: V2Expect.generalError, source: "iOS-I parser tests (§3.3 r5)"),
        ]
        rows += challengeRows(p) + submitPasswordRows(p)
        return rows
    }

    static func challengeRows(_ p: V2OracleProfile) -> [V2Row] {
        let b = "iOS-I handleSignInChallengeResult"
        let o6 = V2Requests.challenge
        var rows = [
            V2Row(
                id: "B1", request: o6, answer: "O6 `verify` type `password`, a password given at start",
                expectation: p.sendsUpfrontPassword ? V2Expect.go(V2Requests.verify) : V2Expect.state(V2Names.passwordRequired),
                source: b + "; iOS-RN 2.18.1 (no password in SignInParametersV2)", uncertain: !p.sendsUpfrontPassword),
            V2Row(
                id: "B2", request: o6, answer: "O6 `verify` type `password`, no password (or a selected method)",
                expectation: V2Expect.state(V2Names.passwordRequired),
                source: b + "; iOS-T test_selectAuthMethod_primaryPasswordWithUpfrontPassword_returnsPasswordRequired"),
            V2Row(
                id: "B3", request: o6, answer: "O6 `verify` type `email` (or no type)",
                expectation: V2Expect.state(V2Names.codeRequired), source: b),
            V2Row(
                id: "B4", request: o6, answer: "O6 `verify` other type (sms)",
                expectation: p.smsFirstFactor ? V2Expect.state(V2Names.codeRequired) : V2Expect.generalError,
                source: b + " (generalError); after an SMS first-factor selection not tested", uncertain: true),
            V2Row(id: "B5", request: o6, answer: "O6 `continue`", expectation: V2Expect.go(.resume), source: b),
            V2Row(id: "B6", request: o6, answer: "O6 web fallback", expectation: V2Expect.fails("browserRequired"), source: b),
        ]
        rows += V2MappedError.rows("B7", o6, "O6", source: b, profile: p)
        rows.append(
            V2Row(
                id: "B8", request: o6, answer: "O6 `riskverify` (an SMS first factor; not in block B)",
                expectation: V2Expect.generalError, source: b + " (no such case; block F/H follow O13 only for MFA and reset)",
                uncertain: true))
        return rows
    }

    static func submitPasswordRows(_ p: V2OracleProfile) -> [V2Row] {
        let c = "iOS-I handleSignInSubmitPasswordResult"
        let o9 = V2Requests.verify
        var rows = [
            V2Row(id: "C1", request: o9, answer: "O9 `continue`", expectation: V2Expect.go(.resume), source: c),
            V2Row(
                id: "C2", request: o9, answer: "O9 `challenge` + `multiFactor` with methods",
                expectation: V2Expect.state(V2Names.selection),
                source: "iOS-T test_submitPassword_whenEmailMFARequired_returnsAuthMethodSelectionRequired, …SMSMFARequired…"),
            V2Row(
                id: "C2b", request: o9, answer: "O9 `multiFactor` with no method or a method lacking a usable `challenge` link",
                expectation: V2Expect.generalError, source: "iOS-T …whenMFAMethodHasEmptyChallengeLink_returnsError"),
            V2Row(
                id: "C3", request: o9, answer: "O9 `invalidGrant` + `invalidUserNameOrPassword`",
                expectation: V2Expect.fails("invalidPassword"), source: c + " (converted from invalidCredentials); iOS-J: isInvalidCredentials"),
        ]
        rows += V2MappedError.rows("C4", o9, "O9 other", source: c, profile: p, except: [.wrongPassword])
        rows += [
            V2Row(id: "C5", request: o9, answer: "O9 web fallback", expectation: V2Expect.fails("browserRequired"), source: c),
            V2Row(
                id: "C6", request: o9, answer: "O9 JIT `enroll`/`register` (JIT not modelled: iOS-I's answer kept)",
                expectation: V2Expect.generalError, source: c + "; iOS-J onStrongAuthRegistrationRequired; iOS-RN 2.18.1 adds JIT",
                uncertain: true),
        ]
        return rows
    }
}
