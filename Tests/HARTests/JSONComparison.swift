import HAR

/// Compares two JSON trees ignoring object key order and number spelling, and returns the
/// first difference found (a path), or nil when they are equivalent.
func firstDifference(_ a: JSONValue, _ b: JSONValue, path: String = "") -> String? {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        let xKeys = Set(x.keys), yKeys = Set(y.keys)
        if xKeys != yKeys {
            return "\(path): keys differ: \(xKeys.symmetricDifference(yKeys).sorted())"
        }
        for key in x.keys.sorted() {
            if let difference = firstDifference(x[key]!, y[key]!, path: path + "." + key) { return difference }
        }
        return nil
    case (.array(let x), .array(let y)):
        guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) elements" }
        for (i, (l, r)) in zip(x, y).enumerated() {
            if let difference = firstDifference(l, r, path: path + "[\(i)]") { return difference }
        }
        return nil
    case (.number(let x), .number(let y)):
        return Double(x) == Double(y) ? nil : "\(path): \(x) vs \(y)"
    default:
        return a == b ? nil : "\(path): \(a) vs \(b)"
    }
}
