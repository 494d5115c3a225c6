// libsoup 3 (HTTP) and libical (iCalendar) for sharing. libsecret and libxml2 are modules of their
// own (CSecret, CXML): each keeps its headers in a folder that only its own pkg-config names.
#include <libsoup/soup.h>
#include <libical/ical.h>
// The sharing helper binds Shopper's message catalogue itself (it links no GTK).
#include <libintl.h>
#include <locale.h>

#include <signal.h>
#include <sys/prctl.h>

/// The sharing helper ends with the process that started it (a `shopper sync` killed, a window
/// that crashed): prctl is variadic, which Swift cannot call.
static inline int shopper_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL); }

/// G_IO_ERROR and G_TLS_ERROR are macros.
static inline GQuark shopper_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark shopper_tls_error_quark(void) { return G_TLS_ERROR; }
static inline GQuark shopper_resolver_error_quark(void) { return G_RESOLVER_ERROR; }
