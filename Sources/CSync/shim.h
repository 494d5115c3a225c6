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

// The sharing helper's bounds while it imports a recipe (ShopperSyncHelper/HelperLimits.swift,
// the one Swift file that calls these: the state below is `static`, one copy per object file).
// A limit the kernel enforces ends the process with a signal; the handler says the sentence the
// window shows instead, with only what a handler may call (write, open, read, _exit).
#include <fcntl.h>
#include <malloc.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

struct shopper_limit_state {
    const char *time_line;
    const char *memory_line;
    unsigned long address_space;
    volatile sig_atomic_t answering;
};

/// The state, a static of a function: Swift emits what a function it calls needs, but no
/// variable a header defines.
static inline struct shopper_limit_state *shopper_limit(void) {
    static struct shopper_limit_state state;
    return &state;
}

static void shopper_limit_say(const char *line) {
    if (line == NULL || shopper_limit()->answering) return;
    size_t left = strlen(line);
    while (left > 0) {
        ssize_t n = write(1, line, left);
        if (n <= 0) return;
        line += n;
        left -= (size_t)n;
    }
}

/// The address space in use, from /proc/self/statm (its first number, in pages); 0 if unreadable.
static unsigned long shopper_limit_address_space_used(void) {
    char buffer[64];
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    unsigned long pages = 0;
    for (ssize_t i = 0; i < n && buffer[i] >= '0' && buffer[i] <= '9'; i++) pages = pages * 10 + (unsigned long)(buffer[i] - '0');
    return pages * (unsigned long)sysconf(_SC_PAGESIZE);
}

static void shopper_limit_signal(int sig) {
    if (sig == SIGXCPU || sig == SIGALRM) {
        // The answer is being written: it ends the process itself in a moment.
        if (shopper_limit()->answering) return;
        shopper_limit_say(shopper_limit()->time_line);
        _exit(4);
    }
    // A crash with the address space nearly all taken: an allocation the limit refused (Swift
    // traps, GLib aborts). Any other crash is left to be said as one (the handler is reset).
    if (shopper_limit_address_space_used() + (64ul << 20) >= shopper_limit()->address_space) {
        shopper_limit_say(shopper_limit()->memory_line);
        _exit(5);
    }
    raise(sig);
}

/// Limits this process: `address_space` bytes in all, `cpu_seconds` of CPU, `wall_seconds` on the
/// clock; one malloc arena (each further thread's arena reserves 64 MB of address space). Says
/// `time_line` when time runs out, `memory_line` when memory does. 0 when all were set.
static inline int shopper_limit_arm(unsigned long address_space, unsigned int cpu_seconds, unsigned int wall_seconds,
                                    const char *time_line, const char *memory_line) {
    shopper_limit()->time_line = strdup(time_line);
    shopper_limit()->memory_line = strdup(memory_line);
    shopper_limit()->address_space = address_space;
    mallopt(M_ARENA_MAX, 1);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = shopper_limit_signal;
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    int failed = 0;
    int signals[] = {SIGXCPU, SIGALRM, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGTRAP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) failed |= sigaction(signals[i], &action, NULL);
    struct rlimit memory = {address_space, address_space};
    struct rlimit cpu = {cpu_seconds, cpu_seconds + 3};
    failed |= setrlimit(RLIMIT_AS, &memory) | setrlimit(RLIMIT_CPU, &cpu);
    alarm(wall_seconds);
    return failed;
}

/// The answer is being written: a limit reached now leaves it whole rather than add a second.
static inline void shopper_limit_answer_begins(void) { shopper_limit()->answering = 1; }

/// The address space in use now (bytes).
static inline unsigned long shopper_limit_in_use(void) { return shopper_limit_address_space_used(); }

/// Where a connection went, checked before anything is sent on it: libsoup emits "network-event"
/// with G_SOCKET_CLIENT_CONNECTED once the socket is connected (before TLS and the request), on
/// the thread that sends (the blocking API). `check` gets the address's bytes (4 or 16) and
/// says whether it may be used; if not, the send is cancelled and `refused` set. A host name is
/// resolved by libsoup, so this is the only place its real address is seen: a name that led to
/// the Internet on one lookup and to this computer on the next (DNS rebinding) is caught here.
typedef int (*shopper_address_check)(const guint8 *bytes, gsize length, void *context);
struct shopper_connect_guard {
    shopper_address_check check;
    void *context;
    GCancellable *cancellable;
    int refused;
};

static void shopper_connect_guard_event(SoupMessage *msg, GSocketClientEvent event, GIOStream *connection, gpointer data) {
    (void)msg;
    struct shopper_connect_guard *guard = data;
    if (event != G_SOCKET_CLIENT_CONNECTED) return;
    int allowed = 0;
    GSocketAddress *address = G_IS_SOCKET_CONNECTION(connection)
        ? g_socket_connection_get_remote_address(G_SOCKET_CONNECTION(connection), NULL) : NULL;
    if (address && G_IS_INET_SOCKET_ADDRESS(address)) {
        GInetAddress *ip = g_inet_socket_address_get_address(G_INET_SOCKET_ADDRESS(address));
        allowed = guard->check(g_inet_address_to_bytes(ip), g_inet_address_get_native_size(ip), guard->context);
    }
    if (address) g_object_unref(address);
    if (!allowed) {
        guard->refused = 1;
        g_cancellable_cancel(guard->cancellable);
    }
}

static inline gulong shopper_connect_guard_attach(SoupMessage *msg, struct shopper_connect_guard *guard) {
    return g_signal_connect(msg, "network-event", G_CALLBACK(shopper_connect_guard_event), guard);
}
