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

// One library by the major version its headers were built against, as the linker would have
// named it, its symbols kept local so nothing else in the process sees them; NULL, with why in
// `failure`, when it cannot be loaded (dlerror is read at once: a later dlopen clears it).
static void *open_library(const char *soname) {
  void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    snprintf(failure, sizeof failure, "FFmpeg's %s could not be loaded (%s): install it to write videos", soname,
             why ? why : "not found");
  }
  return handle;
}

static void load(void) {
  void *avformat = open_library(CURVES_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR));
  void *avcodec = avformat ? open_library(CURVES_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR)) : NULL;
  void *avutil = avcodec ? open_library(CURVES_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR)) : NULL;
  void *swscale = avutil ? open_library(CURVES_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR)) : NULL;
#define CURVES_FFMPEG_RESOLVE(library, name)                                                  \
  if (library) {                                                                              \
    table.name = (__typeof__(name) *)dlsym(library, #name);                                   \
    if (!table.name && !failure[0]) snprintf(failure, sizeof failure, "FFmpeg's lib%s has no %s", #library, #name); \
  }
  if (swscale) { CURVES_FFMPEG_FUNCTIONS(CURVES_FFMPEG_RESOLVE) }
  if (swscale && !failure[0]) {
    loaded = &table;
    return;
  }
  // Nothing of FFmpeg stays mapped after a failed load.
  void *handles[] = {swscale, avutil, avcodec, avformat};
  for (size_t index = 0; index < sizeof handles / sizeof *handles; index++) {
    if (handles[index]) dlclose(handles[index]);
  }
}

const CurvesFFmpeg *curves_ffmpeg_load(char *error, size_t size) {
  pthread_once(&once, load);
  if (!loaded && size > 0) {
    strncpy(error, failure, size - 1);
    error[size - 1] = 0;
  }
  return loaded;
}
