/// Answers shaped like the exchanges of spec native-auth-v2 §2, with made-up values (tenant, ids, tokens).
package enum V2Answers {
    package static let tenant = "aaaabbbb-0000-cccc-1111-dddd2222eeee"
    static let api = "/\(tenant)/api/v2.0"

    /// O1's 401 InsufficientAuthorization: the token and the three entry links (§2.1).
    static func entry(_ token: String) -> FuzzResponse {
        FuzzResponse(status: 401, json: """
            {"continuation_token":"\(token)","sign_in":"\(api)/signin/start","sign_up":"\(api)/signup/start",\
            "reset_password":"\(api)/resetpassword/start"}
            """)
    }

    /// One method of an `_embedded.methods` list, with its `challenge` link.
    static func method(_ id: String, _ type: String, hint: String? = nil, base: String = "auth/methods") -> String {
        let hintMember = hint.map { "\"hint\":\"\($0)\"," } ?? ""
        return "{\"id\":\"\(id)\",\"type\":\"\(type)\",\(hintMember)\"_links\":{\"challenge\":{\"href\":\"\(api)/\(base)/\(type)/\(id)/challenge\"}}}"
    }

    /// `interactionRequired` + `challenge` with a factor and methods (§2.1, §2.5).
    static func challenge(_ token: String, factor: String, methods: [String], scenario: String? = nil) -> FuzzResponse {
        let scenarioMember = scenario.map { "\"scenario\":\"\($0)\"," } ?? ""
        return FuzzResponse(status: 200, json: """
            {"state":"interactionRequired","action":"challenge","continuationToken":"\(token)",\(scenarioMember)\
            "challengeContext":{"authenticationFactor":"\(factor)"},"_embedded":{"methods":[\(methods.joined(separator: ","))]}}
            """)
    }

    /// `verify` for a password method (§2.1).
    static func verifyPassword(_ token: String, id: String) -> FuzzResponse {
        FuzzResponse(status: 200, json: """
            {"state":"interactionRequired","action":"verify","continuationToken":"\(token)","id":"\(id)","type":"password",\
            "_links":{"verify":{"href":"\(api)/auth/methods/password/\(id)/verify"},\
            "recover":{"href":"\(api)/auth/methods/password/\(id)/recover"}}}
            """)
    }

    /// `verify` for a code sent by email or SMS (§2.2, §2.5).
    static func verifyCode(_ token: String, id: String, type: String, hint: String, length: Int, base: String = "auth/methods")
        -> FuzzResponse
    {
        FuzzResponse(status: 200, json: """
            {"state":"interactionRequired","action":"verify","continuationToken":"\(token)","id":"\(id)","type":"\(type)",\
            "hint":"\(hint)","codeLength":\(length),"_links":{"verify":{"href":"\(api)/\(base)/\(type)/\(id)/verify"},\
            "resend":{"href":"\(api)/\(base)/\(type)/\(id)/challenge"}}}
            """)
    }

    /// `riskverify` before an SMS code (§2.5).
    static func riskVerify(_ token: String) -> FuzzResponse {
        FuzzResponse(status: 200, json: """
            {"state":"interactionRequired","action":"riskverify","continuationToken":"\(token)",\
            "_links":{"riskverify":{"href":"/\(tenant)/api/v1.0-internal/risk/phone/verify"}}}
            """)
    }

    /// `collectAttributes` asking for `attributes` (§2.3).
    static func collect(_ token: String, _ attributes: [(id: String, type: String)]) -> FuzzResponse {
        let list = attributes.map { "{\"attributeId\":\"\($0.id)\",\"inputType\":\"\($0.type)\",\"required\":true}" }
        return FuzzResponse(status: 200, json: """
            {"state":"interactionRequired","action":"collectAttributes","continuationToken":"\(token)",\
            "attributes":[\(list.joined(separator: ","))],\
            "_links":{"submitAttributes":{"href":"\(api)/signup/submitattributes","name":"submitAttributes"}}}
            """)
    }

    /// A single-link interaction (`update`, `poll`).
    static func interaction(_ token: String, action: String, href: String) -> FuzzResponse {
        FuzzResponse(status: 200, json: """
            {"state":"interactionRequired","action":"\(action)","continuationToken":"\(token)",\
            "_links":{"\(action)":{"href":"\(api)/\(href)"}}}
            """)
    }

    /// `state: continue` (§1.8).
    static func proceed(_ token: String) -> FuzzResponse {
        FuzzResponse(status: 200, json: """
            {"state":"continue","continuationToken":"\(token)","_links":{"continue":{"href":"/\(tenant)/oauth2/v2.0/authorize-challenge"}}}
            """)
    }

    /// O2's answer: the authorization code.
    static let code = FuzzResponse(status: 200, json: #"{"code":"AC-1.AQABfuzz"}"#)

    /// O17's answer: plain OAuth tokens (§1.8).
    static let tokens = FuzzResponse(status: 200, json: """
        {"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3599,"ext_expires_in":3599,\
        "access_token":"eyJ0eXAiOiJKV1QifQ.eyJzdWIiOiJmdXp6In0.c2ln","refresh_token":"1.AXfuzz-refresh",\
        "id_token":"eyJ0eXAiOiJKV1QifQ.eyJvaWQiOiJmdXp6In0.c2ln","client_info":"eyJ1aWQiOiJmdXp6IiwidXRpZCI6InQifQ"}
        """)

    /// A nested HAL error (§1.6).
    static func error(_ code: String, _ message: String, inner: String? = nil, details: String? = nil) -> FuzzResponse {
        var innerMembers: [String] = []
        if let inner { innerMembers.append("\"code\":\"\(inner)\"") }
        if let details { innerMembers.append("\"details\":\(details)") }
        let innerError = innerMembers.isEmpty ? "" : ",\"innerError\":{\(innerMembers.joined(separator: ","))}"
        return FuzzResponse(status: 400, json: """
            {"error":{"code":"\(code)","message":"\(message)"\(innerError),"correlationId":"5c0f0000-fuzz"}}
            """)
    }
}
