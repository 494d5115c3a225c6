extension MessageDialog {
    /// A dialog that says something is under way: its sentence over a spinning wheel, named for
    /// a screen reader by `label` (a recipe being read, a share connecting).
    static func working(parent: Window, heading: String, body: String, label: String) -> MessageDialog {
        let dialog = MessageDialog(parent: parent, heading: heading, body: body)
        let spinner = Spinner()
        spinner.widget.sizeRequest(width: 32, height: 32)
        spinner.widget.align(h: .center)
        spinner.widget.accessibleLabel(label)
        dialog.extraChild(spinner.widget)
        return dialog
    }
}
