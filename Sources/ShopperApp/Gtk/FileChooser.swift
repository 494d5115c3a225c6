import CGtk
import Foundation

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
        if let folder = startFolder(last: lastFolder, documents: userDocuments) {
            let file = g_file_new_for_path(folder)
            gtk_file_chooser_set_current_folder(fc, file, nil)
            g_object_unref(UnsafeMutableRawPointer(file))
        }
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
                    let path = String(cString: p)
                    g_free(p)
                    lastFolder = (path as NSString).deletingLastPathComponent
                    done(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            // The chooser was ours: let it go once answered.
            g_object_unref(UnsafeMutableRawPointer(chooser))
        }
        gtk_native_dialog_show(typed(chooser))
    }

    /// The folder of the last file chosen here, for the next chooser.
    private static var lastFolder: String?

    /// The user's Documents folder, as the desktop names it (XDG user dirs).
    private static var userDocuments: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_DOCUMENTS).map { String(cString: $0) }
    }

    /// Where a chooser opens: the folder last used, else Documents, else home (never the folder
    /// the program was started from); a folder gone since is passed over.
    static func startFolder(last: String?, documents: String?, home: String = NSHomeDirectory()) -> String? {
        var isFolder: ObjCBool = false
        return [last, documents, home].compactMap { $0 }.first {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue
        }
    }
}
