import Foundation
import Testing

@testable import Emulator

@Suite("Admin endpoints and Mock API")
struct AdminAndMockAPITests {
    func admin(_ h: EmulatorHarness, _ method: String, _ path: String, token: String?, body: String = "") -> EmulatorResponse {
        var headers: [String: String] = [:]
        if let token { headers["authorization"] = "Bearer \(token)" }
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        return h.core.handle(
            EmulatorRequest(method: method, path: parts[0], query: parts.count > 1 ? parts[1] : nil, headers: headers, body: Array(body.utf8)))
    }

    @Test("the outbox needs the admin token and lists codes per user")
    func outbox() throws {
        let h = try EmulatorHarness()
        let initiate = h.post(.signInInitiate, [("username", "sam@contoso.com"), ("challenge_type", "oob redirect")])
        _ = h.post(.signInChallenge, [("continuation_token", initiate.token!)])
        #expect(admin(h, "GET", "/_authtape/outbox", token: nil).status == 401)
        #expect(admin(h, "GET", "/_authtape/outbox", token: "wrong").status == 401)
        let reply = admin(h, "GET", "/_authtape/outbox?user=sam%40contoso.com", token: h.core.adminToken)
        let messages = try #require(reply.json?["messages"]?.arrayValue)
        #expect(messages.count == 1)
        #expect(messages[0]["code"]?.stringValue == h.code("sam@contoso.com"))
        #expect(messages[0]["purpose"]?.stringValue == "signIn")
        let other = admin(h, "GET", "/_authtape/outbox?user=alex%40contoso.com", token: h.core.adminToken)
        #expect(other.json?["messages"]?.arrayValue?.isEmpty == true)
    }

    @Test("users can be added over the admin API and then sign in")
    func addUser() throws {
        let h = try EmulatorHarness()
        let created = admin(h, "POST", "/_authtape/users", token: h.core.adminToken,
                            body: #"{"email":"lee@contoso.com","password":"Sunny-Lee-11"}"#)
        #expect(created.status == 201)
        #expect(created.json?["hasPassword"] == .bool(true))
        #expect(!String(decoding: created.body, as: UTF8.self).contains("Sunny-Lee-11"))
        #expect(h.signInPassword("lee@contoso.com", "Sunny-Lee-11").status == 200)
        #expect(admin(h, "DELETE", "/_authtape/users/lee%40contoso.com", token: h.core.adminToken).status == 200)
        #expect(h.signInPassword("lee@contoso.com", "Sunny-Lee-11").status == 400)
    }

    @Test("the server error rate knob answers 500 for every request at rate 1")
    func faultKnob() throws {
        let h = try EmulatorHarness()
        #expect(admin(h, "PUT", "/_authtape/faults", token: h.core.adminToken, body: #"{"serverErrorRate":1}"#).status == 200)
        let reply = h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")])
        #expect(reply.status == 500)
        #expect(reply.error == "server_error")
        _ = admin(h, "PUT", "/_authtape/faults", token: h.core.adminToken, body: #"{"serverErrorRate":0}"#)
        #expect(h.post(.signInInitiate, [("username", "alex@contoso.com"), ("challenge_type", "password redirect")]).status == 200)
    }

    @Test("Mock API: queued responses are served in order for the correlation id, then real logic resumes")
    func scripted() throws {
        let h = try EmulatorHarness()
        let correlation = "5C7F3F9E-2A1B-4C3D-8E9F-0A1B2C3D4E5F"
        let config = #"{"endpoint":"SignInInitiate","responseList":["UserNotFound","ChallengeTypeRedirect"],"correlationId":"\#(correlation)"}"#
        #expect(h.core.handle(EmulatorRequest(method: "POST", path: "/config/response", body: Array(config.utf8))).status == 200)
        let listed = h.core.handle(EmulatorRequest(method: "GET", path: "/config/all"))
        #expect(listed.json?[correlation.lowercased()]?["SignInInitiate"]?.arrayValue?.count == 2)
        let fields = [("username", "alex@contoso.com"), ("challenge_type", "password redirect")]
        let headers = ["client-request-id": correlation]
        let first = h.post(.signInInitiate, fields, headers: headers)
        #expect(first.error == "user_not_found")
        #expect(first.firstCode == 50034)
        #expect(h.post(.signInInitiate, fields, headers: headers)["challenge_type"] == "redirect")
        #expect(h.post(.signInInitiate, fields, headers: headers).token != nil)
    }

    @Test("Mock API: an unknown response key is refused naming the key")
    func unknownKey() throws {
        let h = try EmulatorHarness()
        let config = #"{"endpoint":"SignInToken","responseList":["TokenSucess"],"correlationId":"x"}"#
        let reply = h.core.handle(EmulatorRequest(method: "POST", path: "/config/response", body: Array(config.utf8)))
        #expect(reply.status == 400)
        #expect(reply.json?["error_description"]?.stringValue?.contains("TokenSucess") == true)
    }

    @Test("Mock API canned answers match the contract's codes", arguments: [
        ("InvalidContinuationToken", "SignInChallenge", "invalid_request", 55000),
        ("AuthMethodBlocked", "SignInChallenge", "access_denied", 550024),
        ("RegistraionInvalidChallengeTarget", "JITChallenge", "invalid_request", 901001),
        ("ExpiredToken", "JITContinue", "expired_token", 55112),
        ("InvalidPassword", "SSPRContinue", "invalid_grant", 50126),
    ] as [(String, String, String, Int)])
    func cannedCodes(key: String, endpoint: String, error: String, code: Int) throws {
        let h = try EmulatorHarness()
        let config = #"{"endpoint":"\#(endpoint)","responseList":["\#(key)"],"correlationId":"c1"}"#
        _ = h.core.handle(EmulatorRequest(method: "POST", path: "/config/response", body: Array(config.utf8)))
        let target = try #require(NativeAuthEndpointLookup.endpoint(mockKey: endpoint))
        let reply = h.post(target, [], headers: ["client-request-id": "c1"])
        #expect(reply.error == error)
        #expect(reply.firstCode == code)
    }
}

import NativeAuthWire

enum NativeAuthEndpointLookup {
    static func endpoint(mockKey: String) -> NativeAuthEndpoint? { NativeAuthEndpoint(mockAPIKey: mockKey) }
}
