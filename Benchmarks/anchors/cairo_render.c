/*
 * The figure `curves render` is measured against: cairo's image backend strokes the same
 * cubics, anti-aliased, 3 pixels wide with round caps and joins, over a white page with a
 * 20-pixel grid at 1280x800, and writes the PNG. Times reading, stroking and writing,
 * the same steps `curves render` takes.
 *
 *   usage: cairo_render CUBICS.txt OUT.png      (one cubic a line: x0 y0 x1 y1 x2 y2 x3 y3)
 *   prints: cairo: curves=N total_ms=T stroke_ms=S png_ms=P
 */
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double milliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s CUBICS.txt OUT.png\n", argv[0]);
    return 2;
  }
  double start = milliseconds();
  FILE *input = fopen(argv[1], "r");
  if (!input) {
    perror(argv[1]);
    return 1;
  }
  size_t capacity = 4096, count = 0;
  double *cubics = malloc(capacity * 8 * sizeof(double));
  for (;;) {
    if (count == capacity) {
      capacity *= 2;
      cubics = realloc(cubics, capacity * 8 * sizeof(double));
    }
    double *c = cubics + count * 8;
    if (fscanf(input, "%lf %lf %lf %lf %lf %lf %lf %lf", c, c + 1, c + 2, c + 3, c + 4, c + 5, c + 6, c + 7) != 8) break;
    count++;
  }
  fclose(input);

  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1280, 800);
  cairo_t *cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0.91, 0.92, 0.94);
  cairo_set_line_width(cr, 1);
  for (int x = 20; x < 1280; x += 20) {
    cairo_move_to(cr, x + 0.5, 0);
    cairo_line_to(cr, x + 0.5, 800);
  }
  for (int y = 20; y < 800; y += 20) {
    cairo_move_to(cr, 0, y + 0.5);
    cairo_line_to(cr, 1280, y + 0.5);
  }
  cairo_stroke(cr);

  double strokeStart = milliseconds();
  cairo_set_source_rgb(cr, 0.12, 0.31, 0.66);
  cairo_set_line_width(cr, 3);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (size_t i = 0; i < count; i++) {
    double *c = cubics + i * 8;
    cairo_move_to(cr, c[0], c[1]);
    cairo_curve_to(cr, c[2], c[3], c[4], c[5], c[6], c[7]);
    cairo_stroke(cr);
  }
  cairo_surface_flush(surface);
  double strokeEnd = milliseconds();
  if (cairo_surface_write_to_png(surface, argv[2]) != CAIRO_STATUS_SUCCESS) {
    fprintf(stderr, "cannot write %s\n", argv[2]);
    return 1;
  }
  double end = milliseconds();
  printf("cairo: curves=%zu total_ms=%.1f stroke_ms=%.1f png_ms=%.1f\n", count, end - start, strokeEnd - strokeStart, end - strokeEnd);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  free(cubics);
  return 0;
}
