// The one header of the CGtk module. Swift cannot import macros, type-checked casts or variadic
// functions; the few the app needs are wrapped here as static inline functions.
#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
#include <malloc.h>
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

/// glibc's malloc arenas, limited to one (M_ARENA_MAX is a macro Swift sees through here).
static inline void shopper_malloc_one_arena(void) { mallopt(M_ARENA_MAX, 1); }

