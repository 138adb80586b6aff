// giflib: the drawing renderer decodes the GIF images of imported drawings with it.
#include <gif_lib.h>
