import Crypto
import Foundation
import NativeAuthWire

/// What a V2 continuation token carries: the flow, the step it was issued for, and its expiry.
///
/// Sealed like V1's ``FlowToken`` (ChaCha20-Poly1305 under a key only the emulator holds, base64url), so a
/// token is opaque to clients and a forged or truncated one fails to open. The flow's state stays on the
/// server; a token is accepted only while its step is the flow's current step, so a retry after a wrong
/// password or code reuses the same token and an older token is refused.
struct V2Token: Sendable, Equatable {
    var flowID: UInt64
    var step: UInt32
    var expiresAt: Int64
}

/// Seals and opens ``V2Token``s.
struct V2TokenCodec: Sendable {
    private let key: SymmetricKey
    private static let version: UInt8 = 2
    private static let plainCount = 21

    init(keyBytes: [UInt8]) { key = SymmetricKey(data: keyBytes) }

    func seal(_ token: V2Token) -> String {
        var plain: [UInt8] = [Self.version]
        plain.reserveCapacity(Self.plainCount)
        withUnsafeBytes(of: token.flowID.littleEndian) { plain.append(contentsOf: $0) }
        withUnsafeBytes(of: token.step.littleEndian) { plain.append(contentsOf: $0) }
        withUnsafeBytes(of: token.expiresAt.littleEndian) { plain.append(contentsOf: $0) }
        guard let box = try? ChaChaPoly.seal(plain, using: key) else { return "" }
        return Base64URL.encode(box.combined)
    }

    /// Opens a token; nil when it is not one of ours.
    func open(_ string: String) -> V2Token? {
        guard string.count < 256, let bytes = Base64URL.decode(string),
            let box = try? ChaChaPoly.SealedBox(combined: bytes),
            let plain = try? [UInt8](ChaChaPoly.open(box, using: key)),
            plain.count == Self.plainCount, plain[0] == Self.version
        else { return nil }
        func read<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
            var value: T = 0
            for i in 0..<MemoryLayout<T>.size { value |= T(plain[offset + i]) << (8 * i) }
            return value
        }
        return V2Token(flowID: read(UInt64.self, at: 1), step: read(UInt32.self, at: 9), expiresAt: read(Int64.self, at: 13))
    }
}
