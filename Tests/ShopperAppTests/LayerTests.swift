import Foundation
import XCTest

/// Raw GTK, GLib, libadwaita, Pango and cairo calls live in Sources/ShopperApp/Gtk (and the CGtk shim) only: the
/// rest of the app speaks to typed wrappers, and does not even import the C module (a constant such
/// as GTK_ALIGN_END, or a libintl call, needs no parenthesis after a prefix to slip by).
final class LayerTests: XCTestCase {
    func testNoRawToolkitCallOutsideTheGtkFolder() throws {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ShopperApp")
        let call = try NSRegularExpression(pattern: #"\b(gtk|gdk|gsk|g|adw|pango|cairo)_[a-z0-9_]+\s*\("#)
        let cImport = try NSRegularExpression(pattern: #"^\s*(@preconcurrency\s+|@_implementationOnly\s+|internal\s+)*import\s+(CGtk|CSync|CSecret|CXML)\b"#)
        var checked = 0
        let files = FileManager.default.enumerator(atPath: app.path)!.compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Gtk/") {
            let text = try String(contentsOf: app.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                if cImport.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    XCTFail("\(file):\(n + 1) imports a C module outside Gtk/: \(line.trimmingCharacters(in: .whitespaces))")
                }
                if call.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    XCTFail("\(file):\(n + 1) calls the toolkit directly: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 20, "the app's files were found")
    }
}
