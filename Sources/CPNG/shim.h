// libpng: the drawing renderer decodes the PNG images of imported drawings with its simplified API.
#include <png.h>
