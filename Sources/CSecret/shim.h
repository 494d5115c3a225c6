// libsecret, for the account's password in the Secret Service keyring. Its own module: its headers
// are found through its own pkg-config. Only Keyring.swift imports it (GLib's types would otherwise
// be named twice in one file, once by this module and once by CSync).
#include <libsecret/secret.h>

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

