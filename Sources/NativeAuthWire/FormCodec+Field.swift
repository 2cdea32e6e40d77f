import Foundation

/// The one field finder of form bodies: the value of one field without decoding the others (names are
/// compared as bytes where they can be, `memchr` finds the separators: a body can hold a megabyte-long
/// token), decoded as ``FormCodec/decodeLeniently(component:)`` decodes. The fuzzer reads the first
/// field of a name, the recorder's flow grouping the last (as its dictionaries of fields do).
extension FormCodec {
    /// The value of the first field named `name`, `""` for a field without `=`, nil when there is none.
    public static func firstValue(named name: String, in body: [UInt8]) -> String? {
        value(named: name, in: body, first: true)
    }

    /// The value of the last field named `name`, `""` for a field without `=`, nil when there is none.
    public static func lastValue(named name: String, in body: [UInt8]) -> String? {
        value(named: name, in: body, first: false)
    }

    private static func value(named name: String, in body: [UInt8], first: Bool) -> String? {
        body.withUnsafeBufferPointer { buffer -> String? in
            var found: String?
            var start = 0
            while start < buffer.count {
                let end = index(of: UInt8(ascii: "&"), in: buffer, from: start, to: buffer.count)
                if start < end {
                    let equals = index(of: UInt8(ascii: "="), in: buffer, from: start, to: end)
                    if nameMatches(UnsafeBufferPointer(rebasing: buffer[start..<equals]), name) {
                        found =
                            equals < end
                            ? decodeLeniently(component: UnsafeBufferPointer(rebasing: buffer[(equals + 1)..<end])) : ""
                        if first { return found }
                    }
                }
                start = end + 1
            }
            return found
        }
    }

    /// The index of the first `byte` in `buffer[start..<end]`, or `end`.
    private static func index(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else {
            return end
        }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether a raw name decodes to `name`, comparing bytes when neither needs decoding.
    private static func nameMatches(_ raw: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        if !needsDecoding(raw), name.utf8.allSatisfy({ $0 < 0x80 }) { return raw.elementsEqual(name.utf8) }
        return decodeLeniently(component: raw) == name
    }
}
