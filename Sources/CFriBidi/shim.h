// FriBidi: the Unicode bidirectional algorithm, for text mixing right-to-left and
// left-to-right runs (Debian's libfribidi-dev).
#include <fribidi.h>
