/// A configuration problem, naming the field (`users[1].mfaRequired`) and, for files, the line.
public struct EmulatorConfigError: Error, Sendable, CustomStringConvertible, Equatable {
    /// Dotted path of the offending field, e.g. `userFlows[0].method`; empty for the document itself.
    public let field: String
    /// What is wrong.
    public let problem: String
    /// 1-based line in the file, when known.
    public let line: Int?

    init(field: String, problem: String, line: Int? = nil) {
        self.field = field
        self.problem = problem
        self.line = line
    }

    public var description: String {
        let place = line.map { " (line \($0))" } ?? ""
        return field.isEmpty ? "config\(place): \(problem)" : "config field `\(field)`\(place): \(problem)"
    }
}
