import CGtk
import ShopperText

/// libadwaita's About window.
@MainActor
enum AboutDialog {
    static func present(_ info: AboutInfo, version: String, icon: String, parent: Window) {
        let about = adw_about_window_new()!
        let w = OpaquePointer(about)
        adw_about_window_set_application_name(w, info.name)
        adw_about_window_set_application_icon(w, icon)
        adw_about_window_set_version(w, version)
        adw_about_window_set_comments(w, L(info.summary))
        adw_about_window_set_developer_name(w, info.developer)
        // The metainfo's SPDX id; GTK knows this one by name, any other is shown as written.
        if info.license == "GPL-3.0-or-later" { adw_about_window_set_license_type(w, GTK_LICENSE_GPL_3_0) }
        else if !info.license.isEmpty { adw_about_window_set_license(w, info.license) }
        if !info.website.isEmpty { adw_about_window_set_website(w, info.website) }
        if !info.issues.isEmpty { adw_about_window_set_issue_url(w, info.issues) }
        if !info.releaseNotes.isEmpty {
            adw_about_window_set_release_notes(w, info.releaseNotes)
            adw_about_window_set_release_notes_version(w, info.releaseVersion)
        }
        let window = Window(wrapping: Widget(about))
        window.transient(for: parent)
        window.modal(true)
        window.present()
    }
}
