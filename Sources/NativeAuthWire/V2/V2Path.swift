/// Paths of native authentication V2 (spec native-auth-v2 §1.1), relative to the authority's tenant
/// segment (`/{tenant}` + path).
///
/// Only the two ``fixed`` paths are built by clients; every other path is server-driven (advertised in
/// `_links`) and listed here only as the emulator's choice, shaped like the Learn examples.
public enum V2Path {
    /// `POST` start (O1) and resume (O2) of an authorization: form body, `401` with entry links, then `code`.
    public static let authorizeChallenge = "/oauth2/v2.0/authorize-challenge"
    /// `POST` code exchange (O17, `grant_type=authorization_code`); the same path as V1's token endpoint.
    public static let token = "/oauth2/v2.0/token"
    /// The prefix of server-driven interaction paths in the Learn examples.
    public static let apiPrefix = "/api/v2.0/"

    /// The fixed paths a client builds from the authority.
    public static let fixed: [String] = [authorizeChallenge, token]
}
