import Testing

@testable import Emulator

@Suite("Sign-up")
struct SignUpTests {
    static let types = ("challenge_type", "oob password redirect")

    @Test("email + password sign-up with the password at start creates an account that can sign in")
    func passwordAtStart() throws {
        let h = try EmulatorHarness()
        let start = h.post(.signUpStart, [("username", "new@contoso.com"), ("password", "Brand-New-7x"), Self.types])
        #expect(start.status == 200)
        let challenge = h.post(.signUpChallenge, [("continuation_token", start.token!), Self.types])
        #expect(challenge["challenge_type"] == "oob")
        #expect(challenge.json["interval"]?.intValue == 300)
        let done = h.post(
            .signUpContinue,
            [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("new@contoso.com"))])
        #expect(done.status == 200)
        #expect(done.json["expires_in"]?.intValue == 600)
        let signIn = h.post(
            .token,
            [("continuation_token", done.token!), ("grant_type", "continuation_token"), ("username", "new@contoso.com"),
             ("scope", "openid profile offline_access")])
        #expect(signIn.status == 200)
        #expect(h.signInPassword("new@contoso.com", "Brand-New-7x").status == 200)
    }

    @Test("a sign-in-after-sign-up token works only once")
    func continuationTokenSingleUse() throws {
        let h = try EmulatorHarness()
        let start = h.post(.signUpStart, [("username", "once@contoso.com"), ("password", "Brand-New-7x"), Self.types])
        let challenge = h.post(.signUpChallenge, [("continuation_token", start.token!), Self.types])
        let done = h.post(.signUpContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("once@contoso.com"))])
        let fields = [("continuation_token", done.token!), ("grant_type", "continuation_token"), ("scope", "openid")]
        #expect(h.post(.token, fields).status == 200)
        #expect(h.post(.token, fields).error == "invalid_grant")
    }

    @Test("without a password at start the server asks for it with credential_required, then a password challenge")
    func passwordLater() throws {
        let h = try EmulatorHarness()
        let start = h.post(.signUpStart, [("username", "later@contoso.com"), Self.types])
        let challenge = h.post(.signUpChallenge, [("continuation_token", start.token!), Self.types])
        let verified = h.post(.signUpContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("later@contoso.com"))])
        #expect(verified.error == "credential_required")
        #expect(verified.firstCode == 55103)
        let pw = h.post(.signUpChallenge, [("continuation_token", verified.token!), Self.types])
        #expect(pw["challenge_type"] == "password")
        let weak = h.post(.signUpContinue, [("continuation_token", pw.token!), ("grant_type", "password"), ("password", "abc")])
        #expect(weak.error == "invalid_grant")
        #expect(weak.suberror == "password_too_short")
        let done = h.post(.signUpContinue, [("continuation_token", pw.token!), ("grant_type", "password"), ("password", "Sunny-Later-9")])
        #expect(done.status == 200)
    }

    @Test("an existing email gives user_already_exists at start")
    func existingUser() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signUpStart, [("username", "ALEX@contoso.com"), ("password", "Brand-New-7x"), Self.types])
        #expect(reply.error == "user_already_exists")
        #expect(reply.firstCode == 1003037)
    }

    @Test("an invalid email gives invalid_request 90100 naming the username parameter")
    func invalidUsername() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signUpStart, [("username", "not-an-email"), Self.types])
        #expect(reply.error == "invalid_request")
        #expect(reply.firstCode == 90100)
        #expect(reply["error_description"]?.contains("username parameter is empty or not valid") == true)
    }

    @Test("each password rule has its own suberror", arguments: [
        ("short1A!", nil), ("Ab1!", "password_too_short"), ("alllowercaseletters", "password_too_weak"),
        ("My-Password-1", "password_banned"), (String(repeating: "Aa1!", count: 70), "password_too_long"),
        ("Tab\tInside-1", "password_is_invalid"),
    ] as [(String, String?)])
    func passwordPolicy(password: String, suberror: String?) throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signUpStart, [("username", "p@contoso.com"), ("password", password), Self.types])
        #expect(reply.suberror == suberror)
        #expect(reply.status == (suberror == nil ? 200 : 400))
    }

    @Test("a taken alias is user_already_exists and an invalid alias is attribute_validation_failed")
    func aliasRules() throws {
        let h = try EmulatorHarness()
        let taken = h.post(.signUpStart, [("username", "x@contoso.com"), ("attributes", #"{"flatusername":"alex"}"#), Self.types])
        #expect(taken.error == "user_already_exists")
        let invalid = h.post(.signUpStart, [("username", "x@contoso.com"), ("attributes", #"{"flatusername":"a b"}"#), Self.types])
        #expect(invalid.suberror == "attribute_validation_failed")
        #expect(invalid.json["invalid_attributes"]?.arrayValue?.first?["name"]?.stringValue == "flatusername")
    }

    @Test("an alias collected at sign-up signs in")
    func aliasSignUpThenSignIn() throws {
        let h = try EmulatorHarness()
        let start = h.post(
            .signUpStart,
            [("username", "jo@contoso.com"), ("password", "Brand-New-7x"), ("attributes", #"{"flatusername":"jojo"}"#), Self.types])
        let challenge = h.post(.signUpChallenge, [("continuation_token", start.token!), Self.types])
        _ = h.post(.signUpContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("jo@contoso.com"))])
        #expect(h.signInPassword("jojo", "Brand-New-7x").status == 200)
    }

    @Test("required attributes are collected over two pages through attributes_required")
    func attributePages() throws {
        var config = EmulatorConfig.default
        config.userFlows[0].attributes = [
            .init(name: "displayName", required: true, page: 1),
            .init(name: "city", required: false, page: 1),
            .init(name: "postalCode", required: true, regex: "^[0-9]+$", page: 2),
        ]
        let h = try EmulatorHarness(config: config)
        let start = h.post(.signUpStart, [("username", "pages@contoso.com"), ("password", "Brand-New-7x"), Self.types])
        let challenge = h.post(.signUpChallenge, [("continuation_token", start.token!), Self.types])
        let page1 = h.post(.signUpContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("pages@contoso.com"))])
        #expect(page1.error == "attributes_required")
        let names1 = page1.json["required_attributes"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names1 == ["displayName", "city"])
        let page2 = h.post(.signUpContinue, [("continuation_token", page1.token!), ("grant_type", "attributes"), ("attributes", #"{"displayName":"Pat"}"#)])
        #expect(page2.error == "attributes_required")
        let item = page2.json["required_attributes"]?.arrayValue?.first
        #expect(item?["name"]?.stringValue == "postalCode")
        #expect(item?["options"]?["regex"]?.stringValue == "^[0-9]+$")
        let bad = h.post(.signUpContinue, [("continuation_token", page2.token!), ("grant_type", "attributes"), ("attributes", #"{"postalCode":"abc"}"#)])
        #expect(bad.suberror == "attribute_validation_failed")
        let done = h.post(.signUpContinue, [("continuation_token", page2.token!), ("grant_type", "attributes"), ("attributes", #"{"postalCode":"0150"}"#)])
        #expect(done.status == 200)
    }

    @Test("the email one-time-code user flow signs up without a password")
    func otpSignUp() throws {
        var h = try EmulatorHarness()
        h.clientID = "22222222-3333-4444-8555-666666666666"
        let start = h.post(.signUpStart, [("username", "otp@contoso.com"), ("challenge_type", "oob redirect")])
        let challenge = h.post(.signUpChallenge, [("continuation_token", start.token!)])
        let page = h.post(.signUpContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("otp@contoso.com"))])
        #expect(page.status == 200)
        let users = h.core.state.withLock { $0.user(named: "otp@contoso.com") }
        #expect(users?.password == nil)
    }

    @Test("an email+password flow without password in the app's challenge types is a redirect")
    func signUpRedirect() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.signUpStart, [("username", "r@contoso.com"), ("challenge_type", "oob redirect")])
        #expect(reply["challenge_type"] == "redirect")
    }
}
