// The Swift runtime's command-line arguments for `curves`, taken as glibc hands them over.
//
// Linked statically, the runtime finds argv by reading /proc/self/maps with sscanf in a
// static initialiser (ArgvGrabber in the standard library's CommandLine.cpp), in every
// process before `main`: 0.12 M instructions of an empty drawing's 0.94 M, and the kernel
// writing the process's whole map as text. glibc calls each initialiser in .init_array
// with argc, argv and envp, so the vector is simply kept here. Defining the two functions
// that CommandLine.cpp's object defines keeps the linker from taking it from
// libswiftCore.a (it takes an archive member only for a symbol nothing else defines); the
// dynamically linked builds keep the runtime's own, which call theirs.

#include "ProcessArguments.h"

static char **givenArguments;
static int givenArgumentCount;
static char **overriddenArguments;
static int overriddenArgumentCount;

__attribute__((constructor)) static void keepArguments(int argc, char **argv, char **envp) {
  (void)envp;
  givenArguments = argv;
  givenArgumentCount = argc;
}

// As the runtime's: `CommandLine.arguments` and `unsafeArgv` read these.
__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (overriddenArguments) {
    *outArgLen = overriddenArgumentCount;
    return overriddenArguments;
  }
  static char *noArguments[] = {0};
  if (!givenArguments) {
    *outArgLen = 0;
    return noArguments;
  }
  *outArgLen = givenArgumentCount;
  return givenArguments;
}

char **curves_given_arguments(void) { return givenArguments; }

__attribute__((swiftcall, visibility("hidden"))) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  overriddenArguments = argv;
  overriddenArgumentCount = argc;
}
