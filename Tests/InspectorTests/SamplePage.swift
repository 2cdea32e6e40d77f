@testable import Inspector

/// A fixed page built from values, for the golden file: a sign-up whose second step disagrees with
/// the oracle, a leak finding, and a fuzz campaign with one finding and its repro exchange.
enum SamplePage {
    static func exchange(_ entry: Int, _ endpoint: String, status: Int, error: String? = nil, suberror: String? = nil,
                         request: String, response: String, milliseconds: Double, comment: String? = nil) -> ExchangeView {
        ExchangeView(
            entry: entry, method: "POST", url: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com" + endpoint,
            endpoint: endpoint, host: "contoso.ciamlogin.com", status: status, statusText: status == 200 ? "OK" : "Bad Request",
            error: error, suberror: suberror, milliseconds: milliseconds,
            requestHeaders: [.init("Content-Type", "application/x-www-form-urlencoded"), .init("client-request-id", "REDACTED-request_id-1")],
            requestBody: .init(mimeType: "application/x-www-form-urlencoded", text: request, presentation: "form fields, decoded"),
            responseHeaders: [.init("Content-Type", "application/json; charset=utf-8")],
            responseBody: .init(mimeType: "application/json; charset=utf-8", text: response, presentation: "JSON, indented"),
            comment: comment)
    }

    static func capture() -> CaptureSection {
        let exchanges = [
            exchange(0, "/signup/v1.0/start", status: 200, request: "client_id = 1111\nusername = REDACTED-username-1",
                     response: "{\n  \"continuation_token\": \"REDACTED-continuation_token-1\"\n}", milliseconds: 4.66),
            exchange(1, "/signup/v1.0/challenge", status: 200,
                     request: "continuation_token = REDACTED-continuation_token-1\nchallenge_type = oob password redirect",
                     response: "{\n  \"challenge_type\": \"oob\",\n  \"continuation_token\": \"REDACTED-continuation_token-2\"\n}",
                     milliseconds: 12.4),
            exchange(2, "/signup/v1.0/continue", status: 400, error: "invalid_grant", suberror: "invalid_oob_value",
                     request: "continuation_token = REDACTED-continuation_token-2\noob = REDACTED-oob-1",
                     response: "{\n  \"error\": \"invalid_grant\",\n  \"suberror\": \"invalid_oob_value\"\n}", milliseconds: 3),
        ]
        let steps = [
            StepView(action: "signUp", exchanges: [0, 1],
                     engine: OutcomeView(callback: "onSignUpCodeRequired", newState: "SignUpCodeRequiredState", token: "REDACTED-continuation_token-2"),
                     oracle: OutcomeView(callback: "onSignUpCodeRequired", newState: "SignUpCodeRequiredState", token: "REDACTED-continuation_token-2"),
                     passed: true, diagnostics: []),
            StepView(action: "submitCode", exchanges: [2],
                     engine: OutcomeView(callback: "onSignUpVerifyCodeError", error: "VerifyCodeError.generalError",
                                         newState: nil, token: nil),
                     oracle: OutcomeView(callback: "onSignUpVerifyCodeError", error: "VerifyCodeError.invalidCode",
                                         newState: "SignUpCodeRequiredState", token: "REDACTED-continuation_token-2"),
                     passed: false, diagnostics: ["submitCode ended in error VerifyCodeError.generalError, expected VerifyCodeError.invalidCode"]),
        ]
        return CaptureSection(
            name: "captures/sample.har", leaks: ["captures/sample.har: entry 2: entries[2].request.postData.text[oob]: code: an 8-digit code"],
            exchanges: exchanges, flows: [FlowView(kind: "signUp", exchanges: [0, 1, 2], steps: steps)])
    }

    static func campaign() -> FuzzSection {
        let repro = CaptureSection(
            name: "fuzz-out/findings/finding-001-mismatch.har",
            exchanges: [exchange(0, "/oauth2/v2.0/initiate", status: 200, request: "username = REDACTED-username-1",
                                 response: "{\n  \"challenge_type\": \"redirect\"\n}", milliseconds: 0,
                                 comment: "mutated: challenge_type oob → redirect")],
            flows: [FlowView(kind: "signIn", exchanges: [0], steps: [
                StepView(action: "signIn", exchanges: [0], engine: OutcomeView(callback: "onSignInError", error: "SignInStartError.generalError"),
                         oracle: OutcomeView(callback: "onSignInError", error: "SignInStartError.browserRequired"), passed: false,
                         diagnostics: []),
            ])])
        let finding = FindingView(
            kind: "mismatch", step: "signInInitiate", operatorName: "replaceEnum",
            expected: "onSignInError SignInStartError.browserRequired", actual: "onSignInError SignInStartError.generalError",
            count: 7, note: "", caseID: "1:42", flow: "signInPassword", action: 0, operators: ["replaceEnum"],
            details: ["challenge_type oob → redirect"], minimised: true, reproPath: "fuzz-out/findings/finding-001-mismatch.har",
            repro: repro)
        return FuzzSection(
            name: "fuzz-out", phase: "cases", seed: "1", cases: 1000, elapsedSeconds: 2.5, casesPerSecond: 400,
            verdicts: [("pass", 990), ("mismatch", 7), ("undecided", 3)], findings: [finding], baselineProblems: [],
            rows: (hit: 212, of: 389))
    }

    static func page() -> InspectorPage {
        InspectorPage(title: "authtape view — sample.har, fuzz-out", captures: [capture()], campaigns: [campaign()], msal: .iOS_2_18_1)
    }
}
