// fontconfig: which font file a family list, weight and style name (Debian's libfontconfig-dev).
#include <fontconfig/fontconfig.h>
