import Foundation
import NativeAuthWire

/// The tokens and account identity from a `/token` 200, after MSAL's acceptance checks; the token
/// cache's file holds these as JSON.
struct TokenSet: Sendable, Hashable, Codable {
    var accessToken: String?
    var refreshToken: String?
    var idToken: String?
    var scopes: [String]
    var expiresOn: Date?
    /// `uid.utid` from `client_info`.
    var homeAccountId: String
    var username: String
    var tenantId: String
    var environment: String
    var claims: [String: String]

    enum ParseFailure: Error, Sendable, Hashable {
        case missingClientInfo
        case malformedClientInfo
        case noTokens
    }

    /// Applies IdentityCore's rules: `client_info` is mandatory and must decode to `uid`/`utid`; an access
    /// token or id token must be present. A failure is MSAL's "caching failure" (generalError).
    static func parse(_ body: TokenBody, fallbackUsername: String, environment: String, now: Date)
        -> Result<TokenSet, ParseFailure>
    {
        guard let clientInfo = body.fields[WireField.clientInfo] else { return .failure(.missingClientInfo) }
        guard let info = decodeBase64URLJSON(clientInfo), let uid = info["uid"]?.stringValue, !uid.isEmpty,
            let utid = info["utid"]?.stringValue, !utid.isEmpty
        else { return .failure(.malformedClientInfo) }
        // IdentityCore treats an empty token string as a missing one.
        let access = body.fields[WireField.accessToken].flatMap { $0.isEmpty ? nil : $0 }
        let idToken = body.fields[WireField.idToken].flatMap { $0.isEmpty ? nil : $0 }
        guard access != nil || idToken != nil else { return .failure(.noTokens) }
        var claims: [String: String] = [:]
        if let idToken, let payload = jwtPayload(idToken) {
            for (key, value) in payload {
                if let text = value.stringValue { claims[key] = text }
            }
        }
        let username = claims["preferred_username"] ?? claims["sub"] ?? fallbackUsername
        let scopes = splitScopes(body.fields[WireField.scope] ?? "")
        let expiresIn = body.numbers[WireField.expiresIn] ?? body.fields[WireField.expiresIn].flatMap(Double.init)
        return .success(
            TokenSet(
                accessToken: access, refreshToken: body.fields[WireField.refreshToken], idToken: idToken, scopes: scopes,
                expiresOn: expiresIn.map { now.addingTimeInterval($0) }, homeAccountId: "\(uid).\(utid)",
                username: username, tenantId: claims["tid"] ?? utid, environment: environment, claims: claims))
    }

    /// The space-separated scopes; ASCII text is split on its bytes (there a space byte is a space character).
    static func splitScopes(_ text: String) -> [String] {
        var text = text
        let scopes: [String]? = text.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return bytes.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        }
        return scopes ?? text.split(separator: " ").map(String.init)
    }

    static func decodeBase64URLJSON(_ text: String) -> [String: JSONValue]? {
        guard let data = base64URLData(text) else { return nil }
        // IdentityCore reads `client_info` and token claims with `JSONSerialization` (first duplicate wins, R6).
        return JSONValue.serializationObject(from: data)
    }

    /// base64url (or base64) text decoded as MSAL decodes it: converted and padded (``Base64URL/standardPadded(_:)``),
    /// then Foundation's `Data(base64Encoded:)`.
    static func base64URLData(_ text: String) -> Data? {
        Base64URL.standardPadded(text).flatMap { Data(base64Encoded: Data($0)) }
    }

    static func jwtPayload(_ jwt: String) -> [String: JSONValue]? {
        var jwt = jwt
        // In ASCII a "." byte is a "." character, so the payload is found on the bytes.
        let payload: String?? = jwt.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            guard let first = bytes.firstIndex(of: UInt8(ascii: ".")) else { return .some(nil) }
            let rest = UnsafeBufferPointer(rebasing: bytes[(first + 1)...])
            let end = rest.firstIndex(of: UInt8(ascii: ".")) ?? rest.count
            return String(decoding: UnsafeBufferPointer(rebasing: rest[..<end]), as: UTF8.self)
        }
        if let payload { return payload.flatMap(decodeBase64URLJSON) }
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        return decodeBase64URLJSON(String(parts[1]))
    }
}
