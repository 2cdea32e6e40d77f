import NativeAuthWire
/// `String(describing:)` of a type, remembered per type: every outcome names its state and error
/// classes, and asking the runtime for a type's name each time is slow.
enum TypeNames {
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    static func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names.withLock({ $0[key] }) { return known }
        let name = String(describing: type)
        names.withLock { $0[key] = name }
        return name
    }
}
