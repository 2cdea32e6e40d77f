import Foundation

/// The tokens and account identity from a `/token` 200, after MSAL's acceptance checks.
struct TokenSet: Sendable, Hashable {
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
        guard let clientInfo = body.fields["client_info"] else { return .failure(.missingClientInfo) }
        guard let info = decodeBase64URLJSON(clientInfo), case .string(let uid)? = info["uid"],
            case .string(let utid)? = info["utid"]
        else { return .failure(.malformedClientInfo) }
        let access = body.fields["access_token"]
        let idToken = body.fields["id_token"]
        guard access != nil || idToken != nil else { return .failure(.noTokens) }
        var claims: [String: String] = [:]
        if let idToken, let payload = jwtPayload(idToken) {
            for (key, value) in payload {
                if case .string(let text) = value { claims[key] = text }
            }
        }
        let username = claims["preferred_username"] ?? claims["sub"] ?? fallbackUsername
        let scopes = (body.fields["scope"] ?? "").split(separator: " ").map(String.init)
        let expiresIn = body.numbers["expires_in"] ?? body.fields["expires_in"].flatMap(Double.init)
        return .success(
            TokenSet(
                accessToken: access, refreshToken: body.fields["refresh_token"], idToken: idToken, scopes: scopes,
                expiresOn: expiresIn.map { now.addingTimeInterval($0) }, homeAccountId: "\(uid).\(utid)",
                username: username, tenantId: claims["tid"] ?? utid, environment: environment, claims: claims))
    }

    static func decodeBase64URLJSON(_ text: String) -> [String: JSONValue]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return JSONValue.object(from: data)
    }

    static func jwtPayload(_ jwt: String) -> [String: JSONValue]? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        return decodeBase64URLJSON(String(parts[1]))
    }
}
