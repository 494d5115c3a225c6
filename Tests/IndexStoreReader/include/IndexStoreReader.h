// Reads the index store a debug build writes (.build/debug/index/store) through the toolchain's
// libIndexStore.so, loaded at run time: the source shape test learns from it which module refers
// to which declaration, as the compiler resolved it. Only what that test needs is exposed.
#ifndef INDEX_STORE_READER_H
#define INDEX_STORE_READER_H

#include <stdint.h>

/// One occurrence of a symbol: in `module`, in the source file `path`, at `line`:`column`, with the
/// index's role bits (definition 1 << 1, reference 1 << 2, relation bits from 1 << 9).
typedef void (*shape_occurrence_f)(void *context, const char *module, const char *path, const char *usr,
                                   const char *name, uint64_t roles, unsigned line, unsigned column);

/// Calls `each` for every occurrence in every non-system unit of the store (a record shared by two
/// units of one module is read once). Returns 0, or -1 with a message in `error` (`error_size` bytes).
int shape_read_index(const char *library, const char *store, void *context, shape_occurrence_f each,
                     char *error, unsigned long error_size);

#endif
