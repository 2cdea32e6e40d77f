import NIOHTTP1

extension HTTPHeaders {
    /// Header names that apply to one connection only and are never forwarded.
    static let hopByHop: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te",
        "trailer", "upgrade",
    ]

    /// A copy without hop-by-hop headers, those the `Connection` header names, and any in `alsoRemoving`.
    func removingHopByHop(alsoRemoving extra: Set<String> = []) -> HTTPHeaders {
        var named = Self.hopByHop.union(extra)
        for value in self["connection"] {
            for token in value.split(separator: ",") {
                named.insert(token.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        var result = HTTPHeaders()
        for (name, value) in self where !named.contains(name.lowercased()) {
            result.add(name: name, value: value)
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
