// FFmpeg's libraries: `curves render --animate -o OUT.webm` (or .mp4) encodes the frames with
// them (VideoWriter).
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>

// The error codes FFmpeg spells as macros Swift cannot import.
static inline int curves_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int curves_averror_eof(void) { return AVERROR_EOF; }
