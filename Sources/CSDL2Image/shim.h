// SDL2_image, for the tests only (they read the PNGs the command line writes): the
// application does not link it, so its package does not depend on it.
#include <SDL2/SDL_image.h>
