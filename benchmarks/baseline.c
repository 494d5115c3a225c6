/* The baseline for `make bench`: what GTK 4 itself does with N rows. A GtkListView over a
 * GtkStringList of N labels, one label per row. Prints the same lines as `SHOPPER_BENCH`:
 *   BENCH first-frame <monotonic µs>      (mode first-frame, then quits)
 *   BENCH scroll-frame <µs> x200          (mode scroll, top to bottom: setting the position plus
 *                                          that frame's own work, before-paint to after-paint)
 *   BENCH measured-from/measured-to <monotonic µs>   (mode scroll: the two spans each figure counted)
 * Usage: baseline N first-frame|scroll */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "string-list-view.h"

#define SCROLL_FRAMES 200

static GtkWidget *window, *scrolled;
static int scroll_step = -1;
static gint64 scroll_work, scroll_started, paint_started;
static gboolean scroll_mode, done;

static void next_scroll(void);

static void before_paint(GdkFrameClock *clock, gpointer data) {
    paint_started = g_get_monotonic_time();
}

static void after_paint(GdkFrameClock *clock, gpointer data) {
    if (scroll_step < 0) {
        printf("BENCH first-frame %" G_GINT64_FORMAT "\n", g_get_monotonic_time());
        fflush(stdout);
        if (!scroll_mode) { done = TRUE; return; }
    } else {
        gint64 now = g_get_monotonic_time();
        printf("BENCH scroll-frame %" G_GINT64_FORMAT "\n", scroll_work + now - paint_started);
        /* The spans counted, as Shopper's scroll mode prints them, for benchmarks/cpu_profile.py. */
        printf("BENCH measured-from %" G_GINT64_FORMAT "\nBENCH measured-to %" G_GINT64_FORMAT "\n",
               scroll_started, scroll_started + scroll_work);
        printf("BENCH measured-from %" G_GINT64_FORMAT "\nBENCH measured-to %" G_GINT64_FORMAT "\n",
               paint_started, now);
        fflush(stdout);
        if (scroll_step == SCROLL_FRAMES - 1) { done = TRUE; return; }
    }
    scroll_step++;
    next_scroll();
}

static void next_scroll(void) {
    GtkAdjustment *a = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    double max = gtk_adjustment_get_upper(a) - gtk_adjustment_get_page_size(a);
    gint64 t0 = g_get_monotonic_time();
    gtk_adjustment_set_value(a, max * scroll_step / (SCROLL_FRAMES - 1));
    scroll_started = t0;
    scroll_work = g_get_monotonic_time() - t0;
    gtk_widget_queue_draw(window);
}

static void mapped(GtkWidget *w, gpointer data) {
    g_signal_connect(gtk_widget_get_frame_clock(w), "before-paint", G_CALLBACK(before_paint), NULL);
    g_signal_connect(gtk_widget_get_frame_clock(w), "after-paint", G_CALLBACK(after_paint), NULL);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: baseline N first-frame|scroll\n"); return 2; }
    long n = atol(argv[1]);
    scroll_mode = strcmp(argv[2], "scroll") == 0;
    if (!gtk_init_check()) { fprintf(stderr, "baseline: no display\n"); return 1; }

    GtkWidget *view = string_list_view_new(n);

    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), WINDOW_WIDTH, WINDOW_HEIGHT);
    scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), view);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
    gtk_window_present(GTK_WINDOW(window));
    while (!done) g_main_context_iteration(NULL, TRUE);
    return 0;
}
