import NIOHTTP1

extension HTTPHeaders {
    /// Header names that apply to one connection only and are never forwarded.
    static let hopByHop: [String] = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te",
        "trailer", "upgrade",
    ]

    /// A copy without hop-by-hop headers, those the `Connection` header names, and any in
    /// `alsoRemoving` (lowercase names). One pass over the headers, comparing names in place:
    /// no per-header lowercased copies on the hot path.
    func removingHopByHop(alsoRemoving extra: [String] = []) -> HTTPHeaders {
        var named: [String] = []
        for value in self["connection"] {
            for token in value.split(separator: ",") {
                let name = token.trimmingCharacters(in: .whitespaces).lowercased()
                if !name.isEmpty { named.append(name) }
            }
        }
        var result = HTTPHeaders()
        result.reserveCapacity(count)
        for (name, value) in self {
            let drop =
                Self.hopByHop.contains { name.equalsIgnoringASCIICase($0) }
                || extra.contains { name.equalsIgnoringASCIICase($0) }
                || named.contains { name.equalsIgnoringASCIICase($0) }
            if !drop { result.add(name: name, value: value) }
        }
        return result
    }

    /// The headers as recorded values, in wire order.
    var recorded: [RecordedHeader] {
        map { RecordedHeader(name: $0.name, value: $0.value) }
    }
}

extension HTTPVersion {
    var harString: String { "HTTP/\(major).\(minor)" }
}

extension String {
    /// Whether the string equals `lowercase` (which must be lowercase ASCII) ignoring ASCII case,
    /// without allocating a lowercased copy.
    func equalsIgnoringASCIICase(_ lowercase: String) -> Bool {
        guard utf8.count == lowercase.utf8.count else { return false }
        // Native strings (all the proxy makes) compare on their buffers; bridged ones byte by byte.
        let compared = utf8.withContiguousStorageIfAvailable { bytes in
            lowercase.utf8.withContiguousStorageIfAvailable { expected in
                for index in 0..<bytes.count where !Self.foldedEqual(bytes[index], expected[index]) { return false }
                return true
            }
        }
        if let compared, let compared { return compared }
        return zip(utf8, lowercase.utf8).allSatisfy(Self.foldedEqual)
    }

    /// Whether `byte` is `expected` (lowercase) or its ASCII uppercase.
    @inline(__always) private static func foldedEqual(_ byte: UInt8, _ expected: UInt8) -> Bool {
        byte == expected || (byte &- UInt8(ascii: "A") < 26 && byte | 0x20 == expected)
    }
}

extension String {
    /// Whether `lowercase` (lowercase ASCII, not empty) occurs in the string ignoring ASCII case,
    /// without allocating a lowercased copy.
    func containsIgnoringASCIICase(_ lowercase: String) -> Bool {
        var value = self
        var needle = lowercase
        return value.withUTF8 { haystack in
            needle.withUTF8 { needle in
                guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
                for start in 0...(haystack.count - needle.count) {
                    var index = 0
                    while index < needle.count {
                        let byte = haystack[start + index]
                        let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
                        if folded != needle[index] { break }
                        index += 1
                    }
                    if index == needle.count { return true }
                }
                return false
            }
        }
    }
}
