import Testing

@testable import Emulator

@Suite("Self-service password reset")
struct ResetPasswordTests {
    @Test("reset polls in_progress, then succeeds, and the new password signs in")
    func resetWithPolling() throws {
        var config = EmulatorConfig.default
        config.resetPassword.pollsInProgress = 2
        let h = try EmulatorHarness(config: config)
        let start = h.post(.resetPasswordStart, [("username", "alex@contoso.com"), ("challenge_type", "oob redirect")])
        let challenge = h.post(.resetPasswordChallenge, [("continuation_token", start.token!), ("challenge_type", "oob redirect")])
        #expect(challenge["challenge_type"] == "oob")
        let wrong = h.post(.resetPasswordContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.wrongCode("alex@contoso.com"))])
        #expect(wrong.suberror == "invalid_oob_value")
        let verified = h.post(.resetPasswordContinue, [("continuation_token", challenge.token!), ("grant_type", "oob"), ("oob", h.code("alex@contoso.com"))])
        #expect(verified.json["expires_in"]?.intValue == 600)
        let reused = h.post(.resetPasswordSubmit, [("continuation_token", verified.token!), ("new_password", "Sunny-Day-42!")])
        #expect(reused.suberror == "password_recently_used")
        let submit = h.post(.resetPasswordSubmit, [("continuation_token", verified.token!), ("new_password", "Rainy-Night-43?")])
        #expect(submit.json["poll_interval"]?.intValue == 2)
        var statuses: [String] = []
        var final: EmulatorHarness.Reply?
        for _ in 0..<3 {
            let poll = h.post(.resetPasswordPollCompletion, [("continuation_token", submit.token!)])
            statuses.append(poll["status"] ?? "?")
            #expect((poll.token != nil) == (poll["status"] == "succeeded"))
            final = poll
        }
        #expect(statuses == ["in_progress", "in_progress", "succeeded"])
        let signIn = h.post(.token, [("continuation_token", final!.token!), ("grant_type", "continuation_token"), ("scope", "openid")])
        #expect(signIn.status == 200)
        #expect(h.signInPassword("alex@contoso.com", "Rainy-Night-43?").status == 200)
        #expect(h.signInPassword("alex@contoso.com", "Sunny-Day-42!").firstCode == 50126)
    }

    @Test("reset for a user without a password is invalid_request 500222; for nobody user_not_found")
    func resetErrors() throws {
        let h = try EmulatorHarness()
        let otp = h.post(.resetPasswordStart, [("username", "sam@contoso.com"), ("challenge_type", "oob redirect")])
        #expect(otp.error == "invalid_request")
        #expect(otp.firstCode == 500222)
        let ghost = h.post(.resetPasswordStart, [("username", "ghost@contoso.com"), ("challenge_type", "oob redirect")])
        #expect(ghost.error == "user_not_found")
    }

    @Test("reset answers a redirect when the app lacks oob")
    func resetRedirect() throws {
        let h = try EmulatorHarness()
        let reply = h.post(.resetPasswordStart, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
        #expect(reply["challenge_type"] == "redirect")
    }
}
