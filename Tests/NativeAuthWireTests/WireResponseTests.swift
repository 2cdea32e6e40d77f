import Testing

@testable import NativeAuthWire

@Suite("Response decoding")
struct WireResponseTests {
    @Test("the sign-up oob challenge of §8.1 decodes every field")
    func decodesOOBChallenge() throws {
        let response = WireResponse(
            statusCode: 200,
            text: """
                {"continuation_token":"SU-CT-2","challenge_type":"oob","binding_method":"prompt",
                 "challenge_channel":"email","challenge_target_label":"a***x@ex****e.com","code_length":8,"interval":300}
                """)
        let success = try response.decodeSuccess()
        #expect(response.isOK)
        #expect(success.continuationToken == "SU-CT-2")
        #expect(success.challengeType == .oob)
        #expect(success.bindingMethod == .prompt)
        #expect(success.challengeChannel == .email)
        #expect(success.challengeTargetLabel == "a***x@ex****e.com")
        #expect(success.codeLength == 8)
        #expect(success.interval == 300)
        #expect(!success.isRedirect)
    }

    @Test("the attributes_required error of §8.1 decodes its flow fields")
    func decodesAttributesRequired() throws {
        let body = try WireBody.parse(
            """
            {"error":"attributes_required","error_description":"User attributes required","error_codes":[55106],
             "continuation_token":"SU-CT-3",
             "required_attributes":[{"name":"displayName","type":"string","required":true},
                                    {"name":"postalCode","type":"string","required":false,"options":{"regex":"^[0-9]+$"}}]}
            """)
        let envelope = try WireErrorEnvelope(body: body)
        #expect(envelope.error == .attributesRequired)
        #expect(envelope.firstErrorCode == .attributesRequired)
        #expect(envelope.continuationToken == "SU-CT-3")
        #expect(
            envelope.requiredAttributes == [
                WireRequiredAttribute(name: "displayName", type: "string", required: true),
                WireRequiredAttribute(name: "postalCode", type: "string", required: false, regex: "^[0-9]+$"),
            ])
    }

    @Test("the full error envelope of §2.3 decodes, unknown keys ignored")
    func decodesFullEnvelope() throws {
        let response = WireResponse(
            statusCode: 400,
            text: """
                {"error":"invalid_grant","suberror":"invalid_oob_value","error_description":"AADSTS50181: wrong code",
                 "error_codes":[50181, 1],"timestamp":"2025-01-01 10:00:00Z","trace_id":"t-1","correlation_id":"0e5c3b1a",
                 "error_uri":"https://login/error","inner_errors":[{"error":"x","error_description":"y"}],
                 "target":"T","brand_new_field":{"nested":[1,2]}}
                """)
        let envelope = try response.decodeError()
        #expect(envelope.error == .invalidGrant)
        #expect(envelope.suberror == .invalidOOBValue)
        #expect(envelope.errorCodes == [50181, 1])
        #expect(envelope.timestamp == "2025-01-01 10:00:00Z")
        #expect(envelope.traceID == "t-1")
        #expect(envelope.correlationID == "0e5c3b1a")
        #expect(envelope.errorURI == "https://login/error")
        #expect(envelope.innerErrors == [WireInnerError(error: "x", errorDescription: "y")])
        #expect(envelope.target == "T")
    }

    @Test("errors of §8.3 and §8.7 carry their attribute names and codes")
    func decodesStartErrors() throws {
        let invalid = try WireErrorEnvelope(
            body: WireBody.parse(
                #"{"error":"invalid_grant","suberror":"attribute_validation_failed","invalid_attributes":[{"name":"postalCode"}]}"#
            ))
        #expect(invalid.invalidAttributes == [WireAttributeName(name: "postalCode")])
        let username = try WireErrorEnvelope(
            body: WireBody.parse(
                #"{"error":"invalid_request","error_description":"AADSTS90100: username parameter is empty or not valid. x","error_codes":[90100]}"#
            ))
        #expect(username.firstErrorCode == .invalidRequestParameter)
        #expect(username.errorDescription?.contains(WireErrorDescription.usernameInvalid) == true)
        let contact = try WireErrorEnvelope(
            body: WireBody.parse(#"{"error":"invalid_request","error_codes":[901001]}"#))
        #expect(contact.errorCodes.contains(.invalidVerificationContact))
        let verification = try WireErrorEnvelope(
            body: WireBody.parse(
                #"{"error":"verification_required","continuation_token":"c","unverified_attributes":[{"name":"email"}]}"#
            ))
        #expect(verification.unverifiedAttributes?.map(\.name) == ["email"])
    }

    @Test("the redirect answer of §8.3 is recognised with its reason")
    func decodesRedirect() throws {
        let body = try WireBody.parse(
            #"{"challenge_type":"redirect","redirect_reason":"Client is missing registration_required capability"}"#)
        #expect(body.isRedirect)
        let success = try WireSuccess(body: body)
        #expect(success.isRedirect)
        #expect(success.redirectReason == "Client is missing registration_required capability")
        #expect(success.continuationToken == nil)
    }

    @Test("the token response of §8.1 decodes every token field")
    func decodesTokenResponse() throws {
        let success = try WireSuccess(
            body: WireBody.parse(
                """
                {"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3599,"ext_expires_in":3599,
                 "access_token":"eyJ.a","refresh_token":"1.AX","id_token":"eyJ.i","client_info":"eyJ1aWQiOi"}
                """))
        #expect(success.tokenType == .bearer)
        #expect(success.scope == "openid profile offline_access")
        #expect(success.expiresIn == 3599)
        #expect(success.extExpiresIn == 3599)
        #expect(success.accessToken == "eyJ.a")
        #expect(success.refreshToken == "1.AX")
        #expect(success.idToken == "eyJ.i")
        #expect(success.clientInfo == "eyJ1aWQiOi")
    }

    @Test("introspect methods of §8.6 and the preverified and poll answers of §8.7–8.8 decode")
    func decodesMethodsAndStatus() throws {
        let introspect = try WireSuccess(
            body: WireBody.parse(
                """
                {"continuation_token":"MFA-CT-2","methods":[{"id":"3f1c","challenge_type":"oob","challenge_channel":"email",
                 "login_hint":"a***x@ex****e.com"},{"id":"sms","challenge_type":"oob","challenge_channel":"sms"}]}
                """))
        #expect(
            introspect.methods == [
                WireAuthMethod(id: "3f1c", challengeChannel: .email, loginHint: "a***x@ex****e.com"),
                WireAuthMethod(id: "sms", challengeChannel: .sms),
            ])
        let preverified = try WireSuccess(
            body: WireBody.parse(#"{"continuation_token":"REG-CT-3","challenge_type":"preverified"}"#))
        #expect(preverified.challengeType == .preverified)
        let register = try WireSuccess(
            body: WireBody.parse(
                #"{"continuation_token":"REG-CT-3","challenge_type":"oob","challenge_target":"alex.backup@example.com","code_length":8}"#
            ))
        #expect(register.challengeTarget == "alex.backup@example.com")
        let poll = try WireSuccess(body: WireBody.parse(#"{"status":"succeeded","continuation_token":"RP-CT-5"}"#))
        #expect(poll.status == .succeeded)
        let submit = try WireSuccess(body: WireBody.parse(#"{"continuation_token":"RP-CT-4","poll_interval":2}"#))
        #expect(submit.pollInterval == 2)
    }

    @Test("a code_length given as a string is an error naming the field")
    func reportsTypeMismatch() throws {
        let body = try WireBody.parse(#"{"continuation_token":"SECRET-CT","code_length":"8"}"#)
        #expect(throws: WireFieldError(field: "code_length", problem: .wrongType(expected: "number", found: "string")))
        {
            try body.codeLength
        }
        #expect(try body.continuationToken == "SECRET-CT")
        do {
            _ = try WireSuccess(body: body)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "field 'code_length' should be a number but is a string")
        }
        #expect(body.raw("code_length") == .string("8"))
    }

    @Test("nested errors name the element path and never the value")
    func reportsNestedPaths() throws {
        let body = try WireBody.parse(
            #"{"methods":[{"id":"a","challenge_type":"oob","challenge_channel":"email"},{"id":7}]}"#)
        #expect(
            throws: WireFieldError(field: "methods[1].id", problem: .wrongType(expected: "string", found: "number"))
        ) {
            try body.methods
        }
        let codes = try WireBody.parse(#"{"error":"x","error_codes":[1,"2"]}"#)
        #expect(
            throws: WireFieldError(field: "error_codes[1]", problem: .wrongType(expected: "integer", found: "string"))
        ) {
            try codes.errorCodes
        }
    }

    @Test("null counts as absent for typed access but stays visible raw")
    func nullIsAbsent() throws {
        let body = try WireBody.parse(#"{"continuation_token":null,"interval":2.5}"#)
        #expect(try body.continuationToken == nil)
        #expect(body.raw("continuation_token") == .null)
        #expect(body.contains("continuation_token"))
        #expect(throws: WireFieldError(field: "interval", problem: .invalidValue("not an integer"))) {
            try body.interval
        }
    }

    @Test("an error body without 'error' fails to decode as an envelope")
    func envelopeNeedsError() throws {
        let response = WireResponse(statusCode: 400, text: #"{"error_description":"x"}"#)
        #expect(throws: WireResponseError.field(WireFieldError(field: "error", problem: .missing))) {
            try response.decodeError()
        }
    }

    @Test("non-object and non-JSON bodies are reported as body errors")
    func rejectsNonObjectBodies() {
        #expect(throws: WireResponseError.body(.notAnObject(found: "array"))) {
            try WireResponse(statusCode: 200, text: "[]").decodeSuccess()
        }
        #expect(throws: WireResponseError.self) { try WireResponse(statusCode: 200, text: "<html>").decodeSuccess() }
    }

    @Test("bodies built for the emulator decode back to the same values")
    func builtBodiesRoundTrip() throws {
        var success = WireSuccess()
        success.continuationToken = "CT"
        success.challengeType = .oob
        success.codeLength = 8
        success.methods = [WireAuthMethod(id: "m1", challengeChannel: .sms, loginHint: "+1425****")]
        let response = WireResponse.success(success)
        #expect(response.header("content-type") == WireHeader.jsonContentType)
        #expect(try response.decodeSuccess() == success)
        #expect(
            WireSuccess.redirect(reason: "r").json.serialized()
                == #"{"challenge_type":"redirect","redirect_reason":"r"}"#)

        let envelope = WireErrorEnvelope(
            error: .invalidGrant, errorDescription: "AADSTS55106: x", errorCodes: [.attributesRequired],
            suberror: .attributeValidationFailed, continuationToken: "CT",
            requiredAttributes: [WireRequiredAttribute(name: "city", regex: "^a")],
            invalidAttributes: [WireAttributeName(name: "city", reason: "bad")])
        let errorResponse = WireResponse.error(envelope)
        #expect(errorResponse.statusCode == 400)
        #expect(try errorResponse.decodeError() == envelope)
        #expect(
            envelope.json.members?.prefix(4).map(\.key) == ["error", "error_description", "error_codes", "suberror"])
    }
}
