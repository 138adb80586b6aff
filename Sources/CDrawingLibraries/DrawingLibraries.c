#include "CDrawingLibraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>

// The libraries by the names Debian's packages give them (their sonames, which the linker
// would have recorded): libfontconfig1, libfreetype6, libharfbuzz0b, libfribidi0,
// libturbojpeg0 and libgif7.
static const char *const fontconfig_name = "libfontconfig.so.1", *const freetype_name = "libfreetype.so.6";
static const char *const harfbuzz_name = "libharfbuzz.so.0", *const fribidi_name = "libfribidi.so.0";
static const char *const turbojpeg_name = "libturbojpeg.so.0", *const gif_name = "libgif.so.7";

/// One group of libraries: its table once loaded, or why it could not be.
typedef struct Loading {
  pthread_once_t once;
  const void *loaded;
  char failure[512];
} Loading;

// Defined only in `curves` (Sources/CProcessArguments): replaces a statically linked process
// with `curves-shared`, which can open the libraries; returns when there is none.
extern void curves_hand_off_to_shared(void) __attribute__((weak));

// A process linked statically has no dynamic loader (no AT_BASE). A library dlopened there
// brings a C library of its own that nothing set up (GLib's constructor, under HarfBuzz,
// crashes in it), so such a process opens none.
static int process_is_static(void) { return getauxval(AT_BASE) == 0; }

// A library, its symbols kept local so nothing else in the process sees them; NULL, with why
// in `failure`, when it cannot be loaded (dlerror is read at once: a later dlopen clears it).
static void *open_library(const char *soname, const char *purpose, Loading *loading) {
  if (process_is_static()) {
    if (curves_hand_off_to_shared) curves_hand_off_to_shared();
    if (!loading->failure[0]) {
      snprintf(loading->failure, sizeof loading->failure,
               "%s cannot be opened by this statically linked curves, and curves-shared, which draws %s, "
               "is not installed beside it",
               soname, purpose);
    }
    return NULL;
  }
  void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
  if (!handle && !loading->failure[0]) {
    const char *why = dlerror();
    snprintf(loading->failure, sizeof loading->failure, "%s could not be loaded (%s): install it to draw %s", soname,
             why ? why : "not found", purpose);
  }
  return handle;
}

static void *symbol(void *library, const char *soname, const char *name, Loading *loading) {
  void *found = library ? dlsym(library, name) : NULL;
  if (library && !found && !loading->failure[0]) {
    snprintf(loading->failure, sizeof loading->failure, "%s has no %s", soname, name);
  }
  return found;
}

// Ends a group's load: its table when every library and function was found, else why not,
// and nothing of the group left mapped.
static void conclude(Loading *group, const Loading *loading, const void *table, void *const *handles, size_t count) {
  memcpy(group->failure, loading->failure, sizeof loading->failure);
  if (!loading->failure[0]) {
    group->loaded = table;
    return;
  }
  for (size_t index = 0; index < count; index++) {
    if (handles[index]) dlclose(handles[index]);
  }
}

static const void *finish(Loading *loading, char *error, size_t size) {
  if (!loading->loaded && size > 0) {
    strncpy(error, loading->failure, size - 1);
    error[size - 1] = 0;
  }
  return loading->loaded;
}

#define CURVES_LIBRARY_RESOLVE(library, name) \
  table.name = (__typeof__(name) *)symbol(library, library##_name, #name, &loading);

static Loading text_loading = {PTHREAD_ONCE_INIT, NULL, {0}};
static void load_text(void) {
  static CurvesText table;
  Loading loading = {0};
  void *fontconfig = open_library(fontconfig_name, "text", &loading);
  void *freetype = open_library(freetype_name, "text", &loading);
  void *harfbuzz = open_library(harfbuzz_name, "text", &loading);
  void *fribidi = open_library(fribidi_name, "text", &loading);
  CURVES_TEXT_FUNCTIONS(CURVES_LIBRARY_RESOLVE)
  void *handles[] = {fribidi, harfbuzz, freetype, fontconfig};
  conclude(&text_loading, &loading, &table, handles, sizeof handles / sizeof *handles);
}

static Loading jpeg_loading = {PTHREAD_ONCE_INIT, NULL, {0}};
static void load_jpeg(void) {
  static CurvesJPEG table;
  Loading loading = {0};
  void *turbojpeg = open_library(turbojpeg_name, "JPEG images", &loading);
  CURVES_JPEG_FUNCTIONS(CURVES_LIBRARY_RESOLVE)
  conclude(&jpeg_loading, &loading, &table, &turbojpeg, 1);
}

static Loading gif_loading = {PTHREAD_ONCE_INIT, NULL, {0}};
static void load_gif(void) {
  static CurvesGIF table;
  Loading loading = {0};
  void *gif = open_library(gif_name, "GIF images", &loading);
  CURVES_GIF_FUNCTIONS(CURVES_LIBRARY_RESOLVE)
  conclude(&gif_loading, &loading, &table, &gif, 1);
}

const CurvesText *curves_text_load(char *error, size_t size) {
  pthread_once(&text_loading.once, load_text);
  return finish(&text_loading, error, size);
}

const CurvesJPEG *curves_jpeg_load(char *error, size_t size) {
  pthread_once(&jpeg_loading.once, load_jpeg);
  return finish(&jpeg_loading, error, size);
}

const CurvesGIF *curves_gif_load(char *error, size_t size) {
  pthread_once(&gif_loading.once, load_gif);
  return finish(&gif_loading, error, size);
}
