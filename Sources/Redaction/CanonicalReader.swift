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

/// Reads JSON that is exactly in the form `HARWriter` writes (two-space indentation,
/// `"key": value`, `[]` and `{}` for empty containers, only `"`, `\` and control characters
/// escaped, valid UTF-8). Every method returns nil (or false) as soon as the bytes differ
/// from that form, so a caller can fall back to the general path; nothing is allocated.
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

    /// The bytes of `literal`, exactly.
    @inline(__always) mutating func consume(literal: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = literal.count
        guard bytes.count - position >= count else { return false }
        let equal = memcmp(bytes.baseAddress! + position, literal.baseAddress!, count) == 0
        if equal { position += count }
        return equal
    }

    /// A newline followed by `2 * level` spaces.
    mutating func consumeNewline(level: Int) -> Bool {
        let width = 2 * level
        guard bytes.count - position > width, bytes[position] == 0x0A else { return false }
        // Eight spaces at a time (entries' members sit 8 to 20 spaces deep).
        let base = bytes.baseAddress! + position + 1
        var i = 0
        while i + 8 <= width {
            if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) != 0x2020_2020_2020_2020 { return false }
            i += 8
        }
        while i < width {
            if base[i] != 0x20 { return false }
            i += 1
        }
        position += 1 + width
        return true
    }

    /// Starts an object at `level`; returns false when it is not an object. `isEmpty` tells
    /// whether it was `{}` (then already consumed).
    mutating func beginObject(isEmpty: inout Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        isEmpty = consume(UInt8(ascii: "}"))
        return true
    }

    /// The next key of an object at `level`: `\n<indent>"key": `. Returns nil at the end of
    /// the object (consuming `\n<indent>}`) and sets `failed` when the form is wrong.
    mutating func nextKey(level: Int, first: Bool, failed: inout Bool) -> StringToken? {
        if !first {
            if consumeNewline(level: level), consume(UInt8(ascii: "}")) { return nil }
            guard consume(UInt8(ascii: ",")) else {
                failed = true
                return nil
            }
        }
        guard consumeNewline(level: level + 1), let key = string(),
            consume(UInt8(ascii: ":")), consume(0x20)
        else {
            failed = true
            return nil
        }
        return key
    }

    /// Whether the key token's text equals `name` (keys compared as raw bytes).
    func keyEquals(_ key: StringToken, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard key.range.count == count + 2 else { return false }
        let start = name.utf8Start
        for i in 0..<count where bytes[key.range.lowerBound + 1 + i] != start[i] { return false }
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
            written = EscapedBody.decode(inner.baseAddress!, count: inner.count, into: out.baseAddress!, escapes: nil).bytes
        }
    }

    /// An integer as `Int` fields are written (`0`, `-1`, `42`; no leading zeros, fits Int).
    mutating func integer() -> Bool {
        let start = position
        _ = consume(UInt8(ascii: "-"))
        let digits = position
        while let byte = peek(), byte &- UInt8(ascii: "0") < 10 { position += 1 }
        let length = position - digits
        guard length > 0, length < 19 else { return false }
        if bytes[digits] == UInt8(ascii: "0") { return length == 1 && digits == start }
        return true
    }

    /// A number as `Double` fields are written: the shortest text that reads back exactly.
    mutating func double() -> Bool {
        let start = position
        while let byte = peek(),
            byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                || byte | 0x20 == UInt8(ascii: "e") || byte == UInt8(ascii: "+")
        {
            position += 1
        }
        guard position > start else { return false }
        if let simple = Self.isShortestDecimal(UnsafeBufferPointer(rebasing: bytes[start..<position])) { return simple }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        // Validate as JSON first: Double() accepts forms JSON does not.
        guard (try? JSONParser.parse(literal)) != nil, let value = Double(literal), value.isFinite else { return false }
        let written: String
        if value == value.rounded(), abs(value) < 1e15 { written = String(Int64(value)) } else { written = value.description }
        return written == literal
    }

    /// Whether a short number such as `-1`, `42` or `107.8` is written as `double()` wants,
    /// decided without converting it; nil when it is not of that short form. An integer of
    /// at most 15 digits is written as such; a decimal with at most 9 integer digits, at
    /// most 6 decimals, the last not zero, and a value of at least 0.1 is its own shortest
    /// round-trip text (any decimal of at most 15 significant digits is).
    static func isShortestDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        var i = 0
        if i < text.count, text[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        while i < text.count, text[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        let integerDigits = i - integerStart
        guard integerDigits > 0 else { return nil }
        let leadingZero = text[integerStart] == UInt8(ascii: "0")
        if i == text.count {
            guard integerDigits <= 15 else { return nil }
            // `0` is fine; `-0`, `01` are not what the writer gives.
            return !leadingZero || (integerDigits == 1 && integerStart == 0)
        }
        guard text[i] == UInt8(ascii: "."), integerDigits <= 9 else { return nil }
        if leadingZero && integerDigits > 1 { return false }
        i += 1
        let fractionStart = i
        while i < text.count, text[i] &- UInt8(ascii: "0") < 10 { i += 1 }
        let fractionDigits = i - fractionStart
        guard i == text.count, fractionDigits > 0, fractionDigits <= 6 else { return nil }
        // At least 0.1, so never written with an exponent.
        guard !leadingZero || text[fractionStart] != UInt8(ascii: "0") else { return nil }
        return text[text.count - 1] != UInt8(ascii: "0")
    }

    /// `true` or `false`.
    mutating func boolean() -> Bool {
        for literal: StaticString in ["true", "false"] {
            let count = literal.utf8CodeUnitCount
            if bytes.count - position >= count,
                (0..<count).allSatisfy({ bytes[position + $0] == literal.utf8Start[$0] })
            {
                position += count
                return true
            }
        }
        return false
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Skips one JSON value of any form (strings may hold any escape), checking only that
    /// brackets balance and strings end; the caller re-reads what it keeps.
    mutating func skipAnyValue() -> Bool {
        var depth = 0
        var i = position
        let count = bytes.count
        let base = bytes.baseAddress!
        let ones: UInt64 = 0x0101_0101_0101_0101
        repeat {
            guard i < count else { return false }
            switch base[i] {
            case UInt8(ascii: "\""):
                i += 1
                while true {
                    while i + 8 <= count {
                        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                        let quote = word ^ (ones &* 0x22)
                        let backslash = word ^ (ones &* 0x5C)
                        if (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & 0x8080_8080_8080_8080 != 0 {
                            break
                        }
                        i += 8
                    }
                    guard i < count else { return false }
                    if base[i] == UInt8(ascii: "\"") { break }
                    i += base[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                guard depth >= 0 else { return false }
                i += 1
            default:
                i += 1
                if depth == 0 {
                    // A scalar: up to the next delimiter.
                    while i < count, !Self.isDelimiter(base[i]) { i += 1 }
                }
            }
        } while depth > 0
        position = i
        return true
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return true
        default: return false
        }
    }
}
