import CGtk

/// GtkFileChooserNative (GTK 4.8 has no GtkFileDialog): the desktop's own file chooser through the
/// portal when there is one, GTK's dialog otherwise.
@MainActor
enum FileChooser {
    /// Asks for a file to open, or a place to save to (`saveAs` is the suggested name); calls
    /// `done` with the chosen path, if any.
    static func choose(title: String, accept: String, parent: Window, saveAs: String? = nil,
                       filters: [(name: String, patterns: [String])], _ done: @escaping @MainActor (String) -> Void) {
        let action = saveAs == nil ? GTK_FILE_CHOOSER_ACTION_OPEN : GTK_FILE_CHOOSER_ACTION_SAVE
        let chooser = gtk_file_chooser_native_new(title, parent.widget.typedPointer(), action, accept, nil)!
        let fc = chooser
        if let saveAs { gtk_file_chooser_set_current_name(fc, saveAs) }
        for f in filters {
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, f.name)
            for p in f.patterns { gtk_file_filter_add_pattern(filter, p) }
            gtk_file_chooser_add_filter(fc, filter)
            g_object_unref(UnsafeMutableRawPointer(filter))
        }
        let native = GObjectRef(chooser)
        native.onUInt("response") { response in
            if Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(fc) {
                if let p = g_file_get_path(file) {
                    done(String(cString: p))
                    g_free(p)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            // The chooser was ours: let it go once answered.
            g_object_unref(UnsafeMutableRawPointer(chooser))
        }
        gtk_native_dialog_show(typed(chooser))
    }
}
