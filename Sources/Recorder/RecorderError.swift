/// Errors from configuring or starting the recorder.
public struct RecorderError: Error, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case invalidUpstream(String)
        case invalidListenAddress(String)
        case certificateAuthority(String)
        case bindFailed(String)
    }

    private let kind: Kind

    /// The upstream URL is not `http(s)://host[:port]`.
    public static func invalidUpstream(_ value: String) -> RecorderError { .init(kind: .invalidUpstream(value)) }
    /// The listen address could not be parsed or resolved.
    public static func invalidListenAddress(_ value: String) -> RecorderError {
        .init(kind: .invalidListenAddress(value))
    }
    /// The interception CA could not be created or loaded.
    public static func certificateAuthority(_ detail: String) -> RecorderError {
        .init(kind: .certificateAuthority(detail))
    }
    /// The proxy could not listen on the requested address.
    public static func bindFailed(_ detail: String) -> RecorderError { .init(kind: .bindFailed(detail)) }

    /// A message naming what is wrong.
    public var description: String {
        switch kind {
        case .invalidUpstream(let value):
            "invalid upstream '\(value)': expected http://host[:port] or https://host[:port]"
        case .invalidListenAddress(let value):
            "invalid listen address '\(value)': expected an IP address such as 127.0.0.1"
        case .certificateAuthority(let detail):
            "interception CA: \(detail)"
        case .bindFailed(let detail):
            "cannot listen: \(detail)"
        }
    }
}
