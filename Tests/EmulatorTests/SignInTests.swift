import Foundation
import Testing

@testable import Emulator

@Suite("Sign-in")
struct SignInTests {
    @Test("a seeded password user signs in and gets Bearer tokens with client_info")
    func passwordSignIn() throws {
        let h = try EmulatorHarness()
        let reply = h.signInPassword("alex@contoso.com", "Sunny-Day-42!")
        #expect(reply.status == 200)
        #expect(reply["token_type"] == "Bearer")
        #expect(reply.json["expires_in"]?.intValue ?? 0 > 0)
        #expect(reply["refresh_token"] != nil)
        let info = try #require(reply["client_info"])
        let decoded = try #require(Data(base64Encoded: info.base64URLPadded))
        let object = try #require(JSONSerialization.jsonObject(with: decoded) as? [String: String])
        #expect(object["utid"] == h.core.config.tenant.id)
        #expect(object["uid"]?.count == 36)
    }

    @Test("a wrong password gives invalid_grant 50126 and the same token works afterwards")
    func wrongPasswordThenRight() throws {
        let h = try EmulatorHarness()
        let initiate = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
        let challenge = h.post(.signInChallenge, [("continuation_token", initiate.token!), ("challenge_type", "password redirect")])
        #expect(challenge["challenge_type"] == "password")
        let wrong = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "password"), ("password", "nope-Nope-1")])
        #expect(wrong.status == 400)
        #expect(wrong.error == "invalid_grant")
        #expect(wrong.firstCode == 50126)
        #expect(wrong["error_description"]?.hasPrefix("AADSTS50126:") == true)
        let right = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "password"), ("password", "Sunny-Day-42!"), ("scope", "openid offline_access")])
        #expect(right.status == 200)
        #expect(right["id_token"] != nil)
    }

    @Test("the alias signs in like the email")
    func aliasSignIn() throws {
        let h = try EmulatorHarness()
        #expect(h.signInPassword("alex", "Sunny-Day-42!").status == 200)
    }

    @Test("an unknown user gets user_not_found 50034 at initiate")
    func unknownUser() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signInInitiate, [("username", "ghost@contoso.com"), ("challenge_type", "password redirect")])
        #expect(reply.status == 400)
        #expect(reply.error == "user_not_found")
        #expect(reply.firstCode == 50034)
    }

    @Test("a one-time-code user gets an oob challenge, a wrong code, a resend and then tokens")
    func otpSignInWithResend() throws {
        let h = try EmulatorHarness()
        let initiate = h.post(.signInInitiate, [("username", "sam@contoso.com"), ("challenge_type", "oob password redirect")])
        let first = h.post(.signInChallenge, [("continuation_token", initiate.token!), ("challenge_type", "oob password redirect")])
        #expect(first["challenge_type"] == "oob")
        #expect(first["challenge_channel"] == "email")
        #expect(first.json["code_length"]?.intValue == 8)
        #expect(first["challenge_target_label"] == "s*m@co****o.com")
        let oldCode = h.code("sam@contoso.com")
        let wrong = h.post(.token, [("continuation_token", first.token!), ("grant_type", "oob"), ("oob", h.wrongCode("sam@contoso.com"))])
        #expect(wrong.suberror == "invalid_oob_value")
        let resent = h.post(.signInChallenge, [("continuation_token", first.token!), ("challenge_type", "oob password redirect")])
        #expect(resent.status == 200)
        let newCode = h.code("sam@contoso.com")
        if newCode != oldCode {
            let stale = h.post(.token, [("continuation_token", resent.token!), ("grant_type", "oob"), ("oob", oldCode)])
            #expect(stale.suberror == "invalid_oob_value")
        }
        let ok = h.post(.token, [("continuation_token", resent.token!), ("grant_type", "oob"), ("oob", newCode)])
        #expect(ok.status == 200)
        #expect(ok["access_token"] != nil)
    }

    @Test("a password user whose app lacks the password challenge type gets a redirect")
    func redirectWhenPasswordMissing() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "oob redirect")])
        #expect(reply.status == 200)
        #expect(reply["challenge_type"] == "redirect")
        #expect(reply["redirect_reason"] != nil)
        #expect(reply.token == nil)
    }

    @Test("a challenge_type list without redirect is invalid_request 901007")
    func missingRedirect() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password")])
        #expect(reply.error == "invalid_request")
        #expect(reply.firstCode == 901007)
    }

    @Test("an unknown challenge type or capability is invalid_request")
    func unknownValues() throws {
        let h = try EmulatorHarness()
        let badType = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "otp redirect")])
        #expect(badType.error == "invalid_request")
        let commas = h.post(
            .signInInitiate,
            [("username", "alex@contoso.com"), ("challenge_type", "password redirect"),
             ("capabilities", "mfa_required,registration_required")])
        #expect(commas.error == "invalid_request")
        let legacy = h.post(
            .signInInitiate,
            [("username", "alex@contoso.com"), ("challenge_type", "password redirect"), ("capability", "mfa_required")])
        #expect(legacy.status == 200)
    }
}

extension String {
    /// Base64url → base64 with padding.
    var base64URLPadded: String {
        var s = replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while s.count % 4 != 0 { s += "=" }
        return s
    }
}
