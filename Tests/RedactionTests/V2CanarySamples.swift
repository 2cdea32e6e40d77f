import Foundation
import HAR

/// Native-auth V2 exchanges (native-auth-v2.md §2, every journey) with canary secrets: JSON
/// request bodies with camelCase keys, HAL answers, method ids in `_links` hrefs and request
/// paths, the 401 entry body, authorization codes in answers and in the `/token` form.
enum V2CanarySamples {
    static let authority = "https://login.contoso.com/aaaabbbb-0000-cccc-1111-dddd2222eeee"
    static let api = authority + "/api/v2.0"
    static let clientID = "11111111-2222-4333-8444-555555555555"
    static let correlation = "5c0f2a4e-9b1d-4e7f-8a6c-3d2b1a0f9e8d"

    // Canary secrets: none of these may survive redaction.
    static let username = "v2.canary.user@example.com"
    static let signUpUsername = "sam.v2canary@example.com"
    static let password = "V2-Canary-Pass-5521!"
    static let wrongPassword = "V2-Wrong-Pass-8812"
    static let newPassword = "V2-New-Passw0rd-7731!"
    static let weakPassword = "v2weakcanary"
    static let wrongOTP = "70315926"
    static let otp = "83619024"
    static let signUpOTP = "64738291"
    static let ssprOTP = "39104472"
    static let mfaOTP = "582917"
    static let jitCode = "719384"
    static let displayName = "Sam V2Canaryfield"
    static let jitTarget = "+15555550177"
    static let emailHint = "v***r@e*****e.com"
    static let smsHint = "+*** *******77"
    static let passwordMethod = "pw-canary-7f3a"
    static let emailMethod = "em-canary-91c2"
    static let ssprMethod = "em-canary-55aa"
    static let mfaEmailMethod = "em-canary-mfa0"
    static let mfaSMSMethod = "sms-canary-0b1"
    static let signUpMethod = "em-canary-su01"
    static let jitMethod = "sms-canary-new9"
    static let authorizationCode = "AC1.AQABcanaryAuthCode0000xyzQ"
    static let authorizationCode2 = "AC2.AQABcanaryAuthCode1111xyzR"
    static let refreshToken = "1.AXkAv2canaryRefreshToken0123456789abcdefABCDEF"
    static let accessToken = NativeAuthSamples.jwt(claims: #"{"oid":"v2canary-oid","preferred_username":"v2.canary.user@example.com"}"#)
    static let idToken = NativeAuthSamples.jwt(claims: #"{"name":"V2 Canary","tid":"aaaa"}"#)
    static let clientInfo = Data(#"{"uid":"v2canary-uid","utid":"aaaa"}"#.utf8).base64EncodedString()

    /// Continuation tokens, one per step, named by journey.
    static func token(_ journey: String, _ step: Int) -> String { "V2CT-\(journey)-\(step)-canary" }

    static let journeys = ["si", "otp", "su", "sspr", "mfa", "jit", "web"]

    static var canaries: [String] {
        var list = [
            username, signUpUsername, password, wrongPassword, newPassword, weakPassword, wrongOTP, otp,
            signUpOTP, ssprOTP, mfaOTP, jitCode, displayName, jitTarget, emailHint, smsHint, passwordMethod, emailMethod,
            ssprMethod, mfaEmailMethod, mfaSMSMethod, signUpMethod, jitMethod, authorizationCode, authorizationCode2,
            refreshToken, accessToken, idToken, clientInfo,
        ]
        for journey in journeys { list += (0...6).map { token(journey, $0) } }
        return list
    }

    /// The canaries that are in the capture (tokens of steps a journey does not reach are not).
    static func canaries(in bytes: [UInt8]) -> [String] {
        canaries.filter { ByteSearch.firstIndex(of: Array($0.utf8), in: bytes) != nil }
    }

    // MARK: Exchanges

    static func exchange(
        _ url: String, method: String = "POST", json: String? = nil, form: [(String, String)]? = nil,
        status: Int, _ answer: String, requestHeaders: [HARHeader] = [], responseHeaders: [HARHeader] = []
    ) -> HAREntry {
        let body: HARPostData?
        var headers = [HARHeader(name: "client-request-id", value: correlation), HARHeader(name: "x-client-SKU", value: "MSAL.iOS")]
        if let json {
            body = HARPostData(mimeType: "application/json", text: json)
            headers.insert(HARHeader(name: "Content-Type", value: "application/json"), at: 0)
            headers.append(HARHeader(name: "Accept", value: "application/hal+json"))
        } else if let form {
            let text = NativeAuthSamples.formEncode(form)
            body = HARPostData(mimeType: "application/x-www-form-urlencoded", text: text)
            headers.insert(HARHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"), at: 0)
        } else {
            body = nil
        }
        let request = HARRequest(method: method, url: url, headers: headers + requestHeaders, postData: body, bodySize: body?.text?.utf8.count ?? 0)
        let response = HARResponse(
            status: status, statusText: status == 200 ? "OK" : status == 401 ? "Unauthorized" : "Bad Request",
            headers: [
                HARHeader(name: "Content-Type", value: "application/hal+json; charset=utf-8"),
                HARHeader(name: "x-ms-request-id", value: correlation),
            ] + responseHeaders,
            content: HARContent(size: answer.utf8.count, mimeType: "application/hal+json; charset=utf-8", text: answer),
            bodySize: answer.utf8.count)
        return HAREntry(startedDateTime: "2026-11-22T10:00:00.000Z", time: 11.5, request: request, response: response)
    }

    /// O1: the 401 entry answer with the first continuation token (snake_case) and the links.
    static func start(_ journey: String) -> HAREntry {
        exchange(
            authority + "/oauth2/v2.0/authorize-challenge", form: [("client_id", clientID), ("scope", "openid offline_access")],
            status: 401,
            #"{"continuation_token":"\#(token(journey, 0))","sign_in":"/aaaabbbb-0000-cccc-1111-dddd2222eeee/api/v2.0/signin/start","sign_up":"/aaaabbbb-0000-cccc-1111-dddd2222eeee/api/v2.0/signup/start","reset_password":"/aaaabbbb-0000-cccc-1111-dddd2222eeee/api/v2.0/resetpassword/start"}"#)
    }

    /// O2 then O17: the authorization code in the answer and in the `/token` form.
    static func finish(_ journey: String, step: Int, code: String) -> [HAREntry] {
        [
            exchange(
                authority + "/oauth2/v2.0/authorize-challenge", form: [("continuation_token", token(journey, step))], status: 200,
                #"{"code":"\#(code)","authorizationCode":"\#(code)"}"#),
            exchange(
                authority + "/oauth2/v2.0/token",
                form: [
                    ("grant_type", "authorization_code"), ("code", code), ("client_id", clientID), ("client_info", "true"),
                    ("scope", "openid offline_access"), ("claims", #"{"access_token":{"xms_cc":{"values":["cp1"]}}}"#),
                ],
                status: 200,
                #"{"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3599,"ext_expires_in":3599,"access_token":"\#(accessToken)","refresh_token":"\#(refreshToken)","id_token":"\#(idToken)","client_info":"\#(clientInfo)"}"#),
        ]
    }

    static func methodLinks(_ type: String, _ id: String, base: String = "auth/methods") -> String {
        #"{"challenge":{"href":"\#(api)/\#(base)/\#(type)/\#(id)/challenge"}}"#
    }

    /// The first-factor method list of sign-in (§2.1 step 2).
    static func signInStart(_ journey: String) -> HAREntry {
        exchange(
            api + "/signin/start", json: #"{"username":"\#(username)","continuationToken":"\#(token(journey, 0))"}"#, status: 200,
            #"{"state":"interactionRequired","action":"challenge","continuationToken":"\#(token(journey, 1))","challengeContext":{"authenticationFactor":"singleFactor"},"_embedded":{"methods":[{"id":"\#(passwordMethod)","type":"password","_links":\#(methodLinks("password", passwordMethod))},{"id":"\#(emailMethod)","type":"email","hint":"\#(emailHint)","_links":\#(methodLinks("email", emailMethod))}]}}"#)
    }

    /// §2.1: sign-in with a wrong password, then the right one (same token reused).
    static func signInWithPassword() -> [HAREntry] {
        let path = "\(api)/auth/methods/password/\(passwordMethod)"
        return [
            start("si"), signInStart("si"),
            exchange(
                path + "/challenge", json: #"{"continuationToken":"\#(token("si", 1))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(token("si", 2))","id":"\#(passwordMethod)","type":"password","_links":{"verify":{"href":"\#(path)/verify"},"recover":{"href":"\#(path)/recover"}}}"#,
                responseHeaders: [HARHeader(name: "Link", value: "<\(path)/verify>; rel=\"verify\"")]),
            exchange(
                path + "/verify", json: #"{"continuationToken":"\#(token("si", 2))","password":"\#(wrongPassword)"}"#, status: 400,
                #"{"error":{"code":"invalidGrant","message":"AADSTS50126: Error validating credentials due to invalid username or password.","innerError":{"code":"invalidUserNameOrPassword"},"correlationId":"\#(correlation)"}}"#,
                requestHeaders: [HARHeader(name: "Referer", value: "\(path)/challenge")]),
            exchange(
                path + "/verify", json: #"{"continuationToken":"\#(token("si", 2))","password":"\#(password)"}"#, status: 200,
                #"{"state":"continue","continuationToken":"\#(token("si", 3))","_links":{"continue":{"href":"\#(authority)/oauth2/v2.0/authorize-challenge"}}}"#),
        ] + finish("si", step: 3, code: authorizationCode)
    }

    /// §2.2: sign-in with an e-mail code, a wrong code, a resend and the new code.
    static func signInWithEmailOTP() -> [HAREntry] {
        let path = "\(api)/auth/methods/email/\(emailMethod)"
        return [
            start("otp"), signInStart("otp"),
            exchange(
                path + "/challenge?dc=ESTS-PUB-WUS2", json: #"{"continuationToken":"\#(token("otp", 1))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(token("otp", 2))","id":"\#(emailMethod)","type":"email","hint":"\#(emailHint)","codeLength":8,"_links":{"verify":{"href":"\#(path)/verify"},"resend":{"href":"\#(path)/challenge"}}}"#),
            exchange(
                path + "/verify", json: #"{"continuationToken":"\#(token("otp", 2))","otp":"\#(wrongOTP)"}"#, status: 400,
                #"{"error":{"code":"invalidGrant","message":"AADSTS50184: OTP is incorrect for \#(username).","innerError":{"code":"invalidOneTimeCode"},"correlationId":"\#(correlation)"}}"#),
            exchange(
                path + "/challenge", json: #"{"continuationToken":"\#(token("otp", 2))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(token("otp", 3))","id":"\#(emailMethod)","type":"email","hint":"\#(emailHint)","codeLength":8,"_links":{"verify":{"href":"\#(path)/verify"}}}"#),
            exchange(
                path + "/verify", json: #"{"continuationToken":"\#(token("otp", 3))","otp":"\#(otp)"}"#, status: 200,
                #"{"state":"continue","continuationToken":"\#(token("otp", 4))"}"#),
        ] + finish("otp", step: 4, code: authorizationCode2)
    }

    /// §2.3: sign-up with attributes, an e-mail code, a password the policy refuses, then one it takes.
    static func signUp() -> [HAREntry] {
        let signup = api + "/signup"
        return [
            start("su"),
            exchange(
                signup + "/start", json: #"{"continuationToken":"\#(token("su", 0))","username":"\#(signUpUsername)"}"#, status: 200,
                #"{"state":"interactionRequired","action":"collectAttributes","continuationToken":"\#(token("su", 1))","attributes":[{"attributeId":"email","inputType":"text","required":true,"canChange":true,"label":"Email Address","regex":"^.*"},{"attributeId":"displayName","inputType":"text","required":true}],"_links":{"submitAttributes":{"href":"\#(signup)/submitattributes","name":"submitAttributes"}}}"#),
            exchange(
                signup + "/submitattributes",
                json: #"{"continuationToken":"\#(token("su", 1))","attributes":{"email":"\#(signUpUsername)","displayName":"\#(displayName)"}}"#,
                status: 200,
                #"{"state":"interactionRequired","action":"verify","continuationToken":"\#(token("su", 2))","id":"\#(signUpMethod)","type":"email","hint":"\#(emailHint)","codeLength":8,"attributes":[{"attributeId":"password","inputType":"password","required":true}],"_links":{"verify":{"href":"\#(signup)/verify"},"resend":{"href":"\#(signup)/resend"}}}"#),
            exchange(
                signup + "/verify", json: #"{"continuationToken":"\#(token("su", 2))","otp":"\#(signUpOTP)"}"#, status: 200,
                #"{"state":"interactionRequired","action":"collectAttributes","continuationToken":"\#(token("su", 3))","attributes":[{"attributeId":"password","inputType":"password","required":true,"confirmationInput":"retype"}],"_links":{"submitAttributes":{"href":"\#(signup)/submitattributes"}}}"#),
            exchange(
                signup + "/submitattributes", json: #"{"continuationToken":"\#(token("su", 3))","attributes":{"password":"\#(weakPassword)"}}"#,
                status: 400,
                #"{"error":{"code":"invalidRequest","message":"AADSTS1002027: Attribute validation failed.","innerError":{"code":"attributeValidationError","details":[{"attributeIds":["password"],"code":"passwordPolicyViolation","message":"The password is too weak."}]},"correlationId":"\#(correlation)"}}"#),
            exchange(
                signup + "/submitattributes", json: #"{"continuationToken":"\#(token("su", 3))","attributes":{"password":"\#(password)"}}"#,
                status: 200, #"{"state":"continue","continuationToken":"\#(token("su", 4))"}"#),
        ] + finish("su", step: 4, code: authorizationCode)
    }

    /// §2.4: self-service password reset with an e-mail code, the new password by PUT, and polling.
    static func resetPassword() -> [HAREntry] {
        let reset = api + "/resetpassword"
        let path = "\(api)/auth/methods/email/\(ssprMethod)"
        return [
            start("sspr"),
            exchange(
                reset + "/start", json: #"{"username":"\#(username)","continuationToken":"\#(token("sspr", 0))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"challenge","continuationToken":"\#(token("sspr", 1))","challengeContext":{"authenticationFactor":"singleFactor"},"scenario":"recovery","_links":{"self":{"href":"\#(reset)/start"}},"_embedded":{"methods":[{"id":"\#(ssprMethod)","type":"email","hint":"\#(emailHint)","_links":{"challenge":{"href":"\#(path)/challenge"},"verify":{"href":"\#(path)/verify"}}}]}}"#),
            exchange(
                path + "/challenge", json: #"{"continuationToken":"\#(token("sspr", 1))"}"#, status: 200,
                #"{"action":"verify","continuationToken":"\#(token("sspr", 2))","type":"email","hint":"\#(emailHint)","codeLength":8,"_links":{"verify":{"href":"\#(path)/verify"},"resend":{"href":"\#(path)/challenge"}}}"#),
            exchange(
                path + "/verify", json: #"{"continuationToken":"\#(token("sspr", 2))","otp":"\#(ssprOTP)"}"#, status: 200,
                #"{"state":"interactionRequired","action":"update","continuationToken":"\#(token("sspr", 3))","_links":{"update":{"href":"\#(reset)/update"}}}"#),
            exchange(
                reset + "/update", method: "PUT", json: #"{"continuationToken":"\#(token("sspr", 3))","newPassword":"\#(newPassword)"}"#, status: 200,
                #"{"state":"interactionRequired","action":"poll","continuationToken":"\#(token("sspr", 4))","_links":{"poll":{"href":"\#(reset)/poll"}}}"#),
            exchange(
                reset + "/poll", json: #"{"continuationToken":"\#(token("sspr", 4))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"poll","continuationToken":"\#(token("sspr", 4))","_links":{"poll":{"href":"\#(reset)/poll"}}}"#),
            exchange(
                reset + "/poll", json: #"{"continuationToken":"\#(token("sspr", 4))"}"#, status: 200,
                #"{"state":"continue","continuationToken":"\#(token("sspr", 5))","_links":{"continue":{"href":"\#(authority)/oauth2/v2.0/authorize-challenge"}}}"#),
        ] + finish("sspr", step: 5, code: authorizationCode)
    }

    /// §2.5: after the password, MFA by SMS with a risk verification first.
    static func multiFactor() -> [HAREntry] {
        let path = "\(api)/auth/methods/password/\(passwordMethod)"
        return [
            start("mfa"), signInStart("mfa"),
            exchange(
                path + "/verify", json: #"{"continuationToken":"\#(token("mfa", 1))","password":"\#(password)"}"#, status: 200,
                #"{"state":"interactionRequired","action":"challenge","continuationToken":"\#(token("mfa", 2))","challengeContext":{"authenticationFactor":"multiFactor"},"_embedded":{"methods":[{"id":"\#(mfaEmailMethod)","type":"email","hint":"\#(emailHint)","_links":\#(methodLinks("email", mfaEmailMethod, base: "mfa"))},{"id":"\#(mfaSMSMethod)","type":"sms","hint":"\#(smsHint)","_links":\#(methodLinks("sms", mfaSMSMethod, base: "mfa"))}]}}"#),
            exchange(
                "\(api)/mfa/sms/\(mfaSMSMethod)/challenge", json: #"{"continuationToken":"\#(token("mfa", 2))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"riskverify","continuationToken":"\#(token("mfa", 3))","_links":{"riskverify":{"href":"\#(authority)/api/v1.0-internal/risk/phone/verify"}}}"#),
            exchange(
                authority + "/api/v1.0-internal/risk/phone/verify", json: #"{"continuationToken":"\#(token("mfa", 3))"}"#, status: 200,
                #"{"state":"interactionRequired","action":"verify","scenario":"signin","continuationToken":"\#(token("mfa", 4))","type":"sms","hint":"\#(smsHint)","payload":{"codeLength":6},"_links":{"verify":{"href":"\#(authority)/api/v1.0-internal/sms/verify"},"resend":{"href":"\#(authority)/api/v1.0-internal/sms/challenge"}}}"#),
            exchange(
                authority + "/api/v1.0-internal/sms/verify", json: #"{"continuationToken":"\#(token("mfa", 4))","otp":"\#(mfaOTP)"}"#, status: 200,
                #"{"state":"continue","continuationToken":"\#(token("mfa", 5))"}"#),
        ] + finish("mfa", step: 5, code: authorizationCode2)
    }

    /// §2.6: just-in-time registration of a phone number, activated with a code.
    static func justInTimeRegistration() -> [HAREntry] {
        let register = api + "/register"
        return [
            start("jit"), signInStart("jit"),
            exchange(
                "\(api)/auth/methods/password/\(passwordMethod)/verify", json: #"{"continuationToken":"\#(token("jit", 1))","password":"\#(password)"}"#,
                status: 200,
                #"{"state":"interactionRequired","action":"enroll","continuationToken":"\#(token("jit", 2))","_links":{"enroll":{"href":"\#(register)/enroll"}},"_embedded":{"methods":[{"id":"\#(jitMethod)","type":"sms","_links":{"enroll":{"href":"\#(register)/sms/\#(jitMethod)/enroll"}}}]}}"#),
            exchange(
                "\(register)/sms/\(jitMethod)/enroll", json: #"{"continuationToken":"\#(token("jit", 2))","target":"\#(jitTarget)"}"#, status: 200,
                #"{"state":"interactionRequired","action":"activate","continuationToken":"\#(token("jit", 3))","type":"sms","hint":"\#(smsHint)","codeLength":6,"_links":{"activate":{"href":"\#(register)/sms/activate"}}}"#),
            exchange(
                "\(register)/sms/activate", json: #"{"continuationToken":"\#(token("jit", 3))","code":"\#(jitCode)"}"#, status: 200,
                #"{"state":"continue","continuationToken":"\#(token("jit", 4))"}"#),
        ] + finish("jit", step: 4, code: authorizationCode)
    }

    /// §2.7: the service asks for the browser, once by state and once by error.
    static func webFallback() -> [HAREntry] {
        [
            start("web"),
            exchange(
                api + "/signin/start", json: #"{"username":"\#(username)","continuationToken":"\#(token("web", 0))"}"#, status: 200,
                #"{"state":"webFallbackRequired","continuationToken":"\#(token("web", 1))","_links":{"webFallback":{"href":"\#(authority)/oauth2/v2.0/authorize"}}}"#),
            exchange(
                api + "/signin/start", json: #"{"username":"\#(username)","continuationToken":"\#(token("web", 1))"}"#, status: 400,
                #"{"error":{"code":"redirect_to_web","message":"Use the browser."}}"#),
        ]
    }

    /// Every journey, each as its own list of entries.
    static var journeyEntries: [(name: String, entries: [HAREntry])] {
        [
            ("2.1 sign-in with password", signInWithPassword()), ("2.2 sign-in with e-mail code", signInWithEmailOTP()),
            ("2.3 sign-up", signUp()), ("2.4 password reset", resetPassword()), ("2.5 MFA", multiFactor()),
            ("2.6 JIT registration", justInTimeRegistration()), ("2.7 web fallback", webFallback()),
        ]
    }

    /// Every journey in one capture, entries timed one second apart.
    static func document() -> HARDocument {
        var entries = journeyEntries.flatMap(\.entries)
        for index in entries.indices {
            entries[index].startedDateTime = String(format: "2026-11-22T10:%02d:%02d.000Z", index / 60, index % 60)
        }
        return NativeAuthSamples.document(entries)
    }
}
