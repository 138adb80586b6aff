// libjpeg-turbo's TurboJPEG API: the drawing renderer decodes the JPEG images of imported
// drawings with it (no setjmp, unlike libjpeg's own API).
#include <turbojpeg.h>
