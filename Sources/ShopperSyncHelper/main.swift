import CSync
import Foundation
import ShopperModel
import ShopperSync
import ShopperSyncModel

// `shopper-sync`: the one process that talks to CalDAV servers and the keyring, and fetches and
// parses recipe pages (`shopper recipe import`, the window's import). The window and
// `shopper share`/`shopper sync` run it (`SyncHelper`), so they never load libsoup, libical,
// libxml2, libsecret or what those bring (Kerberos, ICU, …). Arguments: a `HelperCommand`; a
// password, when one is needed, on standard input; replies on standard output, one JSON line
// each (`HelperReply`).

// Killed with whoever started it: a sync cut off resumes at the next one, where one left running
// alone would go on writing after its window or command was gone. The parent may have died
// before this line: then this process already belongs to another.
if shopper_die_with_parent() != 0 || ProcessInfo.processInfo.environment[HelperProcess.parentVariable] != "\(getppid())"
{
    exit(3)
}
HelperTranslation.setUp()
guard let command = HelperCommand(arguments: Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(
        Data("shopper-sync: Shopper's sharing helper, run by Shopper itself (shopper share, shopper sync)\n".utf8))
    exit(2)
}
// A recipe's page or file is read within the kernel's bounds too, set before anything is read.
if case .recipes(let source) = command { HelperLimits.arm(for: source) }
let password = command.readsPassword ? readLine(strippingNewline: true) ?? "" : ""
HelperRun(password: password).run(command)
