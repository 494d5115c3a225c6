#include "IndexStoreReader.h"

#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The few entry points of indexstore.h (the toolchain's, not installed with it on every system),
// declared here as the library defines them.
typedef struct { const char *data; size_t length; } string_ref;
typedef void *opaque;
typedef bool (*unit_f)(void *, string_ref);
typedef bool (*dependency_f)(void *, opaque);
typedef bool (*occurrence_f)(void *, opaque);

static struct {
    opaque (*store_create)(const char *, opaque *);
    void (*store_dispose)(opaque);
    const char *(*error_description)(opaque);
    bool (*units_apply)(opaque, unsigned, void *, unit_f);
    opaque (*unit_create)(opaque, const char *, opaque *);
    void (*unit_dispose)(opaque);
    bool (*unit_is_system)(opaque);
    string_ref (*unit_module)(opaque);
    bool (*dependencies_apply)(opaque, void *, dependency_f);
    unsigned (*dependency_kind)(opaque);
    string_ref (*dependency_name)(opaque);
    string_ref (*dependency_path)(opaque);
    opaque (*record_create)(opaque, const char *, opaque *);
    void (*record_dispose)(opaque);
    bool (*occurrences_apply)(opaque, void *, occurrence_f);
    opaque (*occurrence_symbol)(opaque);
    uint64_t (*occurrence_roles)(opaque);
    void (*occurrence_line_col)(opaque, unsigned *, unsigned *);
    string_ref (*symbol_usr)(opaque);
    string_ref (*symbol_name)(opaque);
} api;

struct walk {
    opaque store;
    void *context;
    shape_occurrence_f each;
    char module[256];
    char path[4096];
    char **seen;  // "module record" pairs already read
    size_t seen_count, seen_capacity;
};

static void copy(char *to, size_t size, string_ref from) {
    size_t n = from.length < size - 1 ? from.length : size - 1;
    memcpy(to, from.data, n);
    to[n] = 0;
}

static bool on_occurrence(void *context, opaque occurrence) {
    struct walk *walk = context;
    opaque symbol = api.occurrence_symbol(occurrence);
    char usr[2048], name[512];
    unsigned line = 0, column = 0;
    copy(usr, sizeof usr, api.symbol_usr(symbol));
    copy(name, sizeof name, api.symbol_name(symbol));
    api.occurrence_line_col(occurrence, &line, &column);
    walk->each(walk->context, walk->module, walk->path, usr, name, api.occurrence_roles(occurrence), line, column);
    return true;
}

static bool already_seen(struct walk *walk, const char *key) {
    for (size_t i = 0; i < walk->seen_count; i++)
        if (strcmp(walk->seen[i], key) == 0) return true;
    if (walk->seen_count == walk->seen_capacity) {
        walk->seen_capacity = walk->seen_capacity ? walk->seen_capacity * 2 : 256;
        walk->seen = realloc(walk->seen, walk->seen_capacity * sizeof *walk->seen);
    }
    walk->seen[walk->seen_count++] = strdup(key);
    return false;
}

static bool on_dependency(void *context, opaque dependency) {
    struct walk *walk = context;
    if (api.dependency_kind(dependency) != 2) return true;  // records only, not units or files
    char record[1024], key[1400];
    copy(record, sizeof record, api.dependency_name(dependency));
    copy(walk->path, sizeof walk->path, api.dependency_path(dependency));
    snprintf(key, sizeof key, "%s %s", walk->module, record);
    if (already_seen(walk, key)) return true;
    opaque reader = api.record_create(walk->store, record, NULL);
    if (!reader) return true;
    api.occurrences_apply(reader, walk, on_occurrence);
    api.record_dispose(reader);
    return true;
}

static bool on_unit(void *context, string_ref unit_name) {
    struct walk *walk = context;
    char name[1024];
    copy(name, sizeof name, unit_name);
    opaque unit = api.unit_create(walk->store, name, NULL);
    if (!unit) return true;
    if (!api.unit_is_system(unit)) {
        copy(walk->module, sizeof walk->module, api.unit_module(unit));
        api.dependencies_apply(unit, walk, on_dependency);
    }
    api.unit_dispose(unit);
    return true;
}

static int load(const char *library, char *error, unsigned long error_size) {
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!lib) { snprintf(error, error_size, "%s", dlerror()); return -1; }
    struct { void **slot; const char *name; } table[] = {
        {(void **)&api.store_create, "indexstore_store_create"},
        {(void **)&api.store_dispose, "indexstore_store_dispose"},
        {(void **)&api.error_description, "indexstore_error_get_description"},
        {(void **)&api.units_apply, "indexstore_store_units_apply_f"},
        {(void **)&api.unit_create, "indexstore_unit_reader_create"},
        {(void **)&api.unit_dispose, "indexstore_unit_reader_dispose"},
        {(void **)&api.unit_is_system, "indexstore_unit_reader_is_system_unit"},
        {(void **)&api.unit_module, "indexstore_unit_reader_get_module_name"},
        {(void **)&api.dependencies_apply, "indexstore_unit_reader_dependencies_apply_f"},
        {(void **)&api.dependency_kind, "indexstore_unit_dependency_get_kind"},
        {(void **)&api.dependency_name, "indexstore_unit_dependency_get_name"},
        {(void **)&api.dependency_path, "indexstore_unit_dependency_get_filepath"},
        {(void **)&api.record_create, "indexstore_record_reader_create"},
        {(void **)&api.record_dispose, "indexstore_record_reader_dispose"},
        {(void **)&api.occurrences_apply, "indexstore_record_reader_occurrences_apply_f"},
        {(void **)&api.occurrence_symbol, "indexstore_occurrence_get_symbol"},
        {(void **)&api.occurrence_roles, "indexstore_occurrence_get_roles"},
        {(void **)&api.occurrence_line_col, "indexstore_occurrence_get_line_col"},
        {(void **)&api.symbol_usr, "indexstore_symbol_get_usr"},
        {(void **)&api.symbol_name, "indexstore_symbol_get_name"},
    };
    for (size_t i = 0; i < sizeof table / sizeof *table; i++) {
        *table[i].slot = dlsym(lib, table[i].name);
        if (!*table[i].slot) { snprintf(error, error_size, "%s has no %s", library, table[i].name); return -1; }
    }
    return 0;
}

int shape_read_index(const char *library, const char *store, void *context, shape_occurrence_f each,
                     char *error, unsigned long error_size) {
    if (load(library, error, error_size) != 0) return -1;
    opaque failure = NULL;
    struct walk walk = {.context = context, .each = each};
    walk.store = api.store_create(store, &failure);
    if (!walk.store) {
        snprintf(error, error_size, "%s: %s", store, failure ? api.error_description(failure) : "no index store");
        return -1;
    }
    api.units_apply(walk.store, 0, &walk, on_unit);
    api.store_dispose(walk.store);
    for (size_t i = 0; i < walk.seen_count; i++) free(walk.seen[i]);
    free(walk.seen);
    return 0;
}
