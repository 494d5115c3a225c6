import Foundation
import ShopperModel
import ShopperSyncModel

/// The account step of sharing, a list's or the recipes and plan's: the server's address, the user
/// name and the password in one dialog, an account already in use offered first with its password
/// from the keyring. Connect (or Enter in any row) answers with what was typed; the password row
/// is emptied as the dialog answers.
@MainActor
enum AccountDialog {
    /// What was typed.
    struct Typed: Sendable {
        let server: String
        let user: String
        let password: String
    }

    /// Asks for the account; `problem`, when there is one, replaces `body` (the step shown again
    /// after a failure, with what was typed). Returns the dialog, presented.
    @discardableResult
    static func ask(parent: Window, heading: String, body: String, offered account: SyncController.Account?,
                    typed: Typed, connect: @escaping @MainActor (Typed) -> Void) -> MessageDialog {
        let (server, user) = account.map { ($0.server, $0.user) } ?? (typed.server, typed.user)
        let dialog = MessageDialog(parent: parent, heading: heading, body: body)
        let rows = ListBox()
        rows.widget.css("boxed-list")
        let serverRow = EntryRow(title: L("Server Address"))
        let userRow = EntryRow(title: L("User Name"))
        let passwordRow = PasswordEntryRow(title: L("Password"))
        serverRow.text = server
        userRow.text = user
        passwordRow.text = typed.password
        // Filled only while the dialog asks, and for the account it still shows: a password found
        // after the dialog answered would stay in the row, one for another server would go there.
        let open = Flag(true)
        if let account {
            fillPassword(passwordRow, from: account) {
                open.on && serverRow.text == account.server && userRow.text == account.user
            }
        }
        for row in [serverRow.row, userRow.row, passwordRow.row] { rows.append(row) }
        for row in [serverRow, userRow] { row.activatesDefault(true) }
        passwordRow.activatesDefault(true)
        dialog.extraChild(rows.widget)
        dialog.addResponse("cancel", L("Cancel"))
        dialog.addResponse("connect", L("Connect"), suggested: true)
        dialog.closeResponse("cancel")
        let filled: @MainActor @Sendable () -> Bool = {
            !serverRow.text.trimmingCharacters(in: .whitespaces).isEmpty && !userRow.text.isEmpty
                && !passwordRow.text.isEmpty
        }
        for row in [serverRow.row, userRow.row, passwordRow.row] {
            row.on("changed") { dialog.setEnabled("connect", filled()) }
        }
        dialog.setEnabled("connect", filled())
        dialog.onResponse { response in
            open.on = false
            let password = passwordRow.text
            passwordRow.clear()
            guard response == "connect" else { return }
            connect(Typed(server: serverRow.text, user: userRow.text, password: password))
        }
        dialog.widget.nameButtons(icons: [:])
        dialog.present()
        _ = (server.isEmpty ? serverRow.row : passwordRow.row).grabFocus()
        return dialog
    }

    /// The keyring's password for an account in use, into the row once found (a locked keyring may
    /// ask first: never on the main loop).
    private static func fillPassword(_ row: PasswordEntryRow, from account: SyncController.Account,
                                     stillWanted: @escaping @MainActor () -> Bool) {
        Thread.detachNewThread {
            guard let password = SyncHelper.password(server: account.server, user: account.user) else { return }
            MainLoop.post { if stillWanted(), row.text.isEmpty { row.text = password } }
        }
    }

    /// A yes or no that closures share (whether a dialog still asks).
    @MainActor final class Flag {
        var on: Bool
        init(_ on: Bool) { self.on = on }
    }
}
