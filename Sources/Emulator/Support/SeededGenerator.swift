import NativeAuthWire

/// The emulator's deterministic random numbers: NativeAuthWire's ``SplitMix64`` (the one seeded generator),
/// with the draws the emulator needs.
///
/// The emulator draws codes, ids and admin tokens from one of these so that a printed seed reproduces a run.
/// Its sequence starts at the first value of `SplitMix64(seed:)` rather than at the seed itself, so an engine
/// seeded with the same number (whose ids come from `SplitMix64(seed:)`) never sends the bytes of the
/// emulator's admin token or keys as its request ids.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var source: SplitMix64

    /// Creates a generator from `seed`.
    public init(seed: UInt64) {
        var mix = SplitMix64(seed: seed)
        source = SplitMix64(seed: mix.next())
    }

    public mutating func next() -> UInt64 { source.next() }

    /// `count` random bytes.
    mutating func bytes(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count + 8)
        while out.count < count {
            withUnsafeBytes(of: next().littleEndian) { out.append(contentsOf: $0) }
        }
        return Array(out.prefix(count))
    }

    /// A random version-4 GUID string (lower case).
    mutating func guid() -> String {
        var b = bytes(16)
        b[6] = (b[6] & 0x0F) | 0x40
        b[8] = (b[8] & 0x3F) | 0x80
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in b.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(Self.lowerHex[Int(byte >> 4)])
            text.append(Self.lowerHex[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let lowerHex = Array("0123456789abcdef".utf8)

    /// A string of `count` decimal digits.
    mutating func digits(_ count: Int) -> String {
        String(decoding: (0..<max(count, 0)).map { _ in UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &self) }, as: UTF8.self)
    }

    /// A base64url string of `count` random bytes.
    mutating func token(_ count: Int) -> String { Base64URL.encode(bytes(count)) }
}
