/* The list both `make bench` references show: a GtkListView over a GtkStringList of N labels
 * ("Item 0" …), one label per row. One copy, so the baseline and the libadwaita floor measure the
 * same list. */
#include <gtk/gtk.h>
#include <stdio.h>

/* Shopper's default window size (MainWindow.swift): the references draw the same area as the app
 * they are compared with. */
#define WINDOW_WIDTH 600
#define WINDOW_HEIGHT 720

static void string_list_setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    gtk_list_item_set_child(item, gtk_label_new(NULL));
}

static void string_list_bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    GtkStringObject *s = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(s));
}

static GtkWidget *string_list_view_new(long n) {
    GtkStringList *list = gtk_string_list_new(NULL);
    char buffer[32];
    for (long i = 0; i < n; i++) {
        snprintf(buffer, sizeof buffer, "Item %ld", i);
        gtk_string_list_append(list, buffer);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(string_list_setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(string_list_bind), NULL);
    return gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(list))), factory);
}
