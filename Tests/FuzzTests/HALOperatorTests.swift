import Foundation
import Testing

@testable import Fuzz

/// The HAL-aware operators of `fuzz --serve` on V2 answers (spec native-auth-v2 §1.3–§1.7).
@Suite("HAL operators")
struct HALOperatorTests {
    typealias S = HALSamples

    @Test("no HAL operator touches a V1 answer of the built-in flows", arguments: Operators.hal.map(\.name))
    func leavesV1Alone(name: String) {
        let op = Operators.named([name])[0]
        for answer in S.v1Answers {
            #expect(S.results(op, answer, context: S.v1, seeds: 1...8).isEmpty, "\(name) changed \(answer)")
        }
    }

    @Test("every HAL operator gives the same mutation for the same seed and changes some V2 answer", arguments: Operators.hal.map(\.name))
    func deterministic(name: String) {
        let op = Operators.named([name])[0]
        var changed = false
        for (_, answer) in S.steps {
            let first = S.results(op, answer, seeds: 1...20)
            #expect(first == S.results(op, answer, seeds: 1...20))
            changed = changed || first.contains { $0.response != answer }
        }
        #expect(changed)
    }

    @Test("HAL operators leave bodies that are not JSON objects alone and never trap on broken HAL", arguments: Operators.hal.map(\.name))
    func oddBodies(name: String) {
        let op = Operators.named([name])[0]
        for text in ["<html>busy</html>", "", "null", "[]", "42", "{", "\"error\""] {
            #expect(S.results(op, FuzzResponse(status: 200, json: text), seeds: 1...10).isEmpty)
        }
        #expect(S.results(op, .failure(.connectionReset), seeds: 1...10).isEmpty)
        let broken = [
            #"{"_links":"x","state":1,"action":null}"#, #"{"_links":{"verify":"not-an-object"}}"#, #"{"_links":{"verify":[]}}"#,
            #"{"_links":{"verify":{"href":42},"self":[{"href":"relative"}]}}"#, #"{"_embedded":{"methods":"x"}}"#,
            #"{"_embedded":{"methods":[1,{"_links":null},{"_links":{"challenge":{"href":"https://h"}}}]}}"#,
            #"{"error":"flat"}"#, #"{"error":{"innerError":5}}"#, #"{"challengeContext":[],"sign_in":7}"#,
            #"{"_links":{"verify":{"href":"https://login.contoso.com?x=1"},"x":{"href":""}}}"#,
        ]
        for text in broken {
            for mutated in S.results(op, FuzzResponse(status: 200, json: text), seeds: 1...30) {
                #expect(JSONNode.parse(mutated.response.body) != nil, "\(name) made \(mutated.response)")
            }
        }
    }

    @Test("the serve set: V1 exchanges draw exactly the V1 operators in order, V2 exchanges the HAL and generic ones")
    func applicability() {
        #expect(Operators.applicable(Operators.serve, to: .v1).map(\.name) == Operators.all.map(\.name))
        let v2 = Set(Operators.applicable(Operators.serve, to: .v2).map(\.name))
        #expect(v2.isSuperset(of: Operators.hal.map(\.name)))
        #expect(v2.isDisjoint(with: Operators.protocolAware.map(\.name)))
        #expect(v2.isSuperset(of: (Operators.structural + Operators.http + Operators.metamorphic).map(\.name)))
        #expect(v2.contains("transportFault"))
        #expect(Operators.named(["halLinkDrop", "errorSwap"]).map(\.name) == ["halLinkDrop", "errorSwap"])
        #expect(OperatorFamily.of("halErrorCode") == "hal")
        #expect(Set(Operators.hal.map(\.name)).count == Operators.hal.count)
    }

    @Test("halLinkDrop drops one link: a top-level relation, an embedded method's, or a flat entry link")
    func linkDrop() {
        let verify = S.results(HALLinkDropOperator(), S.verify)
        #expect(Set(verify.map(\.detail)) == ["dropped _links.verify", "dropped _links.recover"])
        for mutated in verify {
            let expected = mutated.detail.hasSuffix("verify")
                ? #"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","id":"pw-7f3a","type":"password","_links":{"recover":{"href":"/t/api/v2.0/auth/methods/password/pw-7f3a/recover"}}}"#
                : #"{"state":"interactionRequired","action":"verify","continuationToken":"CT-2","id":"pw-7f3a","type":"password","_links":{"verify":{"href":"/t/api/v2.0/auth/methods/password/pw-7f3a/verify"}}}"#
            #expect(mutated.response.bodyText == expected)
            #expect(mutated.response.status == 200)
        }
        let challenge = S.results(HALLinkDropOperator(), S.challenge)
        #expect(Set(challenge.map(\.detail)) == ["dropped _embedded.methods[0]._links.challenge", "dropped _embedded.methods[1]._links.challenge"])
        for mutated in challenge where mutated.detail.contains("[1]") {
            let methods = S.at(mutated.response, "_embedded", "methods") as? [[String: Any]]
            #expect((methods?[1]["_links"] as? [String: Any])?.isEmpty == true)
            #expect((methods?[0]["_links"] as? [String: Any])?["challenge"] != nil)
        }
        let entry = S.results(HALLinkDropOperator(), S.entry)
        #expect(Set(entry.map(\.detail)) == ["dropped sign_in", "dropped sign_up", "dropped reset_password"])
        #expect(entry.allSatisfy { $0.response.status == 401 && S.json($0.response)?.count == 3 })
        #expect(S.results(HALLinkDropOperator(), S.code).isEmpty)
    }

    @Test("halLinkRename gives one relation another name, keeping its link and the others")
    func linkRename() throws {
        let results = S.results(HALLinkRenameOperator(), S.verify)
        #expect(results.count == 60)
        var names: Set<String> = []
        for mutated in results {
            let links = try #require(S.at(mutated.response, "_links") as? [String: Any])
            #expect(links.count == 2)
            let renamed = try #require(links.keys.first { $0 != "verify" && $0 != "recover" })
            names.insert(renamed)
            let kept = mutated.detail.contains("_links.verify") ? "recover" : "verify"
            #expect(links[kept] != nil)
            #expect(mutated.detail.hasSuffix("→ \(renamed)"))
            #expect((links[renamed] as? [String: Any])?["href"] as? String == S.href(S.verify, kept == "verify" ? "recover" : "verify"))
        }
        #expect(names.isSuperset(of: ["Verify", "verifyV2", "Recover"]))
    }

    @Test("halHrefTemplated turns the method-id segment into {id} (or appends {?dc}) and marks the link templated")
    func hrefTemplated() {
        let results = S.results(HALHrefTemplatedOperator(), S.verify)
        let hrefs = Set(results.flatMap { mutated in ["verify", "recover"].compactMap { S.href(mutated.response, $0) } })
        #expect(hrefs.isSuperset(of: [
            "/t/api/v2.0/auth/methods/password/{id}/verify", "/t/api/v2.0/auth/methods/password/{id}/recover",
            "/t/api/v2.0/auth/methods/password/pw-7f3a/verify{?dc}",
        ]))
        for mutated in results {
            let relation = mutated.detail.hasPrefix("_links.verify") ? "verify" : "recover"
            #expect(S.at(mutated.response, "_links", relation, "templated") as? Bool == true)
            #expect(S.href(mutated.response, relation)?.contains("{") == true)
        }
        let entry = S.results(HALHrefTemplatedOperator(), S.entry)
        #expect(entry.contains { (S.json($0.response)?["sign_in"] as? String) == "/t/api/v2.0/{id}/start" })
        #expect(HALHrefTemplatedOperator.templatingSegment("https://h.example/t/a/b?dc=1") == "https://h.example/t/{id}/b?dc=1")
        #expect(HALHrefTemplatedOperator.templatingSegment("/") == "/{id}")
    }

    @Test("halHrefAbsolute puts the served origin in front of a relative href, and needs that origin")
    func hrefAbsolute() {
        let results = S.results(HALHrefAbsoluteOperator(), S.verify)
        #expect(Set(results.map(\.detail)) == ["_links.verify absolute", "_links.recover absolute"])
        for mutated in results where mutated.detail.hasPrefix("_links.verify") {
            #expect(S.href(mutated.response, "verify") == "http://127.0.0.1:8080/t/api/v2.0/auth/methods/password/pw-7f3a/verify")
            #expect(S.href(mutated.response, "recover") == "/t/api/v2.0/auth/methods/password/pw-7f3a/recover")
        }
        #expect(S.results(HALHrefAbsoluteOperator(), S.verify, context: S.v2WithoutOrigin).isEmpty)
        #expect(S.results(HALHrefAbsoluteOperator(), S.fallback).isEmpty)
    }

    @Test("halHrefOtherOrigin keeps the path and query and moves the href to a foreign origin")
    func hrefOtherOrigin() {
        let results = S.results(HALHrefOtherOriginOperator(), S.done)
        #expect(Set(results.compactMap { S.href($0.response, "continue") }) == Set(HALHrefOtherOriginOperator.origins.map { $0 + "/t/oauth2/v2.0/authorize-challenge" }))
        let absolute = S.results(HALHrefOtherOriginOperator(), S.fallback)
        #expect(absolute.allSatisfy { S.href($0.response, "webFallback")?.hasSuffix("/t/oauth2/v2.0/authorize") == true })
        #expect(absolute.allSatisfy { S.href($0.response, "webFallback")?.hasPrefix("https://login.contoso.com") == false })
    }

    @Test("halHrefHTTP downgrades an href to http: on its own host, or on the served host for a relative one")
    func hrefHTTP() {
        let own = S.results(HALHrefHTTPOperator(), S.fallback, context: S.v2WithoutOrigin)
        #expect(Set(own.compactMap { S.href($0.response, "webFallback") }) == ["http://login.contoso.com/t/oauth2/v2.0/authorize"])
        #expect(own.allSatisfy { $0.detail == "_links.webFallback http:" })
        var https = S.v2
        https.origin = "https://login.contoso.com"
        let relative = S.results(HALHrefHTTPOperator(), S.done, context: https)
        #expect(Set(relative.compactMap { S.href($0.response, "continue") }) == ["http://login.contoso.com/t/oauth2/v2.0/authorize-challenge"])
        #expect(S.results(HALHrefHTTPOperator(), S.done, context: S.v2WithoutOrigin).isEmpty)
    }

    @Test("halUnknownRelation adds a relation no client knows, after the links already there, and makes _links when missing")
    func unknownRelation() throws {
        for mutated in S.results(HALUnknownRelationOperator(), S.verify) {
            let node = try #require(JSONNode.parse(mutated.response.body))
            let keys = node["_links"]?.members?.map(\.key) ?? []
            #expect(Array(keys.prefix(2)) == ["verify", "recover"])
            #expect(keys.count == 3)
            #expect(HALUnknownRelationOperator.relations.contains(keys[2]))
            #expect(mutated.detail == "added _links.\(keys[2])")
        }
        let code = S.results(HALUnknownRelationOperator(), S.code)
        #expect(code.allSatisfy { S.json($0.response)?["code"] as? String == "AC-1.AQAB" && S.at($0.response, "_links") != nil })
    }

    @Test("halUnknownState and halUnknownAction set values outside the known ones and change nothing else")
    func unknownStateAndAction() throws {
        for (op, key) in [(HALUnknownStateOperator() as any MutationOperator, "state"), (HALUnknownActionOperator(), "action")] {
            let results = S.results(op, S.verify)
            let values = Set(results.compactMap { S.json($0.response)?[key] as? String })
            #expect(values.count >= 5)
            #expect(values.isDisjoint(with: ["interactionRequired", "continue", "webFallbackRequired", "verify", "challenge"]))
            for mutated in results {
                var body = try #require(S.json(mutated.response))
                var original = try #require(S.json(S.verify))
                body[key] = nil
                original[key] = nil
                #expect(NSDictionary(dictionary: body) == NSDictionary(dictionary: original))
            }
        }
        #expect(S.results(HALUnknownActionOperator(), S.done).allSatisfy { S.json($0.response)?["action"] != nil })
    }

    @Test("halWebFallback substitutes every §1.7 form at every step")
    func webFallback() throws {
        for (name, answer) in S.steps {
            let results = S.results(HALWebFallbackOperator(), answer)
            #expect(Set(results.map(\.detail)).count == HALWebFallbackOperator.Form.allCases.count, "\(name)")
            for mutated in results {
                let response = mutated.response
                switch mutated.detail {
                case "200 web fallback (state)":
                    #expect(S.json(response)?["state"] as? String == "webFallbackRequired")
                    #expect(S.href(response, "webFallback") == "http://127.0.0.1:8080/fuzz/oauth2/v2.0/authorize")
                case "200 web fallback (stateWithoutLink)":
                    #expect(S.json(response)?["state"] as? String == "webFallbackRequired")
                    #expect(S.json(response)?["_links"] == nil)
                case "400 web fallback (nestedError)":
                    #expect(S.at(response, "error", "code") as? String == "redirect_to_web")
                case "400 web fallback (flatError)":
                    #expect(S.json(response)?["error"] as? String == "redirect_to_web")
                case "400 web fallback (webRedirectRequired)":
                    #expect(S.at(response, "error", "code") as? String == "invalid_grant")
                    #expect(S.at(response, "error", "innerError", "code") as? String == "web_redirect_required")
                default:
                    Issue.record("unexpected detail \(mutated.detail)")
                }
                #expect(response.status == (mutated.detail.hasPrefix("200") ? 200 : 400))
            }
        }
        let kept = S.results(HALWebFallbackOperator(), S.verify).filter { $0.response.status == 200 }
        #expect(!kept.isEmpty)
        #expect(kept.allSatisfy { S.json($0.response)?["continuationToken"] as? String == "CT-2" })
    }

    @Test("halChallengeContext removes challengeContext from a challenge answer (or breaks its factor) and skips answers without one")
    func challengeContext() {
        let results = S.results(HALChallengeContextOperator(), S.challenge)
        #expect(Set(results.map(\.detail)) == [
            "challengeContext removed", "authenticationFactor removed", "authenticationFactor=thirdFactor", "challengeContext as string",
        ])
        for mutated in results where mutated.detail == "challengeContext removed" {
            #expect(mutated.response.bodyText == S.challenge.bodyText.replacingOccurrences(of: #""challengeContext":{"authenticationFactor":"singleFactor"},"#, with: ""))
        }
        #expect(S.results(HALChallengeContextOperator(), S.verify).isEmpty)
    }

    @Test("halErrorCode serves every error of §1.6 with its AADSTS number, as a 400, at every step")
    func errorCodes() {
        let labels = Set(HALErrorRow.all.map(\.label))
        #expect(labels.isSuperset(of: [
            "invalidGrant/invalidOneTimeCode AADSTS50184", "invalidGrant/invalidUserNameOrPassword AADSTS50126",
            "invalidRequest/passwordTooWeak AADSTS120002", "invalidRequest AADSTS50034",
            "invalidRequest/attributeValidationError AADSTS1002027", "invalidRequest AADSTS1003037", "invalidRequest AADSTS90100",
            "invalidGrant/invalidContinuationToken", "invalidRequest/invalidContinuationToken", "redirect_to_web",
            "invalid_grant/invalid_oob_value AADSTS50184", "invalid_grant/web_redirect_required", "invalid_grant/otp_expired",
        ]))
        for (name, answer) in S.steps {
            let results = S.results(HALErrorCodeOperator(), answer, seeds: 1...1500)
            #expect(Set(results.map(\.detail)) == Set(HALErrorRow.all.map { "400 \($0.label)" }), "\(name)")
            #expect(results.allSatisfy { $0.response.status == 400 })
            for mutated in results where mutated.detail.contains("AADSTS") {
                let number = mutated.detail.split(separator: " ").last.map(String.init) ?? "-"
                #expect((S.at(mutated.response, "error", "message") as? String)?.hasPrefix(number + ": ") == true)
            }
        }
        let wrongCode = S.results(HALErrorCodeOperator(), S.verify, seeds: 1...400).first { $0.detail == "400 invalidGrant/invalidOneTimeCode AADSTS50184" }
        #expect(wrongCode?.response.bodyText == #"{"error":{"code":"invalidGrant","message":"AADSTS50184: OTP is incorrect or has expired.","innerError":{"code":"invalidOneTimeCode"},"correlationId":"00000000-0000-4000-8000-0000000f2c01"}}"#)
        let exists = HALErrorRow.all.first { $0.aadsts == 1_003_037 }
        #expect(exists?.body.serialized().contains(#""innerError":{"details":[{"attributeIds":["email"],"code":"userAlreadyExists""#) == true)
    }

    @Test("halInnerError removes, nests or mistypes innerError, building an error first on a non-error answer")
    func innerError() throws {
        let results = S.results(HALInnerErrorOperator(), S.error, seeds: 1...120)
        #expect(Set(results.map(\.detail)) == Set([
            "missing", "nested", "as string", "as number", "as array", "as null", "code as number", "details as string",
        ].map { "innerError \($0)" }))
        for mutated in results {
            let error = try #require(S.at(mutated.response, "error") as? [String: Any])
            #expect(error["code"] as? String == "invalidGrant")
            #expect(error["message"] as? String == "AADSTS50126: Error validating credentials.")
            switch mutated.detail {
            case "innerError missing": #expect(error["innerError"] == nil)
            case "innerError nested":
                #expect(S.at(mutated.response, "error", "innerError", "code") as? String == "invalidUserNameOrPassword")
                #expect(S.at(mutated.response, "error", "innerError", "innerError", "code") is String)
            case "innerError as string": #expect(error["innerError"] as? String == "invalidUserNameOrPassword")
            case "innerError as null": #expect(error["innerError"] is NSNull)
            case "innerError code as number": #expect(S.at(mutated.response, "error", "innerError", "code") is NSNumber)
            default: break
            }
            #expect(mutated.response.status == 400)
        }
        let built = S.results(HALInnerErrorOperator(), S.verify)
        #expect(built.allSatisfy { $0.response.status == 400 && S.at($0.response, "error", "code") is String })
    }
}
