extension EmulatorCore {
    /// OpenID discovery and JWKS under the tenant path, so standard JWT libraries can validate tokens:
    /// `/{tenant}/v2.0/.well-known/openid-configuration` and `/{tenant}/discovery/v2.0/keys`.
    func handleMetadata(_ request: EmulatorRequest) -> EmulatorResponse? {
        let parts = request.path.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, isOurTenant(parts[0]), request.method == "GET" || request.method == "HEAD" else {
            return nil
        }
        let base = "\(request.headers["x-authtape-scheme"] ?? "http")://\(request.headers["host"] ?? "127.0.0.1")"
        switch parts[1] {
        case "v2.0/.well-known/openid-configuration", ".well-known/openid-configuration":
            let authority = "\(base)/\(config.tenant.id)"
            return .json(
                200,
                .object([
                    ("issuer", .string(issuer.issuer(base: base))),
                    ("authorization_endpoint", .string("\(authority)/oauth2/v2.0/authorize")),
                    ("token_endpoint", .string("\(authority)/oauth2/v2.0/token")),
                    ("jwks_uri", .string("\(authority)/discovery/v2.0/keys")),
                    ("response_types_supported", .array([.string("code"), .string("id_token")])),
                    ("subject_types_supported", .array([.string("pairwise")])),
                    ("id_token_signing_alg_values_supported", .array([.string("ES256")])),
                    ("scopes_supported", .array(["openid", "profile", "email", "offline_access"].map { .string($0) })),
                    ("claims_supported",
                     .array(["sub", "iss", "aud", "exp", "iat", "nbf", "oid", "tid", "preferred_username", "name",
                             "email", "ver"].map { .string($0) })),
                    ("tenant_region_scope", .string("EU")),
                ]))
        case "discovery/v2.0/keys", "discovery/keys":
            return .json(200, issuer.jwks)
        default:
            return nil
        }
    }

    /// Claims of a token this emulator signed, or nil when the signature does not verify.
    public func verifiedClaims(of jwt: String) -> EmulatorJSON? { issuer.verify(jwt) }
}
