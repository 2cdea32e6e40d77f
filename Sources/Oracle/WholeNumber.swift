import Foundation

/// The `Int` that MSAL's `JSONDecoder` reads from a number's text, for the oracle (decoding-rulings.md R1).
/// Foundation reads a plain integer exactly; any other number as a `Double` that must be a whole `Int`,
/// which below 2^53 is the answer; from 2^53 up it reads the text again as a `Decimal` (mantissa of at
/// most 128 bits, exponent within an `Int8`, trailing zeros folded into the exponent) and keeps the whole
/// part, which must fit a `UInt64` mantissa and an `Int`.
enum WholeNumber {
    /// RFC 8259's grammar for a number.
    static func isWellFormed(_ text: String) -> Bool {
        guard let parts = Parts(text) else { return false }
        return parts.isWellFormed
    }

    static func value(_ text: String) -> Int? {
        guard let parts = Parts(text), parts.isWellFormed else { return nil }
        if parts.fraction == nil, parts.exponent == nil { return Int(text) }
        guard let double = Double(text), let whole = Int(exactly: double) else { return nil }
        if abs(double) < 9_007_199_254_740_992 { return whole }
        return decimalWhole(parts)
    }

    /// The pieces of a number's text.
    private struct Parts {
        var negative: Bool
        var integer: [UInt8]
        var fraction: [UInt8]?
        var exponent: (negative: Bool, digits: [UInt8])?

        init?(_ text: String) {
            var bytes = Array(text.utf8)[...]
            negative = bytes.first == UInt8(ascii: "-")
            if negative { bytes = bytes.dropFirst() }
            integer = Array(bytes.prefix { Self.isDigit($0) })
            bytes = bytes.dropFirst(integer.count)
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
                let digits = Array(bytes.prefix { Self.isDigit($0) })
                fraction = digits
                bytes = bytes.dropFirst(digits.count)
            }
            if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
                bytes = bytes.dropFirst()
                var sign = false
                if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                    sign = first == UInt8(ascii: "-")
                    bytes = bytes.dropFirst()
                }
                let digits = Array(bytes.prefix { Self.isDigit($0) })
                exponent = (sign, digits)
                bytes = bytes.dropFirst(digits.count)
            }
            guard bytes.isEmpty else { return nil }
        }

        var isWellFormed: Bool {
            guard !integer.isEmpty, integer == [UInt8(ascii: "0")] || integer.first != UInt8(ascii: "0") else { return false }
            if let fraction, fraction.isEmpty { return false }
            if let exponent, exponent.digits.isEmpty { return false }
            return true
        }

        static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    }

    /// Foundation's `Decimal` reading of the text, then its whole part as an `Int`.
    private static func decimalWhole(_ parts: Parts) -> Int? {
        let limit = UInt128.max
        var mantissa: UInt128 = 0
        var scale = 0
        var full = false
        func push(_ digit: UInt8) -> Bool {
            let value = UInt128(digit - UInt8(ascii: "0"))
            guard mantissa <= (limit - value) / 10 else { return false }
            mantissa = mantissa * 10 + value
            return true
        }
        for digit in parts.integer {
            if !full, push(digit) { continue }
            full = true
            if scale == 127 { return nil }
            scale += 1
        }
        for digit in parts.fraction ?? [] where !full {
            if push(digit) {
                if scale == -128 { return nil }
                scale -= 1
            } else {
                full = true
            }
        }
        if let exponent = parts.exponent {
            var written = 0
            for digit in exponent.digits {
                written = written * 10 + Int(digit - UInt8(ascii: "0"))
                if written > 254 { return nil }
            }
            scale += exponent.negative ? -written : written
            if scale < -128 || scale > 127 { return nil }
        }
        while mantissa != 0, mantissa.isMultiple(of: 10) {
            mantissa /= 10
            scale += 1
        }
        guard var whole = UInt64(exactly: mantissa) else { return nil }
        if scale < 0 {
            for _ in scale..<0 { whole /= 10 }
        }
        for _ in 0..<max(scale, 0) {
            guard whole <= UInt64.max / 10 else { return nil }
            whole *= 10
        }
        guard let magnitude = Int(exactly: whole) else { return nil }
        return parts.negative ? -magnitude : magnitude
    }
}
