import Testing

@testable import Emulator

@Suite("MFA and strong-auth registration")
struct StrongAuthTests {
    static func config(methods: [EmulatorConfig.StrongAuthMethod]) -> EmulatorConfig {
        var config = EmulatorConfig.default
        var user = EmulatorConfig.User(email: "mia@contoso.com", password: "Sunny-Day-42!")
        user.mfaRequired = true
        user.methods = methods
        config.users.append(user)
        return config
    }

    @Test("MFA: mfa_required, introspect, challenge by id, then mfa_oob gives tokens")
    func mfaFlow() throws {
        let h = try EmulatorHarness(config: Self.config(methods: [
            .init(channel: "email", target: "mia.backup@contoso.com"), .init(channel: "sms", target: "+14255550123"),
        ]))
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "mfa_required registration_required")
        #expect(first.error == "invalid_grant")
        #expect(first.suberror == "mfa_required")
        let introspect = h.post(.signInIntrospect, [("continuation_token", first.token!)])
        let methods = try #require(introspect.json["methods"]?.arrayValue)
        #expect(methods.count == 2)
        #expect(methods[1]["login_hint"]?.stringValue == "+1425555****")
        let sms = methods[1]["id"]!.stringValue!
        let challenge = h.post(.signInChallenge, [("continuation_token", introspect.token!), ("challenge_type", "oob redirect"), ("id", sms)])
        #expect(challenge["challenge_channel"] == "sms")
        let code = h.code("+14255550123")
        let wrong = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "mfa_oob"), ("oob", h.wrongCode("+14255550123"))])
        #expect(wrong.suberror == "invalid_oob_value")
        let ok = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "mfa_oob"), ("oob", code), ("scope", "openid")])
        #expect(ok.status == 200)
    }

    @Test("MFA without the capability is a redirect")
    func mfaRedirect() throws {
        let h = try EmulatorHarness(config: Self.config(methods: [.init(channel: "email", target: "m2@contoso.com")]))
        let reply = h.signInPassword("mia@contoso.com", "Sunny-Day-42!")
        #expect(reply.status == 200)
        #expect(reply["challenge_type"] == "redirect")
        #expect(reply["redirect_reason"]?.contains("mfa_required") == true)
    }

    @Test("MFA challenge without id picks the single method (oob grant accepted too)")
    func mfaDefaultMethod() throws {
        let h = try EmulatorHarness(config: Self.config(methods: [.init(channel: "email", target: "m2@contoso.com")]))
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "mfa_required")
        let challenge = h.post(.signInChallenge, [("continuation_token", first.token!)])
        #expect(challenge["challenge_target_label"] == "m*@co****o.com")
        let ok = h.post(.token, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("m2@contoso.com"))])
        #expect(ok.status == 200)
    }

    @Test("MFA challenge without id and two methods asks for introspect")
    func introspectRequired() throws {
        let h = try EmulatorHarness(config: Self.config(methods: [
            .init(channel: "email", target: "a@contoso.com"), .init(channel: "email", target: "b@contoso.com"),
        ]))
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "mfa_required")
        let challenge = h.post(.signInChallenge, [("continuation_token", first.token!)])
        #expect(challenge.error == "invalid_request")
        #expect(challenge.suberror == "introspect_required")
    }

    @Test("registration: registration_required, introspect, challenge a contact, continue, then tokens")
    func registrationFlow() throws {
        let h = try EmulatorHarness(config: Self.config(methods: []))
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "registration_required")
        #expect(first.suberror == "registration_required")
        let introspect = h.post(.registerIntrospect, [("continuation_token", first.token!)])
        #expect(introspect.json["methods"]?.arrayValue?.count == 2)
        let bad = h.post(.registerChallenge, [("continuation_token", introspect.token!), ("challenge_type", "oob"), ("challenge_channel", "sms"), ("challenge_target", "12")])
        #expect(bad.firstCode == 901001)
        let challenge = h.post(.registerChallenge, [("continuation_token", introspect.token!), ("challenge_type", "oob"), ("challenge_channel", "email"), ("challenge_target", "mia.new@contoso.com")])
        #expect(challenge["challenge_target"] == "mia.new@contoso.com")
        let done = h.post(.registerContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("mia.new@contoso.com"))])
        #expect(done.status == 200)
        let tokens = h.post(.token, [("continuation_token", done.token!), ("grant_type", "continuation_token"), ("scope", "openid")])
        #expect(tokens.status == 200)
        #expect(h.core.state.withLock { $0.user(named: "mia@contoso.com")?.methods.count } == 1)
    }

    @Test("registering the account email is preverified")
    func preverified() throws {
        let h = try EmulatorHarness(config: Self.config(methods: []))
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "registration_required")
        let introspect = h.post(.registerIntrospect, [("continuation_token", first.token!)])
        let challenge = h.post(.registerChallenge, [("continuation_token", introspect.token!), ("challenge_type", "oob"), ("challenge_channel", "email"), ("challenge_target", "mia@contoso.com")])
        #expect(challenge["challenge_type"] == "preverified")
        let done = h.post(.registerContinue, [("continuation_token", challenge.token!), ("grant_type", "continuation_token")])
        #expect(done.status == 200)
    }

    @Test("a blocked contact is access_denied provider_blocked_by_rep")
    func blocked() throws {
        var config = Self.config(methods: [])
        config.registration.blockedTargets = ["+15550000000"]
        let h = try EmulatorHarness(config: config)
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "registration_required")
        let introspect = h.post(.registerIntrospect, [("continuation_token", first.token!)])
        let reply = h.post(.registerChallenge, [("continuation_token", introspect.token!), ("challenge_type", "oob"), ("challenge_channel", "sms"), ("challenge_target", "+15550000000")])
        #expect(reply.error == "access_denied")
        #expect(reply.suberror == "provider_blocked_by_rep")
    }
}

@Suite("Registration contact rules")
struct RegistrationContactTests {
    @Test("a phone in a region the admin blocked is access_denied provider_blocked_by_admin")
    func blockedRegion() throws {
        var config = StrongAuthTests.config(methods: [])
        config.registration.blockedPhonePrefixes = ["+999"]
        let h = try EmulatorHarness(config: config)
        let first = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "registration_required")
        let introspect = h.post(.registerIntrospect, [("continuation_token", first.token!)])
        let reply = h.post(.registerChallenge, [("continuation_token", introspect.token!), ("challenge_type", "oob"), ("challenge_channel", "sms"), ("challenge_target", "+9991234567")])
        #expect(reply.error == "access_denied")
        #expect(reply.suberror == "provider_blocked_by_admin")
    }

    @Test("registration without the capability is a redirect")
    func registrationRedirect() throws {
        let h = try EmulatorHarness(config: StrongAuthTests.config(methods: []))
        let reply = h.signInPassword("mia@contoso.com", "Sunny-Day-42!", caps: "mfa_required")
        #expect(reply["challenge_type"] == "redirect")
        #expect(reply["redirect_reason"]?.contains("registration_required") == true)
    }
}
