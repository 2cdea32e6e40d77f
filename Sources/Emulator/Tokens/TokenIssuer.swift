import Crypto
import Foundation
import NativeAuthWire

/// Signs ES256 JWTs (id and access tokens) and publishes the public key as a JWKS.
struct TokenIssuer: Sendable {
    let key: P256.Signing.PrivateKey
    let keyID: String
    let tenantID: String

    init(random: inout SeededGenerator, tenantID: String) throws {
        var key: P256.Signing.PrivateKey?
        while key == nil { key = try? P256.Signing.PrivateKey(rawRepresentation: random.bytes(32)) }
        self.key = key!
        self.tenantID = tenantID
        let digest = SHA256.hash(data: self.key.publicKey.x963Representation)
        self.keyID = Base64URL.encode(Array(digest).prefix(12))
    }

    /// `iss` for an authority base such as `http://127.0.0.1:8080`.
    func issuer(base: String) -> String { "\(base)/\(tenantID)/v2.0" }

    /// A compact JWS (`header.payload.signature`) over `claims`.
    func sign(_ claims: EmulatorJSON) -> String {
        let header = EmulatorJSON.object([("alg", .string("ES256")), ("kid", .string(keyID)), ("typ", .string("JWT"))])
        let input = Base64URL.encode(header.bytes) + "." + Base64URL.encode(claims.bytes)
        // Signing with a valid in-memory key does not fail.
        let signature = try! key.signature(for: Array(input.utf8))
        return input + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The JWK Set with the public key.
    var jwks: EmulatorJSON {
        let x963 = Array(key.publicKey.x963Representation)  // 0x04 || X || Y
        return .object([
            ("keys",
             .array([
                .object([
                    ("kty", .string("EC")), ("crv", .string("P-256")), ("use", .string("sig")),
                    ("alg", .string("ES256")), ("kid", .string(keyID)),
                    ("x", .string(Base64URL.encode(x963[1..<33]))), ("y", .string(Base64URL.encode(x963[33..<65]))),
                ])
             ])),
        ])
    }

    /// Verifies a token issued by this issuer and returns its claims (used by tests and the admin API).
    func verify(_ jwt: String) -> EmulatorJSON? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let signature = Base64URL.decode(parts[2]),
            let sig = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
            key.publicKey.isValidSignature(sig, for: Array("\(parts[0]).\(parts[1])".utf8)),
            let payload = Base64URL.decode(parts[1])
        else { return nil }
        return EmulatorJSON.parse(Data(payload))
    }
}
