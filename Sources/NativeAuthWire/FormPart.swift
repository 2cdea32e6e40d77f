#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `&`-separated part of form text, raw: where it runs, where its first `=` is and where its value
/// starts. Unchanged parts can be written back byte for byte from `range`.
public struct FormPart<Index: Comparable> {
    /// The part's text, without the `&` around it (empty for `&&`).
    public var range: Range<Index>
    /// The first `=` of the part, nil when it has none.
    public var equals: Index?
    /// Where the value starts: after `equals`, or at the part's end when there is no `=`.
    public var valueStart: Index

    /// The raw name: the part up to its first `=` (the whole part without one).
    public var name: Range<Index> { range.lowerBound..<(equals ?? range.upperBound) }
    /// The raw value: the part after its first `=` (empty without one).
    public var value: Range<Index> { valueStart..<range.upperBound }
}

extension FormPart: Sendable where Index: Sendable {}

/// The one split of form text (`application/x-www-form-urlencoded` bodies, URL queries) into fields:
/// parts run between `&`s, every part is given (an empty text, `&&` or a trailing `&` give empty ones,
/// which decoders skip and writers keep), a name runs to its part's first `=`. ``FormCodec``'s decoders,
/// its field finder and Redaction's form rewriting all split here, so they agree on every body.
extension FormCodec {
    /// Calls `body` with each part of `bytes` in order; `memchr` finds the separators (a value can be a
    /// token of many kilobytes).
    public static func forEachPart<E: Error>(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (FormPart<Int>) throws(E) -> Void
    ) throws(E) {
        try forEachPart(of: bytes, body) { separator, range in
            guard let base = bytes.baseAddress, !range.isEmpty,
                let found = memchr(base + range.lowerBound, Int32(separator), range.count)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Calls `body` with each part of `text` in order. ASCII text is split on its bytes; other text on
    /// its `Character`s, so an `&` or `=` that a combining mark joins (or a prepended mark precedes)
    /// is no separator there, as Swift's own `split` sees it.
    public static func forEachPart<E: Error>(
        of text: Substring, _ body: (FormPart<String.Index>) throws(E) -> Void
    ) throws(E) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let utf8 = text.utf8
            try forEachPart(of: utf8, body) { separator, range in utf8[range].firstIndex(of: separator) }
        } else {
            try forEachPart(of: text, body) { separator, range in
                text[range].firstIndex(of: Character(Unicode.Scalar(separator)))
            }
        }
    }

    /// The parts of `text`, in order (see ``forEachPart(of:_:)``).
    public static func parts(of text: Substring) -> [FormPart<String.Index>] {
        var parts: [FormPart<String.Index>] = []
        forEachPart(of: text) { parts.append($0) }
        return parts
    }

    /// The split itself, with `firstIndex` finding a separator (`&` or `=`, given as its byte) in a range.
    private static func forEachPart<Text: Collection, E: Error>(
        of text: Text, _ body: (FormPart<Text.Index>) throws(E) -> Void,
        firstIndex: (UInt8, Range<Text.Index>) -> Text.Index?
    ) throws(E) {
        var start = text.startIndex
        while true {
            let end = firstIndex(UInt8(ascii: "&"), start..<text.endIndex) ?? text.endIndex
            let equals = firstIndex(UInt8(ascii: "="), start..<end)
            try body(FormPart(range: start..<end, equals: equals, valueStart: equals.map(text.index(after:)) ?? end))
            guard end < text.endIndex else { return }
            start = text.index(after: end)
        }
    }
}
