// Nothing to call: ProcessArguments.c defines what the Swift runtime asks for its
// command-line arguments, in place of the runtime's own reading of them (see there).
#ifndef CURVES_PROCESS_ARGUMENTS_H
#define CURVES_PROCESS_ARGUMENTS_H
#endif
