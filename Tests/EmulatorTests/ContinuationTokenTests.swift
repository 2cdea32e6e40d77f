import Testing

@testable import Emulator

@Suite("Continuation tokens and request rules")
struct ContinuationTokenTests {
    @Test("a garbage token is invalid_request and a token of another step is invalid_grant")
    func garbageAndWrongStep() throws {
        let h = try EmulatorHarness()
        let garbage = h.post(.signInChallenge, [("continuation_token", "AQABAAEAAA-not-ours")])
        #expect(garbage.error == "invalid_request")
        #expect(garbage.firstCode == 55200)
        let initiate = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
        let wrongStep = h.post(.token, [("continuation_token", initiate.token!), ("grant_type", "password"), ("password", "x")])
        #expect(wrongStep.error == "invalid_grant")
        let otherFlow = h.post(.resetPasswordChallenge, [("continuation_token", initiate.token!)])
        #expect(otherFlow.error == "invalid_grant")
    }

    @Test("a token expires after its lifetime with expired_token 552003")
    func expiry() throws {
        let h = try EmulatorHarness()
        let initiate = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
        h.clock.advance(by: 601)
        let reply = h.post(.signInChallenge, [("continuation_token", initiate.token!)])
        #expect(reply.error == "expired_token")
        #expect(reply.firstCode == 552003)
    }

    @Test("a token issued to one client is refused for another")
    func boundToClient() throws {
        let h = try EmulatorHarness()
        let initiate = h.post(.signInInitiate, [("username", "sam@contoso.com"), ("challenge_type", "oob redirect")])
        let reply = h.post(
            .signInChallenge, [("continuation_token", initiate.token!)], clientID: "22222222-3333-4444-8555-666666666666")
        #expect(reply.error == "invalid_request")
    }

    @Test("unknown, disabled and missing client ids get their own errors")
    func clientErrors() throws {
        let h = try EmulatorHarness()
        let fields = [("username", "alex@contoso.com"), ("challenge_type", "password redirect")]
        #expect(h.post(.signInInitiate, fields, clientID: "99999999-9999-4999-8999-999999999999").error == "unauthorized_client")
        let disabled = h.post(.signInInitiate, fields, clientID: "33333333-4444-4555-8666-777777777777")
        #expect(disabled.error == "invalid_client")
        #expect(disabled.suberror == "nativeauthapi_disabled")
        let missing = h.post(.signUpStart, fields, clientID: "")
        #expect(missing.firstCode == 90100)
        #expect(missing["error_description"]?.contains("client_id parameter is empty or not valid") == true)
    }

    @Test("error bodies carry the whole envelope and headers echo client-request-id")
    func envelopeAndHeaders() throws {
        let h = try EmulatorHarness()
        let reply = h.post(
            .signInInitiate, [("username", "ghost@contoso.com"), ("challenge_type", "password redirect")],
            headers: ["client-request-id": "0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A"])
        for key in ["error", "error_description", "timestamp", "trace_id", "correlation_id"] {
            #expect(reply[key] != nil, "missing \(key)")
        }
        #expect(reply["correlation_id"] == "0e5c3b1a-7d2f-4c6e-9a8b-1f2e3d4c5b6a")
        #expect(reply["timestamp"] == "2027-01-15 08:00:00Z")
        #expect(reply.response.header("client-request-id") == "0E5C3B1A-7D2F-4C6E-9A8B-1F2E3D4C5B6A")
        #expect(reply.response.header("x-ms-request-id")?.count == 36)
        #expect(reply.response.header("content-type") == "application/json; charset=utf-8")
    }

    @Test("a space may be sent as + or %20")
    func plusAndPercent() throws {
        let h = try EmulatorHarness()
        let body = "client_id=\(h.clientID)&username=alex%40contoso.com&challenge_type=password%20redirect"
        let request = EmulatorRequest(
            method: "POST", path: "/contoso.onmicrosoft.com/oauth2/v2.0/initiate", body: Array(body.utf8))
        #expect(h.core.handle(request).status == 200)
    }

    @Test("an unknown tenant is refused and the tenant GUID is accepted")
    func tenants() throws {
        var h = try EmulatorHarness()
        h.tenant = "fabrikam.onmicrosoft.com"
        #expect(h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")]).status == 400)
        h.tenant = h.core.config.tenant.id
        #expect(h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")]).status == 200)
    }

    @Test("too many wrong codes burn the code until a resend")
    func attemptLimit() throws {
        let h = try EmulatorHarness()
        let initiate = h.post(.signInInitiate, [("username", "sam@contoso.com"), ("challenge_type", "oob redirect")])
        let challenge = h.post(.signInChallenge, [("continuation_token", initiate.token!)])
        for _ in 0..<5 {
            _ = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.wrongCode("sam@contoso.com"))])
        }
        let right = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("sam@contoso.com"))])
        #expect(right.suberror == "invalid_oob_value")
        let resent = h.post(.signInChallenge, [("continuation_token", challenge.token!)])
        let ok = h.post(.token, [("continuation_token", resent.token!), ("grant_type", "oob"), ("oob", h.code("sam@contoso.com"))])
        #expect(ok.status == 200)
    }
}

@Suite("Token endpoint rules")
struct TokenEndpointRuleTests {
    @Test("an empty scope is invalid_scope and an unknown grant is unsupported_grant_type")
    func scopeAndGrant() throws {
        let h = try EmulatorHarness()
        let badScope = h.post(.token, [("grant_type", "password"), ("scope", " "), ("continuation_token", "x")])
        #expect(badScope.error == "invalid_scope")
        // authorization_code is V2's code exchange on the same path (V2AuthorizationTests).
        let grant = h.post(.token, [("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("code", "x")])
        #expect(grant.error == "unsupported_grant_type")
    }

    @Test("reset on a client whose user flow has SSPR off is invalid_request")
    func ssprOff() throws {
        var h = try EmulatorHarness()
        h.clientID = "22222222-3333-4444-8555-666666666666"
        let reply = h.post(.resetPasswordStart, [("username", "alex@contoso.com"), ("challenge_type", "oob redirect")])
        #expect(reply.error == "invalid_request")
    }

    @Test("an expired refresh token is expired_refresh_token")
    func expiredRefresh() throws {
        let h = try EmulatorHarness()
        let tokens = h.signInPassword("alex@contoso.com", "Sunny-Day-42!")
        h.clock.advance(by: 86_401)
        let reply = h.post(.token, [("grant_type", "refresh_token"), ("refresh_token", tokens["refresh_token"]!)])
        #expect(reply.error == "expired_refresh_token")
    }
}
