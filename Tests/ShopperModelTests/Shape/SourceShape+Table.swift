import Foundation

/// The before/after table issue 55's closing note asks for, as markdown (`make shape`).
extension SourceShape {
    /// Types always listed, whatever their size: the ones the issue names.
    static let namedTypes = ["ShopperModel.ShoppingModel", "ShopperApp.MainWindow", "ShopperModel.Store",
                             "ShopperModel.ListProjection", "ShopperApp.ListPage"]

    func table() -> String {
        var out = ["## Source shape", ""]
        out.append("Measured by Tests/ShopperModelTests/Shape (the compiler's parse tree and the debug build's "
                   + "index store).")
        out += ["", "| Rule | Over |", "|---|---|"]
        out.append("| files over 400 lines | \(files.filter { $0.lines > 400 }.count) |")
        out.append("| functions over 60 lines | \(functions.filter { $0.lines > 60 }.count) |")
        out.append("| types over 600 lines (all blocks) | \(types.values.filter { $0.lines > 600 }.count) |")
        out.append("| types over 12 stored properties | \(types.values.filter { $0.stored > 12 }.count) |")
        out.append("| lines over 120 characters | \(longLines.count) |")
        out += ["", "### Types (the named ones, and any over 300 lines or 8 stored properties)", ""]
        out += ["| Type | Lines | Blocks | Files | Stored | Static stored | Members |", "|---|---|---|---|---|---|---|"]
        let listed = types.values.filter { Self.namedTypes.contains($0.name) || $0.lines > 300 || $0.stored > 8 }
        for t in listed.sorted(by: { ($0.lines, $0.name) > ($1.lines, $1.name) }) {
            let cells = [t.name, "\(t.lines)", "\(t.blocks)", "\(t.files.count)", "\(t.stored)", "\(t.staticStored)",
                         "\(t.members)"]
            out.append("| " + cells.joined(separator: " | ") + " |")
        }
        out += ["", "### public / package declarations", ""]
        guard !exposed.isEmpty else {
            return (out + ["Not measured: no index store (build first)."]).joined(separator: "\n") + "\n"
        }
        out += ["| Module | public | package | referred to by another module | needed by a signature or conformance "
                + "| by nobody else |",
                "|---|---|---|---|---|---|"]
        for (module, decls) in Dictionary(grouping: exposed, by: \.module).sorted(by: { $0.key < $1.key }) {
            let publicCount = decls.filter { $0.access != "package" }.count
            let unused = decls.filter { !$0.usedElsewhere && !$0.required }.count
            let used = decls.filter(\.usedElsewhere).count
            let required = decls.filter { $0.required && !$0.usedElsewhere }.count
            let cells = [module, "\(publicCount)", "\(decls.count - publicCount)", "\(used)", "\(required)", "\(unused)"]
            out.append("| " + cells.joined(separator: " | ") + " |")
        }
        return out.joined(separator: "\n") + "\n"
    }
}
