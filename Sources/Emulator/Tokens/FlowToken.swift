import Crypto
import Foundation
import NativeAuthWire

/// The content of a continuation token: flow, step, user, client, expiry, and the flags sent at the flow's
/// start (challenge types, capabilities).
///
/// On the wire the token is opaque: the fields are sealed with ChaCha20-Poly1305 under a key only the
/// emulator holds, then base64url-encoded. A token that fails to open is garbage; one that opens carries
/// exactly what the emulator bound into it.
struct FlowToken: Sendable, Equatable {
    var flowID: UInt64
    var step: FlowStep
    var clientIndex: UInt16
    var userID: String
    var expiresAt: Int64
    /// Bit 0: oob, bit 1: password, bit 2: redirect.
    var challengeTypes: UInt8
    /// Bit 0: mfa_required, bit 1: registration_required.
    var capabilities: UInt8

    /// The same flow moved to `step`, with a fresh expiry.
    func advanced(to step: FlowStep, expiresAt: Int64, userID: String? = nil) -> FlowToken {
        var copy = self
        copy.step = step
        copy.expiresAt = expiresAt
        if let userID { copy.userID = userID }
        return copy
    }
}

/// Seals and opens continuation tokens.
struct FlowTokenCodec: Sendable {
    private let key: SymmetricKey
    private static let version: UInt8 = 1

    init(keyBytes: [UInt8]) { key = SymmetricKey(data: keyBytes) }

    func seal(_ token: FlowToken) -> String {
        var plain: [UInt8] = [Self.version, token.step.rawValue, token.challengeTypes, token.capabilities]
        plain.reserveCapacity(64)
        withUnsafeBytes(of: token.clientIndex.littleEndian) { plain.append(contentsOf: $0) }
        withUnsafeBytes(of: token.flowID.littleEndian) { plain.append(contentsOf: $0) }
        withUnsafeBytes(of: token.expiresAt.littleEndian) { plain.append(contentsOf: $0) }
        let user = Array(token.userID.utf8.prefix(255))
        plain.append(UInt8(user.count))
        plain.append(contentsOf: user)
        // Sealing with a random nonce cannot fail for in-memory keys of the right size.
        let box = try! ChaChaPoly.seal(plain, using: key)
        return Base64URL.encode(box.combined)
    }

    /// Opens a token; nil when it is not one of ours (garbage, truncated, forged).
    func open(_ string: String) -> FlowToken? {
        guard string.count < 512, let bytes = Base64URL.decode(string),
            let box = try? ChaChaPoly.SealedBox(combined: bytes),
            let plain = try? [UInt8](ChaChaPoly.open(box, using: key)),
            plain.count >= 23, plain[0] == Self.version, let step = FlowStep(rawValue: plain[1])
        else { return nil }
        func read<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
            var value: T = 0
            for i in 0..<MemoryLayout<T>.size { value |= T(plain[offset + i]) << (8 * i) }
            return value
        }
        let userCount = Int(plain[22])
        guard plain.count == 23 + userCount else { return nil }
        return FlowToken(
            flowID: read(UInt64.self, at: 6), step: step, clientIndex: read(UInt16.self, at: 4),
            userID: String(decoding: plain[23...], as: UTF8.self), expiresAt: read(Int64.self, at: 14),
            challengeTypes: plain[2], capabilities: plain[3])
    }
}
