/// Finds where a value sits in JSON bytes by its path (`log`, `entries`, `[3]`, `request`), so
/// that the typed reader's errors name the byte as the streaming reader's do. It runs only when
/// an error is reported, over bytes the parser has accepted.
enum JSONLocator {
    /// The byte offset of the deepest value along `path` that the bytes hold (the value itself
    /// when it is there; its parent when a required member is missing), from the document at `start`.
    static func offset(of path: [String], in bytes: [UInt8], from start: Int = 0) -> Int? {
        var scanner = Scanner(bytes: bytes, position: start)
        scanner.skipWhitespace()
        guard scanner.position < bytes.count else { return nil }
        var found = scanner.position
        for component in path {
            guard scanner.enter(component) else { break }
            found = scanner.position
        }
        return found
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position: Int

        private static let quote = UInt8(ascii: "\"")
        private static let backslash = UInt8(ascii: "\\")

        mutating func skipWhitespace() {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A
                || bytes[position] == 0x0D || bytes[position] == 0x09
            {
                position += 1
            }
        }

        /// Moves to the value named by `component` (a key, or `[index]`) inside the value at the
        /// position; false when it is not there.
        mutating func enter(_ component: String) -> Bool {
            skipWhitespace()
            guard position < bytes.count else { return false }
            if component.hasPrefix("["), component.hasSuffix("]"), let index = Int(component.dropFirst().dropLast()) {
                return element(index)
            }
            guard bytes[position] == UInt8(ascii: "{") else { return false }
            position += 1
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == Self.quote else { return false }
                let keyStart = position
                skipString()
                let matches = key(keyStart..<position, is: component)
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
                position += 1
                skipWhitespace()
                if matches { return true }
                guard skipToNext() else { return false }
            }
        }

        private mutating func element(_ index: Int) -> Bool {
            guard bytes[position] == UInt8(ascii: "[") else { return false }
            position += 1
            var current = 0
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { return false }
                if current == index { return true }
                guard skipToNext() else { return false }
                current += 1
            }
        }

        /// Skips a member's value or an element and the comma after it; false at the container's end.
        private mutating func skipToNext() -> Bool {
            skipValue()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
            position += 1
            return true
        }

        private func key(_ range: Range<Int>, is name: String) -> Bool {
            let inner = bytes[(range.lowerBound + 1)..<max(range.lowerBound + 1, range.upperBound - 1)]
            if !inner.contains(Self.backslash) { return inner.elementsEqual(name.utf8) }
            if case .string(let text)? = try? JSONParser.parse(bytes[range]) { return text == name }
            return false
        }

        private mutating func skipString() {
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                if byte == Self.backslash {
                    position += 2
                    continue
                }
                position += 1
                if byte == Self.quote { return }
            }
        }

        private mutating func skipValue() {
            skipWhitespace()
            guard position < bytes.count else { return }
            switch bytes[position] {
            case Self.quote:
                skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == Self.quote {
                        skipString()
                        continue
                    }
                    position += 1
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { return }
                    }
                }
            default:
                while position < bytes.count, !Self.endsScalar(bytes[position]) { position += 1 }
            }
        }

        private static func endsScalar(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20
                || byte == 0x0A || byte == 0x0D || byte == 0x09
        }
    }
}
