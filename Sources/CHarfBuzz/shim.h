// HarfBuzz: shaping with its own OpenType tables (Debian's libharfbuzz-dev).
#include <hb.h>
#include <hb-ot.h>
