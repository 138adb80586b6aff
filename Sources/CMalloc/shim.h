// glibc's heap tuning (mallopt, malloc_trim), which Glibc's Swift module leaves out.
#include <malloc.h>
