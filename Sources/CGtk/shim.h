// The one header of the CGtk module. Swift cannot import macros, type-checked casts or variadic
// functions; the few the app needs are wrapped here as static inline functions.
#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
#include <link.h>
#include <sys/auxv.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
// libadwaita from the same module: two modules including gtk.h would give two Swift types per GTK type.
#include <adwaita.h>

static inline GType shopper_type_object(void) { return G_TYPE_OBJECT; }

/// The GObject instance behind any GTK type pointer.
static inline GObject *shopper_object(gpointer p) { return G_OBJECT(p); }
static inline GtkWidget *shopper_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GtkAccessible *shopper_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }

static inline void shopper_accessible_set_label(gpointer widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void shopper_accessible_set_description(gpointer widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// Names `widget` by `label` for screen readers (one related widget).
/// Names a widget by its label property alone: a button names itself by its label child too (GTK
/// 4.8 says both, "Store: Aldi Aldi").
static inline void shopper_accessible_reset_labelled_by(gpointer widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static inline void shopper_accessible_set_labelled_by(gpointer widget, gpointer label) {
    gtk_accessible_update_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}

/// Forgets the name a widget was given (label and labelled-by), so one can be given anew.
static inline void shopper_accessible_reset_name(gpointer widget) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static inline GListModel *shopper_list_model(gpointer p) { return G_LIST_MODEL(p); }

/// Emits a signal that takes no arguments and returns nothing (g_signal_emit_by_name is variadic).
static inline void shopper_signal_emit(gpointer instance, const char *signal) {
    g_signal_emit_by_name(instance, signal);
}

/// Whether a widget is one of GTK's text widgets (GTK_IS_TEXT and GTK_IS_TEXT_VIEW are macros): the
/// focused part of every entry, search field and text view.
static inline gboolean shopper_is_text_widget(gpointer widget) {
    return GTK_IS_TEXT(widget) || GTK_IS_TEXT_VIEW(widget);
}

/// G_TYPE_STRING is a macro.
static inline GType shopper_type_string(void) { return G_TYPE_STRING; }

/// A one-column GtkGridView that screen readers are told is a list (its role is construct-only, and
/// g_object_new is variadic). Takes both references, as gtk_grid_view_new does.
/// A drawing area that screen readers are told is a picture (GTK 4.8 calls it a filler), named and
/// described by its owner.
static inline GtkWidget *shopper_drawing_area_new_img(void) {
    return g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL);
}

static inline GtkWidget *shopper_list_grid_new(GtkSelectionModel *model, GtkListItemFactory *factory) {
    GtkWidget *grid = g_object_new(GTK_TYPE_GRID_VIEW, "accessible-role", GTK_ACCESSIBLE_ROLE_LIST,
                                   "model", model, "factory", factory, "max-columns", 1u, NULL);
    g_object_unref(model);
    g_object_unref(factory);
    return grid;
}

/// glibc's malloc arenas, limited to one (M_ARENA_MAX is a macro Swift sees through here), unless
/// the user set a limit of their own.
static inline void shopper_malloc_one_arena(void) {
#ifdef M_ARENA_MAX
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (!getenv("MALLOC_ARENA_MAX") && !(tunables && strstr(tunables, "glibc.malloc.arena_max")))
        mallopt(M_ARENA_MAX, 1);
#endif
}

/// The GNU build id of this executable in hex, "" where it has none. Found through the program
/// headers the kernel handed over (dl_iterate_phdr is a GNU extension, which Swift's Glibc module
/// is built without).
static inline void shopper_build_id(char *out, size_t size) {
    out[0] = 0;
    const ElfW(Phdr) *phdr = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    size_t count = getauxval(AT_PHNUM), used = 0;
    if (!phdr) return;
    // Where the program is loaded: its headers' address less where they say they are. Without a
    // PT_PHDR that cannot be known here; then there is no id (and no cache), not a wrong address.
    ElfW(Addr) base = 0;
    int found = 0;
    for (size_t i = 0; i < count; i++)
        if (phdr[i].p_type == PT_PHDR) { base = (ElfW(Addr))phdr - phdr[i].p_vaddr; found = 1; }
    if (!found) return;
    for (size_t i = 0; i < count; i++) {
        if (phdr[i].p_type != PT_NOTE) continue;
        // Notes are padded to their segment's alignment: 4, or 8 (x86-64's property notes).
        size_t pad = phdr[i].p_align == 8 ? 7 : 3;
        const char *p = (const char *)(base + phdr[i].p_vaddr), *end = p + phdr[i].p_memsz;
        while (p + sizeof(ElfW(Nhdr)) <= end) {
            const ElfW(Nhdr) *note = (const ElfW(Nhdr) *)p;
            const char *name = p + sizeof *note, *desc = name + ((note->n_namesz + pad) & ~pad);
            if (desc > end || note->n_descsz > (size_t)(end - desc)) break;
            if (note->n_type == NT_GNU_BUILD_ID && note->n_namesz == 4 && memcmp(name, "GNU", 4) == 0) {
                for (unsigned j = 0; j < note->n_descsz && used + 2 < size; j++)
                    used += (size_t)snprintf(out + used, size - used, "%02x", (unsigned char)desc[j]);
                return;
            }
            p = desc + ((note->n_descsz + pad) & ~pad);
        }
    }
}
