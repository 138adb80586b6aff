// The libraries a drawing may not need, loaded when it first does: fontconfig, FreeType,
// HarfBuzz and FriBidi for text, libjpeg-turbo and giflib for images. Their loaders open them
// with dlopen, so `curves` drawing an icon without text never maps them (nor GLib, graphite2,
// expat and brotli, which they bring), and none of them is linked.
#ifndef CURVES_DRAWING_LIBRARIES_H
#define CURVES_DRAWING_LIBRARIES_H

#include <stddef.h>
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <harfbuzz/hb.h>
#include <fribidi/fribidi.h>
#include <turbojpeg.h>
#include <gif_lib.h>

// Every function of theirs CurveText calls, with the library that has it.
#define CURVES_TEXT_FUNCTIONS(X) \
  X(fontconfig, FcCharSetCopy) X(fontconfig, FcCharSetHasChar) X(fontconfig, FcConfigGetConfigDirs) \
  X(fontconfig, FcConfigGetConfigFiles) X(fontconfig, FcConfigGetFontDirs) X(fontconfig, FcConfigSubstitute) \
  X(fontconfig, FcDefaultSubstitute) X(fontconfig, FcFontList) X(fontconfig, FcFontMatch) X(fontconfig, FcFontSetDestroy) \
  X(fontconfig, FcFontSort) X(fontconfig, FcObjectSetAdd) X(fontconfig, FcObjectSetCreate) X(fontconfig, FcObjectSetDestroy) \
  X(fontconfig, FcPatternAddInteger) X(fontconfig, FcPatternAddString) X(fontconfig, FcPatternCreate) \
  X(fontconfig, FcPatternDestroy) X(fontconfig, FcPatternGetCharSet) X(fontconfig, FcPatternGetInteger) \
  X(fontconfig, FcPatternGetString) X(fontconfig, FcGetVersion) X(fontconfig, FcStrListDone) \
  X(fontconfig, FcStrListNext) X(fontconfig, FcWeightFromOpenType) \
  X(freetype, FT_Done_Face) X(freetype, FT_Get_Char_Index) X(freetype, FT_Get_Sfnt_Table) X(freetype, FT_Init_FreeType) \
  X(freetype, FT_Load_Glyph) X(freetype, FT_New_Face) X(freetype, FT_Outline_Decompose) \
  X(harfbuzz, hb_blob_create_from_file) X(harfbuzz, hb_blob_destroy) X(harfbuzz, hb_buffer_add_utf8) \
  X(harfbuzz, hb_buffer_create) X(harfbuzz, hb_buffer_destroy) X(harfbuzz, hb_buffer_get_glyph_infos) \
  X(harfbuzz, hb_buffer_get_glyph_positions) X(harfbuzz, hb_buffer_guess_segment_properties) \
  X(harfbuzz, hb_buffer_set_direction) X(harfbuzz, hb_buffer_set_language) X(harfbuzz, hb_face_create) \
  X(harfbuzz, hb_face_destroy) X(harfbuzz, hb_feature_from_string) X(harfbuzz, hb_font_create) \
  X(harfbuzz, hb_font_set_scale) X(harfbuzz, hb_language_from_string) X(harfbuzz, hb_shape) \
  X(fribidi, fribidi_get_bidi_types) X(fribidi, fribidi_get_bracket_types) X(fribidi, fribidi_get_par_embedding_levels_ex)

// Every function of libjpeg-turbo's TurboJPEG API and of giflib that CurveRender calls.
#define CURVES_JPEG_FUNCTIONS(X) \
  X(turbojpeg, tjInitDecompress) X(turbojpeg, tjDecompressHeader3) X(turbojpeg, tjDecompress2) \
  X(turbojpeg, tjGetErrorCode) X(turbojpeg, tjDestroy)
#define CURVES_GIF_FUNCTIONS(X) \
  X(gif, DGifOpen) X(gif, DGifCloseFile) X(gif, DGifGetRecordType) X(gif, DGifGetImageDesc) X(gif, DGifGetLine) \
  X(gif, DGifGetExtension) X(gif, DGifGetExtensionNext) X(gif, DGifExtensionToGCB)

#define CURVES_LIBRARY_FIELD(library, name) __typeof__(name) *_Nonnull name;

/// The loaded functions, each as its library declares it.
typedef struct CurvesText {
  CURVES_TEXT_FUNCTIONS(CURVES_LIBRARY_FIELD)
} CurvesText;
typedef struct CurvesJPEG {
  CURVES_JPEG_FUNCTIONS(CURVES_LIBRARY_FIELD)
} CurvesJPEG;
typedef struct CurvesGIF {
  CURVES_GIF_FUNCTIONS(CURVES_LIBRARY_FIELD)
} CurvesGIF;

/// Each loads its libraries once (later calls return the same table): the table, or NULL
/// with why in `error` (a library or a function not found).
const CurvesText *_Nullable curves_text_load(char *_Nonnull error, size_t size);
const CurvesJPEG *_Nullable curves_jpeg_load(char *_Nonnull error, size_t size);
const CurvesGIF *_Nullable curves_gif_load(char *_Nonnull error, size_t size);

#endif
