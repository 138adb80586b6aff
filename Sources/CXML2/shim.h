// libxml2's C API: SVG import reads XML with its SAX2 push parser (SVGTree).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
