#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import HAR

/// A byte range of a JSON string token in a capture, quotes included.
struct StringToken {
    /// From the opening quote to just after the closing quote.
    var range: Range<Int>
    /// Whether the text between the quotes contains an escape.
    var hasEscapes: Bool
}

/// Reads JSON bodies that are exactly in the compact form `JSONSerializer` writes (no white
/// space, only `"`, `\` and control characters escaped, valid UTF-8), for `JSONBodyBytes`.
/// Every method returns nil (or false) as soon as the bytes differ from that form, so a
/// caller can fall back to the tree walk; nothing is allocated.
struct CanonicalReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    @inline(__always) func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private static var quotes: SIMD16<UInt8> { SIMD16(repeating: 0x22) }
    private static var backslashes: SIMD16<UInt8> { SIMD16(repeating: 0x5C) }
    private static var spaces: SIMD16<UInt8> { SIMD16(repeating: 0x20) }

    /// A string in canonical form.
    mutating func string() -> StringToken? {
        let open = position
        guard consume(UInt8(ascii: "\"")) else { return nil }
        var hasEscapes = false
        var nonASCII = false
        let base = bytes.baseAddress!
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        while true {
            // Sixteen bytes at a time while none is special (long values: tokens, bodies);
            // the words below then find the special byte.
            var seen = SIMD16<UInt8>()
            while position + 16 <= count {
                let vector = UnsafeRawPointer(base + position).loadUnaligned(as: SIMD16<UInt8>.self)
                let special = (vector .== Self.quotes) .| (vector .== Self.backslashes) .| (vector .< Self.spaces)
                // `any(_:)` is a call to a generic reduction; the two halves' bits are tested here.
                let halves = unsafeBitCast(special, to: SIMD2<UInt64>.self)
                if halves[0] | halves[1] != 0 { break }
                seen |= vector
                position += 16
            }
            let seenHalves = unsafeBitCast(seen, to: SIMD2<UInt64>.self)
            if (seenHalves[0] | seenHalves[1]) & 0x8080_8080_8080_8080 != 0 { nonASCII = true }
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special =
                    (((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash))
                    & 0x8080_8080_8080_8080
                if special != 0 {
                    // The lowest flagged byte is a real quote, backslash or control character
                    // (a borrow can only flag bytes above it): skip the plain bytes before it.
                    let plain = special.trailingZeroBitCount >> 3
                    let before: UInt64 = (1 << (UInt64(plain) << 3)) &- 1
                    if word & before & 0x8080_8080_8080_8080 != 0 { nonASCII = true }
                    position += plain
                    break
                }
                if word & 0x8080_8080_8080_8080 != 0 { nonASCII = true }
                position += 8
            }
            guard position < count else { return nil }
            let byte = base[position]
            if byte == 0x22 {
                position += 1
                if nonASCII,
                    String(validating: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(position - 1)]), as: UTF8.self)
                        == nil
                {
                    return nil
                }
                return StringToken(range: open..<position, hasEscapes: hasEscapes)
            }
            if byte < 0x20 { return nil }
            if byte >= 0x80 { nonASCII = true }
            if byte == 0x5C {
                // Only the escapes HARWriter writes: \" \\ \n \r \t \b \f and \u00xx (lower
                // case) for other control characters.
                guard position + 1 < count else { return nil }
                hasEscapes = true
                switch base[position + 1] {
                case 0x22, 0x5C, UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"):
                    position += 2
                    continue
                case UInt8(ascii: "u"):
                    guard position + 6 <= count, base[position + 2] == 0x30, base[position + 3] == 0x30,
                        let high = Self.lowerHex(base[position + 4]), high <= 1,
                        let low = Self.lowerHex(base[position + 5])
                    else { return nil }
                    let scalar = high << 4 | low
                    // Control characters with a short escape are written short.
                    if [0x0A, 0x0D, 0x09, 0x08, 0x0C].contains(scalar) { return nil }
                    position += 6
                    continue
                default:
                    return nil
                }
            }
            position += 1
        }
    }

    private static func lowerHex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// The raw bytes between a string token's quotes.
    func inner(_ token: StringToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)])
    }

    /// The decoded text of a string token.
    func text(_ token: StringToken) -> String {
        let inner = UnsafeBufferPointer(rebasing: bytes[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)])
        if !token.hasEscapes { return String(decoding: inner, as: UTF8.self) }
        return String(decoding: unescaped(token), as: UTF8.self)
    }

    /// The decoded bytes of a string token.
    func unescaped(_ token: StringToken) -> [UInt8] {
        let inner = UnsafeBufferPointer(rebasing: bytes[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)])
        if !token.hasEscapes { return Array(inner) }
        // Decoding never lengthens the text.
        return [UInt8](unsafeUninitializedCapacity: inner.count) { out, written in
            written = EscapedBody.decode(inner.baseAddress!, count: inner.count, into: out.baseAddress!)
        }
    }
}

