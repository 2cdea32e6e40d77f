import Foundation
import NativeAuthWire

/// A JSON request member value: a string, or an object of strings (sign-up `attributes`).
enum V2JSONValue: Sendable, Hashable {
    case string(String)
    case object([(key: String, value: String)])

    static func == (lhs: V2JSONValue, rhs: V2JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let text): hasher.combine(text)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}

/// One request a V2 machine wants made (spec native-auth-v2 §1.2): a fixed path with a form body (O1,
/// O2, O17) or a server-given href with a JSON body.
struct V2Call: Sendable, Hashable {
    enum Target: Sendable, Hashable {
        /// A ``V2Path`` under the authority.
        case fixed(String)
        /// An href from an answer.
        case link(String)
    }

    enum Body: Sendable, Hashable {
        case form([FormField])
        /// Members in sending order; unset optional members are left out, as MSAL iOS does.
        case json([V2JSONMember])
    }

    var method: String
    var target: Target
    var body: Body

    /// A JSON `POST` to an href.
    static func post(_ href: String, _ members: [V2JSONMember]) -> V2Call {
        V2Call(method: "POST", target: .link(href), body: .json(members))
    }

    /// A form `POST` to a fixed path.
    static func form(_ path: String, _ fields: [FormField]) -> V2Call {
        V2Call(method: "POST", target: .fixed(path), body: .form(fields))
    }
}

/// One member of a JSON request body.
struct V2JSONMember: Sendable, Hashable {
    var key: String
    var value: V2JSONValue

    init(_ key: String, _ value: String) {
        self.key = key
        self.value = .string(value)
    }

    init(_ key: String, object: [(key: String, value: String)]) {
        self.key = key
        self.value = .object(object)
    }
}

/// Writes a JSON body: members in order, strings escaped as RFC 8259 asks.
enum V2JSONWriter {
    static func encode(_ members: [V2JSONMember]) -> Data {
        var out = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { out += "," }
            out += JSONString.quote(member.key) + ":"
            switch member.value {
            case .string(let text): out += JSONString.quote(text)
            case .object(let items):
                out += "{" + items.map { JSONString.quote($0.key) + ":" + JSONString.quote($0.value) }.joined(separator: ",") + "}"
            }
        }
        return Data((out + "}").utf8)
    }
}
