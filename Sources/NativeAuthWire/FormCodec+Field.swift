/// The one field finder of form bodies: the value of one field without decoding the others (names are
/// compared as bytes where they can be; ``FormCodec/forEachPart(in:_:)`` splits, with `memchr`: a body
/// can hold a megabyte-long token), decoded as ``FormCodec/decodeLeniently(component:)`` decodes. The
/// fuzzer reads the first field of a name, the recorder's flow grouping the last (as its dictionaries of
/// fields do).
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
            // The first match ends the walk (thrown, as the split has no other way to stop).
            try? forEachPart(in: buffer) { (part) throws(Found) in
                guard !part.range.isEmpty, nameMatches(UnsafeBufferPointer(rebasing: buffer[part.name]), name) else { return }
                found = part.equals == nil ? "" : decodeLeniently(component: UnsafeBufferPointer(rebasing: buffer[part.value]))
                if first { throw Found() }
            }
            return found
        }
    }

    private struct Found: Error {}

    /// Whether a raw name decodes to `name`, comparing bytes when neither needs decoding.
    private static func nameMatches(_ raw: UnsafeBufferPointer<UInt8>, _ name: String) -> Bool {
        if !needsDecoding(raw), name.utf8.allSatisfy({ $0 < 0x80 }) { return raw.elementsEqual(name.utf8) }
        return decodeLeniently(component: raw) == name
    }
}
