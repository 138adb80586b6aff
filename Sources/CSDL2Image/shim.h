// SDL2_image: the tests read back the PNGs the command line writes (the app decodes images
// with libpng, libjpeg-turbo and giflib, in CurveRender).
#include <SDL2/SDL_image.h>
