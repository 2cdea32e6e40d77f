import Foundation

/// The optional JSON file that keeps users (passwords included) between runs; written with mode 0600.
enum UserStoreFile {
    struct Document: Codable {
        var version = 1
        var users: [UserRecord]
    }

    static func load(_ path: String) throws(EmulatorConfigError) -> [UserRecord]? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try JSONDecoder().decode(Document.self, from: data).users
        } catch {
            throw EmulatorConfigError(field: "server.storePath", problem: "cannot read user store \(path): \(error)")
        }
    }

    static func save(_ users: [UserRecord], to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(Document(users: users.sorted { $0.email < $1.email }))
        let temporary = path + ".tmp"
        _ = FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        guard rename(temporary, path) == 0 else {
            throw EmulatorConfigError(field: "server.storePath", problem: "cannot replace \(path) (errno \(errno))")
        }
    }
}
