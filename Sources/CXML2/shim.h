// libxml2's C API: SVG import reads XML with its SAX2 push parser (SVGTree).
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers would then come in through encoding.h and
// clash with Foundation's own copy of ICU in every module that imports both. Nothing here
// uses ICU: only a pointer to the encoding handler (whose ICU fields are behind it) is seen.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
