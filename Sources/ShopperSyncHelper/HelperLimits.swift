import CSync
import Foundation
import ShopperModel
import ShopperSync
import ShopperSyncModel

/// The kernel's bounds on the helper while it imports a recipe, behind the read's own limits
/// (`ReadBudget`): should a parser loop or grow where no limit counts, the process is stopped,
/// and the window still reads one sentence, never "the helper stopped answering". The only file
/// that calls CSync's `shopper_limit_*` (their state is one copy per object file).
enum HelperLimits {
    /// Bounds set before `source` is read: its address space, CPU time as long as the import's
    /// deadline and a little more, and an alarm just after it (a read stuck where no clock is read).
    static func arm(for source: String) {
        let seconds = RecipeImport.deadlineSeconds
        let page = RecipeImport.isAddress(source)
        let time = RecipeImportError.limit(source, .time(seconds: seconds), page: page).description
        let memory = RecipeImportError.limit(source, .memory, page: page).description
        let space = UInt(shopper_limit_in_use()) + UInt(RecipeImport.memoryMegabytes) << 20
        let failed = shopper_limit_arm(space, UInt32(seconds + 2), UInt32(seconds + 3), line(time), line(memory))
        // Not bounded is said on standard error (the reply stays the answer), and the read goes on
        // within its own limits.
        if failed != 0 {
            FileHandle.standardError.write(Data("shopper-sync: the process limits could not be set\n".utf8))
        }
        // A limit reached is said in the reply; what the Swift runtime prints on its way down
        // ("Fatal error: failed to allocate…") would only reach the terminal of `shopper recipe
        // import` beside that sentence.
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        if null >= 0 { dup2(null, 2); close(null) }
    }

    /// The answer is being written: a limit passed now does not add a second one.
    static func answering() { shopper_limit_answer_begins() }

    /// A reply carrying `error`, as one line, the way the helper writes every reply.
    private static func line(_ error: String) -> String {
        let json = (try? JSONEncoder().encode(HelperReply(error: error))) ?? Data(#"{"error":"limit"}"#.utf8)
        return String(decoding: json, as: UTF8.self) + "\n"
    }
}
