/* The floor under Shopper's start-up for `make bench`: the C baseline's list (string-list-view.h)
 * in what every libadwaita app starts with, an AdwApplication (which
 * registers on the session bus and loads libadwaita's stylesheet) and an AdwApplicationWindow with
 * a header bar. What this costs over the baseline is libadwaita's, not Shopper's.
 *   BENCH first-frame <monotonic µs>, LIBRARY <path> for each shared object mapped then, and quits.
 * Usage: adwaita-floor N */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "string-list-view.h"

static long n;

/* The shared objects mapped now: what any libadwaita app loads, to tell Shopper's own apart. */
static void print_libraries(void) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
    char line[4096];
    while (fgets(line, sizeof line, maps)) {
        char *path = strchr(line, '/');
        if (!path || !strstr(path, ".so")) continue;
        path[strcspn(path, "\n")] = 0;
        if (g_hash_table_add(seen, g_strdup(path))) printf("LIBRARY %s\n", path);
    }
    g_hash_table_unref(seen);
    fclose(maps);
}

static void after_paint(GdkFrameClock *clock, gpointer app) {
    printf("BENCH first-frame %" G_GINT64_FORMAT "\n", g_get_monotonic_time());
    print_libraries();
    fflush(stdout);
    g_signal_handlers_disconnect_by_func(clock, after_paint, app);
    g_application_quit(G_APPLICATION(app));
}

static void mapped(GtkWidget *w, gpointer app) {
    g_signal_connect(gtk_widget_get_frame_clock(w), "after-paint", G_CALLBACK(after_paint), app);
}

static void activate(GApplication *app) {
    GtkWidget *view = string_list_view_new(n);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_widget_set_vexpand(scrolled, TRUE);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    gtk_box_append(GTK_BOX(box), scrolled);
    GtkWidget *window = adw_application_window_new(GTK_APPLICATION(app));
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_set_default_size(GTK_WINDOW(window), WINDOW_WIDTH, WINDOW_HEIGHT);
    g_signal_connect(window, "map", G_CALLBACK(mapped), app);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: adwaita-floor N\n"); return 2; }
    n = atol(argv[1]);
    AdwApplication *app = adw_application_new("io.github.shopperapp.AdwaitaFloor", G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    char *args[] = { argv[0], NULL };
    return g_application_run(G_APPLICATION(app), 1, args);
}
