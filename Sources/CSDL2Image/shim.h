// SDL2_image: the app decodes the PNG and JPEG images of imported drawings with it, and the
// tests read the PNGs the command line writes.
#include <SDL2/SDL_image.h>
