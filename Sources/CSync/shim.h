// libsoup 3 (HTTP) and libical (iCalendar) for sharing. libsecret and libxml2 are modules of their
// own (CSecret, CXML): each keeps its headers in a folder that only its own pkg-config names.
#include <libsoup/soup.h>
#include <libical/ical.h>

/// G_IO_ERROR and G_TLS_ERROR are macros.
static inline GQuark shopper_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark shopper_tls_error_quark(void) { return G_TLS_ERROR; }
static inline GQuark shopper_resolver_error_quark(void) { return G_RESOLVER_ERROR; }
