import CGtk

extension Entry {
    /// Ctrl+V, Shift+Insert or the context menu's Paste: `take` gets the clipboard's text and returns
    /// whether it dealt with it; if not, the text is pasted as usual. (A one-line entry would
    /// otherwise fold pasted lines into one.)
    func onPaste(_ take: @escaping @MainActor (String) -> Bool) {
        // GtkEntry pastes through its GtkText, whose action signal this is.
        guard let delegate = gtk_editable_get_delegate(widget.opaque) else { return }
        let text = Widget(unsafe: UnsafeMutableRawPointer(delegate))
        let editable = widget.opaque
        text.on("paste-clipboard") {
            g_signal_stop_emission_by_name(UnsafeMutableRawPointer(delegate), "paste-clipboard")
            let clipboard = gtk_widget_get_clipboard(text.raw)
            readText(clipboard) { pasted in
                guard let pasted, !take(pasted) else { return }
                gtk_editable_delete_selection(editable)
                var position = gtk_editable_get_position(editable)
                gtk_editable_insert_text(editable, pasted, -1, &position)
                gtk_editable_set_position(editable, position)
            }
        }
    }
}

/// The clipboard's text, when it arrives (nil when it holds none).
@MainActor
private func readText(_ clipboard: OpaquePointer?, _ done: @escaping @MainActor (String?) -> Void) {
    let box = Unmanaged.passRetained(ClosureBox(done)).toOpaque()
    gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
        let done = Unmanaged<ClosureBox<@MainActor (String?) -> Void>>.fromOpaque(data!).takeRetainedValue()
        var text: String?
        if let chars = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil) {
            text = String(cString: chars)
            g_free(chars)
        }
        MainActor.assumeIsolated { done.call(text) }
    }, box)
}
