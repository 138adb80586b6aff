// FFmpeg's libraries, loaded only when a video is written (`curves render --animate -o
// OUT.webm` or .mp4): `curves_ffmpeg_load` opens them with dlopen, so neither `curves` nor
// the editor loads FFmpeg (and the X11 and VA-API libraries it brings) at start.
#ifndef CURVES_FFMPEG_H
#define CURVES_FFMPEG_H

#include <stddef.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/opt.h>
#include <libavutil/error.h>

// Every FFmpeg function VideoWriter calls, with the library that has it.
#define CURVES_FFMPEG_FUNCTIONS(X) \
  X(avformat, avformat_alloc_output_context2) X(avformat, avformat_free_context) \
  X(avformat, avformat_new_stream) X(avformat, avformat_write_header) X(avformat, av_write_trailer) \
  X(avformat, av_interleaved_write_frame) X(avformat, avio_open) X(avformat, avio_closep) \
  X(avcodec, avcodec_find_encoder) X(avcodec, avcodec_find_encoder_by_name) X(avcodec, avcodec_alloc_context3) \
  X(avcodec, avcodec_free_context) X(avcodec, avcodec_open2) X(avcodec, avcodec_parameters_from_context) \
  X(avcodec, avcodec_send_frame) X(avcodec, avcodec_receive_packet) X(avcodec, av_packet_alloc) \
  X(avcodec, av_packet_free) X(avcodec, av_packet_unref) X(avcodec, av_packet_rescale_ts) \
  X(avutil, av_frame_alloc) X(avutil, av_frame_free) X(avutil, av_frame_get_buffer) \
  X(avutil, av_frame_make_writable) X(avutil, av_opt_set) X(avutil, av_strerror) X(avutil, av_log_set_level) \
  X(swscale, sws_getContext) X(swscale, sws_freeContext) X(swscale, sws_scale)

#define CURVES_FFMPEG_FIELD(library, name) __typeof__(name) *_Nonnull name;

/// The loaded functions, each as FFmpeg declares it.
typedef struct CurvesFFmpeg {
  CURVES_FFMPEG_FUNCTIONS(CURVES_FFMPEG_FIELD)
} CurvesFFmpeg;

/// Loads FFmpeg's libraries (once; later calls return the same table): the table, or NULL
/// with why in `error` (a library or a function not found).
const CurvesFFmpeg *_Nullable curves_ffmpeg_load(char *_Nonnull error, size_t size);

// The error codes FFmpeg spells as macros Swift cannot import.
static inline int curves_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int curves_averror_eof(void) { return AVERROR_EOF; }

#endif
