import Foundation
import IndexStoreReader

/// Which module refers to which declaration, from the index store the debug build writes as it
/// compiles (`.build/debug/index/store`): references the compiler resolved, not words that match.
final class SymbolIndex {
    struct Definition {
        var usr: String
        var module: String
        /// The definition implements a protocol requirement or overrides a class member: its access is
        /// set by what it implements, not by who calls it.
        var implementsRequirement: Bool
    }

    struct Place: Hashable {
        var file: String
        var line: Int
    }

    /// Definitions by file, line and name (as the parser dump names them too: `f(a:b:)`, `init(x:)`).
    private(set) var definitions: [String: Definition] = [:]
    /// For each symbol, the modules whose code refers to it.
    private(set) var referencingModules: [String: Set<String>] = [:]
    /// For each symbol, where its own module refers to it.
    private(set) var places: [String: [Place]] = [:]
    private(set) var occurrences = 0

    static func key(file: String, line: Int, name: String) -> String { "\(file):\(line):\(name)" }

    /// Reads the store below `storePath`; files that no longer exist (a unit left from a deleted
    /// file) are skipped.
    init(storePath: String) throws {
        var error = [CChar](repeating: 0, count: 1024)
        let box = Unmanaged.passUnretained(self).toOpaque()
        let status = shape_read_index(Compiler.indexStoreLibrary, storePath, box, { context, module, path, usr, name,
                                                                                   roles, line, _ in
            guard let context, let module, let path, let usr, let name else { return }
            let index = Unmanaged<SymbolIndex>.fromOpaque(context).takeUnretainedValue()
            index.add(module: String(cString: module), file: String(cString: path), usr: String(cString: usr),
                      name: String(cString: name), roles: roles, line: Int(line))
        }, &error, UInt(error.count))
        guard status == 0 else {
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw NSError(domain: "index", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
        }
    }

    private var existing: [String: Bool] = [:]

    private func add(module: String, file: String, usr: String, name: String, roles: UInt64, line: Int) {
        occurrences += 1
        let exists = existing[file] ?? FileManager.default.fileExists(atPath: file)
        existing[file] = exists
        guard exists else { return }
        let definition: UInt64 = 1 << 1, reference: UInt64 = 1 << 2, overrideOf: UInt64 = 1 << 11
        if roles & definition != 0 {
            definitions[Self.key(file: file, line: line, name: name)] =
                Definition(usr: usr, module: module, implementsRequirement: roles & overrideOf != 0)
        }
        if roles & reference != 0 {
            referencingModules[usr, default: []].insert(module)
            places[usr, default: []].append(Place(file: file, line: line))
        }
    }
}
