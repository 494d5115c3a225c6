// The C libraries sharing uses, all of the GNOME stack in Debian bookworm: libsoup 3 (HTTP),
// libxml2 (WebDAV's XML), libical (iCalendar) and libsecret (the keyring). One module, since two
// modules that both include glib.h would give two Swift types of each GLib type.
#include <libsoup/soup.h>
#include <libsecret/secret.h>
#include <libical/ical.h>
// Debian's libxml2 is built with ICU, and its encoding.h then includes ICU's headers, which clash
// with the Swift toolchain's own copy of ICU. Nothing here touches an encoding handler (the one
// struct whose layout ICU changes; the app only holds pointers to it), so libxml2 is read without.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>

/// The keyring entry of one account: its server and user name (secret_schema_new is variadic).
static inline const SecretSchema *shopper_account_schema(void) {
    static const SecretSchema schema = {
        "io.github.shopperapp.Shopper.Account", SECRET_SCHEMA_NONE,
        {
            { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { "user", SECRET_SCHEMA_ATTRIBUTE_STRING },
            { NULL, 0 },
        }
    };
    return &schema;
}

static inline GHashTable *shopper_account_attributes(const char *server, const char *user) {
    GHashTable *a = g_hash_table_new(g_str_hash, g_str_equal);
    g_hash_table_insert(a, (gpointer)"server", (gpointer)server);
    g_hash_table_insert(a, (gpointer)"user", (gpointer)user);
    return a;
}

static inline gboolean shopper_secret_store(const char *server, const char *user, const char *label,
                                            const char *password, GError **error) {
    GHashTable *a = shopper_account_attributes(server, user);
    gboolean ok = secret_password_storev_sync(shopper_account_schema(), a, SECRET_COLLECTION_DEFAULT,
                                              label, password, NULL, error);
    g_hash_table_unref(a);
    return ok;
}

/// The password, to be freed with secret_password_free (it wipes it); NULL when there is none.
static inline gchar *shopper_secret_lookup(const char *server, const char *user, GError **error) {
    GHashTable *a = shopper_account_attributes(server, user);
    gchar *p = secret_password_lookupv_sync(shopper_account_schema(), a, NULL, error);
    g_hash_table_unref(a);
    return p;
}

static inline gboolean shopper_secret_clear(const char *server, const char *user, GError **error) {
    GHashTable *a = shopper_account_attributes(server, user);
    gboolean ok = secret_password_clearv_sync(shopper_account_schema(), a, NULL, error);
    g_hash_table_unref(a);
    return ok;
}

/// G_IO_ERROR and G_TLS_ERROR are macros.
static inline GQuark shopper_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark shopper_tls_error_quark(void) { return G_TLS_ERROR; }
static inline GQuark shopper_resolver_error_quark(void) { return G_RESOLVER_ERROR; }
