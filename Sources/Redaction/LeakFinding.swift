/// Something in a capture that looks like a secret left unredacted.
public struct LeakFinding: Sendable, Hashable, CustomStringConvertible {
    /// The file scanned.
    public var file: String
    /// The HAR entry index, when the finding is inside an entry.
    public var entry: Int?
    /// Where, as a path into the document, for example
    /// `entries[2].request.postData.text[oob]`.
    public var location: String
    /// Which detector fired, for example `jwt` or `canary`.
    public var detector: String
    /// Why, in words. Never contains the secret itself: at most a masked preview.
    public var reason: String

    public var description: String {
        let entryPart = entry.map { "entry \($0): " } ?? ""
        return "\(file): \(entryPart)\(location): \(detector): \(reason)"
    }
}
