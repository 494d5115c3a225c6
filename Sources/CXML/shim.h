// libxml2, for WebDAV's XML. Debian's libxml2 is built with ICU, and its encoding.h then includes
// ICU's headers, which clash with the Swift toolchain's own copy of ICU. Nothing here touches an
// encoding handler (the one struct whose layout ICU changes; only pointers to it are held), so
// libxml2 is read without.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
