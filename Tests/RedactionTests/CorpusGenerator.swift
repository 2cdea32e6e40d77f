import Foundation
import HAR

@testable import Redaction

/// Native-auth entries with random secrets, shapes and optional parts (seeded, repeatable).
struct CorpusGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    /// Up to `limit - 1` of `pieces`, drawn at random and joined.
    mutating func text(from pieces: [String], upTo limit: Int) -> String {
        (0..<next(limit)).map { _ in pieces[next(pieces.count)] }.joined()
    }

    mutating func token(_ length: Int) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[next(alphabet.count)] })
    }

    mutating func document(entries count: Int) -> HARDocument {
        var entries: [HAREntry] = []
        var tokens = [token(40)]
        for index in 0..<count {
            // Reuse earlier secrets now and then: the same placeholder must come back.
            let continuation = next(3) == 0 ? tokens[next(tokens.count)] : token(30 + next(400))
            tokens.append(continuation)
            let email = "\(token(5).lowercased())@\(["example.com", "contoso.org"][next(2)])"
            var form: [(String, String)] = [("client_id", NativeAuthSamples.clientID), ("continuation_token", continuation)]
            switch next(5) {
            case 0: form.append(("password", "P@ss \(token(8))!é"))
            case 1: form.append(("oob", String(next(100_000_000))))
            case 2: form.append(("attributes", #"{"displayName":"\#(token(6))","age":\#(next(90)),"ok":true}"#))
            case 3: form.append(("username", email))
            default: form.append(("id", token(12)))
            }
            let jwt = NativeAuthSamples.jwt(claims: #"{"sub":"\#(token(10))"}"#)
            let json: String
            switch next(4) {
            case 0: json = #"{"continuation_token":"\#(token(50))","challenge_target_label":"\#(email)","code_length":8}"#
            case 1: json = #"{"access_token":"\#(jwt)","id_token":"\#(jwt)","refresh_token":"\#(token(90))","client_info":"\#(token(20))"}"#
            case 2: json = #"{"methods":[{"id":"\#(token(9))","login_hint":"+1 425 555 \#(1000 + next(8999))"}],"note":"call +44 20 7946 0\#(100 + next(899))"}"#
            default: json = #"{"error":"invalid_grant","error_description":"bad code for \#(email)\n\ttry again","error_codes":[50181]}"#
            }
            var requestHeaders: [HARHeader] = []
            if next(3) == 0 { requestHeaders.append(HARHeader(name: "Authorization", value: "Bearer \(jwt)")) }
            if next(3) == 0 { requestHeaders.append(HARHeader(name: "Cookie", value: "a=\(token(10)); fpc=\(token(12))")) }
            var responseHeaders: [HARHeader] = []
            if next(3) == 0 { responseHeaders.append(HARHeader(name: "Set-Cookie", value: "fpc=\(token(16)); path=/; secure")) }
            var entry = NativeAuthSamples.entry(
                "/signup/v1.0/continue" + (next(4) == 0 ? "?login_hint=\(email)&dc=ESTS" : ""), form: form,
                status: next(2) == 0 ? 200 : 400, json: json, index: index % 10,
                requestHeaders: requestHeaders, responseHeaders: responseHeaders)
            if next(2) == 0 {
                entry.authtape = AuthTapeEntryFields(flowId: "flow-\(index / 4)", flowKind: "signUp", step: "signup/v1.0/continue")
            }
            if next(4) == 0 {
                entry.request.cookies = [HARCookie(name: "fpc", value: token(14), path: "/", httpOnly: true, secure: true)]
            }
            if next(6) == 0 {
                // A gzip body stored as base64, as other tools capture it.
                entry.response.headers.append(HARHeader(name: "Content-Encoding", value: "gzip"))
                let gzipped = ContentCoding.gzip.encode(Array(json.utf8))
                entry.response.content.text = Data(gzipped).base64EncodedString()
                entry.response.content.encoding = "base64"
            }
            if next(8) == 0 { entry.timings.ssl = 12.25 }
            entries.append(entry)
        }
        return NativeAuthSamples.document(entries)
    }
}
