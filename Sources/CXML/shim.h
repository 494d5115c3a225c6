// libxml2, for WebDAV's XML and recipe pages. Debian's libxml2 is built with ICU, and its encoding.h then includes
// ICU's headers, which clash with the Swift toolchain's own copy of ICU. Nothing here touches an
// encoding handler (the one struct whose layout ICU changes; only pointers to it are held), so
// libxml2 is read without.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
// Recipe pages: libxml2's HTML parser reads real-world markup (unclosed tags, stray entities).
#include <libxml/HTMLparser.h>
// Its tree built through callbacks that count (ShopperSync's PageParser).
#include <libxml/SAX2.h>

/// libxml2 reports some problems (an encoding error) on standard error whatever the parse options
/// say; a page from anywhere is not the terminal's business. The handler is variadic, which Swift
/// cannot write, and per thread: set it on the thread that parses, before it parses.
static void shopper_xml_silent(void *context, const char *message, ...) { (void)context; (void)message; }
static inline void shopper_xml_quiet(void) { xmlSetGenericErrorFunc(NULL, shopper_xml_silent); }
