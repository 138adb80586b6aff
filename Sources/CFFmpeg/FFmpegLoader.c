#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define CURVES_STRING(x) #x
#define CURVES_SONAME(name, major) "lib" name ".so." CURVES_STRING(major)

static CurvesFFmpeg table;
static const CurvesFFmpeg *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

// Each library by the major version its headers were built against, as the linker would have
// named it; loaded with its symbols local, so nothing else in the process sees them.
static void load(void) {
  void *avformat = dlopen(CURVES_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
  void *avcodec = dlopen(CURVES_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
  void *avutil = dlopen(CURVES_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
  void *swscale = dlopen(CURVES_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
  if (!avformat || !avcodec || !avutil || !swscale) {
    snprintf(failure, sizeof failure, "FFmpeg's libraries could not be loaded (%s); install libavformat and libswscale", dlerror());
    return;
  }
#define CURVES_FFMPEG_RESOLVE(library, name)                                                  \
  table.name = (__typeof__(name) *)dlsym(library, #name);                                     \
  if (!table.name) {                                                                          \
    snprintf(failure, sizeof failure, "FFmpeg's lib%s has no %s", #library, #name);           \
    return;                                                                                   \
  }
  CURVES_FFMPEG_FUNCTIONS(CURVES_FFMPEG_RESOLVE)
  loaded = &table;
}

const CurvesFFmpeg *curves_ffmpeg_load(char *error, size_t size) {
  pthread_once(&once, load);
  if (!loaded && size > 0) {
    strncpy(error, failure, size - 1);
    error[size - 1] = 0;
  }
  return loaded;
}
