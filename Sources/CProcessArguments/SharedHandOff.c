// `curves` handing its command to `curves-shared` when a drawing needs a library it cannot open.
//
// `make release` links `curves` statically, C library included: a process drawing an icon then
// has no dynamic loader to start and no shared libraries to map and bind, 1 ms less than the
// same program linked against them. But a library opened with dlopen in such a process brings a
// second C library of its own, whose state the first never set up: HarfBuzz brings GLib, whose
// constructor crashes there. So the first time a drawing needs fontconfig, FreeType, HarfBuzz,
// FriBidi, libjpeg-turbo or giflib (Sources/CDrawingLibraries), the process becomes
// `curves-shared`, the same program linked against the shared C library, with the same
// arguments and environment. Nothing is lost: a command writes its output at its end, and a
// batch (`--output-dir`) draws its files again from the first.

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char **curves_given_arguments(void);

/// Set in `curves-shared`'s environment, so that a program that cannot open the libraries
/// either never hands its command on again.
static const char *const handedOff = "CURVES_HANDED_OFF";

// `curves-shared` beside this program (a build directory), or where `make install` puts it:
// PREFIX/libexec/curves/curves-shared for PREFIX/bin/curves. Empty when neither exists.
static void sharedProgramPath(char *path, size_t size) {
  char self[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  path[0] = 0;
  if (length <= 0) return;
  self[length] = 0;
  char *slash = strrchr(self, '/');
  if (!slash) return;
  *slash = 0;
  snprintf(path, size, "%s/curves-shared", self);
  if (access(path, X_OK) == 0) return;
  slash = strrchr(self, '/');
  if (slash) {
    *slash = 0;
    snprintf(path, size, "%s/libexec/curves/curves-shared", self);
    if (access(path, X_OK) == 0) return;
  }
  path[0] = 0;
}

/// Replaces this process with `curves-shared`, given the same arguments; returns only when
/// there is none to run (or this process is already one that was handed a command).
void curves_hand_off_to_shared(void) {
  char **arguments = curves_given_arguments();
  if (!arguments || getenv(handedOff)) return;
  char path[PATH_MAX];
  sharedProgramPath(path, sizeof path);
  if (!path[0]) return;
  setenv(handedOff, "1", 1);
  fflush(NULL);
  execv(path, arguments);
  unsetenv(handedOff);
}
