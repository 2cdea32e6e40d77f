import CPCRE2

/// A compiled PCRE2 regular expression: the only owner of PCRE2 pointers in authtape.
///
/// Patterns are compiled in UTF-8 mode and JIT-compiled when the library supports it.
/// Subjects are Swift strings, which are always valid UTF-8, so matching skips PCRE2's
/// per-call UTF validation (`PCRE2_NO_UTF_CHECK`), which would otherwise rescan the
/// whole subject on every call.
public final class PCRE2Pattern: Sendable {
    /// The pattern text as given.
    public let source: String
    /// The rule name used in error messages.
    public let name: String
    /// Whether the JIT compiler accepted the pattern.
    public let isJITCompiled: Bool
    // pcre2_code is immutable after compilation and may be shared between threads.
    nonisolated(unsafe) private let code: OpaquePointer

    /// Compiles `source`.
    /// - Throws: `PatternError` naming the rule, PCRE2's message and the offset.
    public init(_ source: String, name: String, caseInsensitive: Bool = false) throws(PatternError) {
        var options: UInt32 = UInt32(PCRE2_UTF) | UInt32(PCRE2_UCP)
        if caseInsensitive { options |= UInt32(PCRE2_CASELESS) }
        var errorCode: Int32 = 0
        var errorOffset: Int = 0
        let compiled: OpaquePointer? = source.utf8.withContiguousStorageIfAvailable { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        } ?? Array(source.utf8).withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw PatternError(
                rule: name, pattern: source, offset: errorOffset,
                message: Self.message(for: errorCode))
        }
        self.code = compiled
        self.source = source
        self.name = name
        self.isJITCompiled = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
    }

    deinit {
        pcre2_code_free_8(code)
    }

    /// Byte ranges of every non-overlapping match in `bytes`, which must be valid UTF-8.
    public func matchRanges(in bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard let base = bytes.baseAddress else { return [] }
        guard let matchData = pcre2_match_data_create_from_pattern_8(code, nil) else { return [] }
        defer { pcre2_match_data_free_8(matchData) }
        var ranges: [Range<Int>] = []
        var start = 0
        let options = UInt32(PCRE2_NO_UTF_CHECK)
        while start <= bytes.count {
            let rc = pcre2_match_8(code, base, bytes.count, start, options, matchData, nil)
            if rc < 0 { break }
            guard let ovector = pcre2_get_ovector_pointer_8(matchData) else { break }
            let lower = ovector[0]
            let upper = ovector[1]
            guard lower <= upper, upper <= bytes.count else { break }
            if upper == lower {
                // An empty match: step over one UTF-8 scalar so the scan terminates.
                start = Self.nextScalar(after: upper, in: bytes)
                continue
            }
            ranges.append(lower..<upper)
            start = upper
        }
        return ranges
    }

    /// Byte ranges of every match in `text`.
    public func matchRanges(in text: String) -> [Range<Int>] {
        var copy = text
        return copy.withUTF8 { matchRanges(in: $0) }
    }

    /// Whether the pattern matches anywhere in `text`.
    public func matches(_ text: String) -> Bool {
        !matchRanges(in: text).isEmpty
    }

    /// Replaces every match in `text` with the value `replacement` gives for it.
    /// Returns nil when nothing matched, so callers can keep the original string.
    public func replacingMatches(in text: String, with replacement: (Substring) -> String) -> String? {
        var copy = text
        return copy.withUTF8 { buffer -> String? in
            let ranges = matchRanges(in: buffer)
            if ranges.isEmpty { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(buffer.count)
            var cursor = 0
            for range in ranges {
                output.append(contentsOf: buffer[cursor..<range.lowerBound])
                let matched = String(decoding: buffer[range], as: UTF8.self)
                output.append(contentsOf: replacement(Substring(matched)).utf8)
                cursor = range.upperBound
            }
            output.append(contentsOf: buffer[cursor...])
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func nextScalar(after index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var next = index + 1
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        return next
    }

    private static func message(for errorCode: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = buffer.withUnsafeMutableBufferPointer {
            pcre2_get_error_message_8(errorCode, $0.baseAddress, $0.count)
        }
        guard length > 0 else { return "PCRE2 error \(errorCode)" }
        return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    }
}

/// A regular expression that PCRE2 refused to compile.
public struct PatternError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The rule whose pattern failed.
    public var rule: String
    /// The pattern text.
    public var pattern: String
    /// The offset in the pattern, in bytes, that PCRE2 reports.
    public var offset: Int
    /// PCRE2's message, for example "missing closing parenthesis".
    public var message: String

    public var description: String {
        "rule '\(rule)': invalid regular expression at offset \(offset): \(message)"
    }
}
