import Testing

@testable import NativeAuthWire

@Suite("Request models")
struct WireRequestTests {
    static let clientID = "11111111-2222-4333-8444-555555555555"

    @Test("the initiate body of §8.0 encodes exactly as on the wire")
    func encodesInitiateLikeSection8() {
        let request = SignInInitiateRequest(
            clientID: Self.clientID, username: "alex@example.com", challengeTypes: [.password, .redirect],
            capabilities: .all)
        #expect(
            request.formBody
                == "client_id=11111111-2222-4333-8444-555555555555&username=alex%40example.com"
                + "&challenge_type=password+redirect&capabilities=mfa_required+registration_required")
    }

    @Test("the initiate body of §8.0 parses back into the same request")
    func parsesInitiateLikeSection8() throws {
        let request = try SignInInitiateRequest(
            formBody:
                "client_id=11111111-2222-4333-8444-555555555555&username=alex%40example.com"
                + "&challenge_type=password+redirect&capabilities=mfa_required%20registration_required")
        #expect(request.username == "alex@example.com")
        #expect(request.challengeTypes == [.password, .redirect])
        #expect(request.capabilities == .all)
    }

    @Test("the sign-up start of §8.1 round-trips with attributes as a JSON string")
    func signUpStartRoundTrip() throws {
        let request = SignUpStartRequest(
            clientID: Self.clientID, username: "alex@example.com", password: "Sunny-Day-42!",
            attributes: ["displayName": "Alex", "extension_abc_Hobbies": "Dancing,Swimming"],
            challengeTypes: [.oob, .password, .redirect], capabilities: .all)
        let form = request.form
        #expect(form[WireField.attributes] == #"{"displayName":"Alex","extension_abc_Hobbies":"Dancing,Swimming"}"#)
        #expect(
            form.pairs.map(\.0) == [
                "client_id", "username", "password", "attributes", "challenge_type", "capabilities",
            ])
        #expect(try SignUpStartRequest(formBody: request.formBody) == request)
    }

    @Test("every request round-trips through its encoded body")
    func everyRequestRoundTrips() throws {
        let requests: [any WireRequest] = [
            SignUpChallengeRequest(clientID: "c", continuationToken: "t", challengeTypes: [.oob, .redirect]),
            SignUpContinueRequest.code(clientID: "c", continuationToken: "t", code: "48213907"),
            SignUpContinueRequest.attributes(clientID: "c", continuationToken: "t", attributes: ["a": "b c"]),
            SignInChallengeRequest(
                clientID: "c", continuationToken: "t", challengeTypes: [.redirect], methodID: "3f1c"),
            SignInIntrospectRequest(clientID: "c", continuationToken: "t"),
            TokenRequest(
                clientID: "c", grantType: .mfaOOB, continuationToken: "t", oob: "5555", scope: "openid profile"),
            RegisterIntrospectRequest(clientID: "c", continuationToken: "t"),
            RegisterChallengeRequest(
                clientID: "c", continuationToken: "t", challengeTarget: "+1 425", challengeChannel: .sms),
            RegisterContinueRequest(clientID: "c", continuationToken: "t", grantType: .continuationToken),
            ResetPasswordStartRequest(clientID: "c", username: "u@x", challengeTypes: [.oob, .redirect]),
            ResetPasswordChallengeRequest(clientID: "c", continuationToken: "t", challengeTypes: nil),
            ResetPasswordContinueRequest(clientID: "c", continuationToken: "t", oob: "31415926"),
            ResetPasswordSubmitRequest(clientID: "c", continuationToken: "t", newPassword: "Brand New+Pass&7"),
            ResetPasswordPollCompletionRequest(clientID: "c", continuationToken: "t"),
        ]
        for request in requests {
            let endpoint = type(of: request).endpoint
            let parsed = try AnyWireRequest(endpoint: endpoint, form: FormCodec.decode(request.formBody))
            #expect(parsed.endpoint == endpoint)
            #expect(parsed.form == request.form, "\(endpoint)")
            #expect(parsed.continuationToken == request.form[WireField.continuationToken])
        }
    }

    @Test("a missing required field is reported by name")
    func reportsMissingFields() {
        let cases: [(NativeAuthEndpoint, String, String)] = [
            (.signUpStart, "client_id=c&challenge_type=oob+redirect", "username"),
            (.signUpStart, "username=u&challenge_type=oob", "client_id"),
            (.signInInitiate, "client_id=c&username=u", "challenge_type"),
            (.signUpChallenge, "client_id=c", "continuation_token"),
            (.signUpContinue, "client_id=c&continuation_token=t&grant_type=oob", "oob"),
            (.signUpContinue, "client_id=c&continuation_token=t&grant_type=password", "password"),
            (.signUpContinue, "client_id=c&continuation_token=t&grant_type=attributes", "attributes"),
            (.signUpContinue, "client_id=c&continuation_token=t", "grant_type"),
            (.token, "client_id=c&grant_type=password&continuation_token=t", "password"),
            (.token, "client_id=c&grant_type=mfa_oob&oob=1", "continuation_token"),
            (.token, "client_id=c&grant_type=refresh_token", "refresh_token"),
            (.registerChallenge, "client_id=c&continuation_token=t&challenge_type=oob", "challenge_target"),
            (.registerContinue, "client_id=c&continuation_token=t&grant_type=oob", "oob"),
            (.resetPasswordSubmit, "client_id=c&continuation_token=t", "new_password"),
            (.resetPasswordContinue, "client_id=c&continuation_token=t&grant_type=oob", "oob"),
        ]
        for (endpoint, body, field) in cases {
            #expect(throws: WireRequestError(field: field, problem: .missing), "\(endpoint) \(body)") {
                try AnyWireRequest(endpoint: endpoint, form: FormCodec.decode(body))
            }
        }
    }

    @Test("an empty required field is reported as empty, and the message names it without values")
    func reportsEmptyFields() {
        do {
            _ = try SignInInitiateRequest(formBody: "client_id=c&username=&challenge_type=redirect")
            Issue.record("expected an error")
        } catch {
            #expect(error == WireRequestError(field: "username", problem: .empty))
            #expect(error.description == "request field 'username' is empty")
        }
    }

    @Test("an unknown or comma-joined capability makes the request invalid")
    func rejectsBadCapabilities() {
        #expect(throws: WireRequestError.self) {
            try ResetPasswordStartRequest(
                formBody: "client_id=c&username=u&challenge_type=oob&capabilities=mfa_required,registration_required")
        }
        #expect(throws: WireRequestError.self) {
            try SignUpStartRequest(formBody: "client_id=c&username=u&challenge_type=oob&capabilities=mfa_required+push")
        }
    }

    @Test("the legacy capability key is accepted as an alias")
    func acceptsLegacyCapabilityKey() throws {
        let request = try SignInInitiateRequest(
            formBody: "client_id=c&username=u&challenge_type=redirect&capability=registration_required")
        #expect(request.capabilities == [.registrationRequired])
    }

    @Test("attributes that are not a JSON object are rejected naming the field")
    func rejectsBadAttributes() {
        for value in ["%5B%5D", "not-json", "%7B%22a%22%3A"] {
            do {
                _ = try SignUpStartRequest(formBody: "client_id=c&username=u&challenge_type=oob&attributes=\(value)")
                Issue.record("accepted \(value)")
            } catch {
                #expect(error.field == "attributes")
            }
        }
    }

    @Test("the token request of §8.1 exposes scopes and the client_info flag")
    func tokenRequestHelpers() throws {
        let request = try TokenRequest(
            formBody:
                "client_id=c&continuation_token=SU-CT-4&grant_type=continuation_token&username=alex%40example.com"
                + "&scope=openid+profile+offline_access&challenge_type=oob+password+redirect&client_info=1")
        #expect(request.scopes == TokenRequest.defaultScopes)
        #expect(request.requestsClientInfo)
        #expect(request.username == "alex@example.com")
        #expect(request.challengeTypes?.values == [.oob, .password, .redirect])
    }

    @Test("a malformed body is reported without quoting it")
    func malformedBody() {
        do {
            _ = try SignInIntrospectRequest(formBody: "client_id=c&continuation_token=SECRET%G")
            Issue.record("expected an error")
        } catch {
            #expect(error.field == "<body>")
            #expect(!error.description.contains("SECRET"))
        }
    }
}
