// Flattening anchors and a scorer for Curves' benchmarks: cairo's and AGG's flattening of the
// same cubics as `curves flatten`, timed, and every method's polylines scored the same way.
//
//   flatten_anchors bench --corpus FILE --tols 0.1,0.25 --runs 5 --md OUT.md
//   flatten_anchors score --corpus FILE --polylines FILE --tol T --label NAME
//
// Corpus: one cubic per line, `x0 y0 x1 y1 x2 y2 x3 y3` (`#` lines are comments). Polylines:
// one line per curve in corpus order, `x0 y0 ... xk yk`, both end points included.
//
// Scores: segments per curve; their ratio to a greedy optimum (chords with their ends on the
// curve, each as long as the tolerance allows, found by bisection); the deviation, the
// two-sided Hausdorff distance between curve and polyline (dense samples, searched along the
// polyline, refined by golden-section search), its maximum and mean over curves, and the share of curves over the
// tolerance; and, for the anchors, ns per curve (best and median of the runs, one thread).
#include <agg_curves.h>
#include <cairo.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

struct P { double x, y; };
struct Cubic { P p[4]; };
using Polyline = std::vector<P>;

static P at(const Cubic& c, double t) {
  double u = 1 - t, a = u * u * u, b = 3 * u * u * t, d = 3 * u * t * t, e = t * t * t;
  return {a * c.p[0].x + b * c.p[1].x + d * c.p[2].x + e * c.p[3].x,
          a * c.p[0].y + b * c.p[1].y + d * c.p[2].y + e * c.p[3].y};
}

static double segmentDistance(P q, P a, P b) {
  double dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy;
  double s = len2 > 0 ? std::clamp(((q.x - a.x) * dx + (q.y - a.y) * dy) / len2, 0.0, 1.0) : 0;
  return std::hypot(q.x - a.x - s * dx, q.y - a.y - s * dy);
}

// The maximum of f on [lo, hi]: `samples` samples, then golden-section search around every
// local maximum among them.
static double maximize(const std::function<double(double)>& f, double lo, double hi, int samples) {
  double step = (hi - lo) / samples;
  std::vector<double> values(samples + 1);
  for (int i = 0; i <= samples; i++) values[i] = f(lo + i * step);
  double best = *std::max_element(values.begin(), values.end());
  const double g = 0.6180339887498949;
  for (int i = 0; i <= samples; i++) {
    if ((i > 0 && values[i] < values[i - 1]) || (i < samples && values[i] < values[i + 1])) continue;
    double a = std::max(lo, lo + (i - 1) * step), b = std::min(hi, lo + (i + 1) * step);
    double c = b - g * (b - a), d = a + g * (b - a), fc = f(c), fd = f(d);
    for (int k = 0; k < 40; k++) {
      if (fc > fd) b = d, d = c, fd = fc, c = b - g * (b - a), fc = f(c);
      else a = c, c = d, fc = fd, d = a + g * (b - a), fd = f(d);
    }
    best = std::max({best, fc, fd});
  }
  return best;
}

// Two-sided Hausdorff distance between the curve and its polyline, piece by piece: each
// vertex is placed on the curve (among 1024 samples, searching forward from the last vertex,
// as the vertices follow the curve), then the samples between two vertices are
// measured against their segment (and its neighbours), and points inside the segment against
// those samples; the largest distances are refined by golden-section search.
static double deviation(const Cubic& c, const Polyline& line) {
  const int n = 1024;
  static thread_local std::vector<P> curve(n + 1);
  for (int i = 0; i <= n; i++) curve[i] = at(c, double(i) / n);
  const int segments = int(line.size()) - 1;
  if (segments < 1) return line.empty() ? INFINITY : std::hypot(curve[n].x - line[0].x, curve[n].y - line[0].y);
  const double g = 0.6180339887498949;
  auto distance = [](P a, P b) { return std::hypot(a.x - b.x, a.y - b.y); };

  // The first sample from the last vertex on that is within a sample's step of the vertex
  // (not the nearest overall: where the curve crosses itself, a later pass is as near), then
  // down to the local minimum; failing that, the nearest sample ahead.
  std::vector<int> placed(line.size());
  for (size_t v = 0, from = 0; v < line.size(); v++) {
    int found = -1;
    for (int i = int(from); i <= n && found < 0; i++) {
      double step = std::max(i < n ? distance(curve[i], curve[i + 1]) : 0, i > 0 ? distance(curve[i], curve[i - 1]) : 0);
      if (distance(line[v], curve[i]) <= step + 1e-9) found = i;
    }
    if (found < 0) {
      found = int(from);
      for (int i = int(from); i <= n; i++) if (distance(line[v], curve[i]) < distance(line[v], curve[found])) found = i;
    }
    while (found < n && distance(line[v], curve[found + 1]) < distance(line[v], curve[found])) found++;
    placed[v] = found;
    from = size_t(found);
  }
  placed.front() = 0;
  placed.back() = n;

  auto goldenMax = [&](auto f, double a, double b) {
    double x = b - g * (b - a), y = a + g * (b - a), fx = f(x), fy = f(y);
    for (int k = 0; k < 30; k++) {
      if (fx > fy) b = y, y = x, fy = fx, x = b - g * (b - a), fx = f(x);
      else a = x, x = y, fx = fy, y = a + g * (b - a), fy = f(y);
    }
    return std::max(fx, fy);
  };

  double worst = 0;
  for (int j = 0; j < segments; j++) {
    // Curve to polyline: this piece's samples against this segment and its neighbours.
    auto away = [&](P q) {
      double d = segmentDistance(q, line[j], line[j + 1]);
      if (j > 0) d = std::min(d, segmentDistance(q, line[j - 1], line[j]));
      if (j + 1 < segments) d = std::min(d, segmentDistance(q, line[j + 1], line[j + 2]));
      return d;
    };
    int lo = placed[j], hi = std::max(placed[j + 1], lo);
    int bestSample = lo;
    for (int i = lo; i <= hi; i++) if (away(curve[i]) > away(curve[bestSample])) bestSample = i;
    double a = std::max(0, bestSample - 1) / double(n), b = std::min(n, bestSample + 1) / double(n);
    worst = std::max({worst, away(curve[bestSample]), goldenMax([&](double t) { return away(at(c, t)); }, a, b)});

    // Polyline to curve: points inside the segment against the piece (with a margin).
    for (double s : {0.25, 0.5, 0.75}) {
      P q{line[j].x + s * (line[j + 1].x - line[j].x), line[j].y + s * (line[j + 1].y - line[j].y)};
      int nearest = lo;
      for (int i = std::max(0, lo - 2); i <= std::min(n, hi + 2); i++) if (distance(q, curve[i]) < distance(q, curve[nearest])) nearest = i;
      double a = std::max(0, nearest - 1) / double(n), b = std::min(n, nearest + 1) / double(n);
      double closest = -goldenMax([&](double t) { return -distance(q, at(c, t)); }, a, b);
      worst = std::max(worst, std::min(closest, distance(q, curve[nearest])));
    }
  }
  return worst;
}

// How far the piece [t0, t1] strays from its chord.
static double chordDeviation(const Cubic& c, double t0, double t1) {
  P a = at(c, t0), b = at(c, t1);
  return maximize([&](double t) { return segmentDistance(at(c, t), a, b); }, t0, t1, 24);
}

// Greedy optimum: from t = 0, each chord as long as the tolerance allows (bisection on its end).
static int greedySegments(const Cubic& c, double tol) {
  int count = 0;
  for (double t0 = 0; t0 < 1; count++) {
    if (chordDeviation(c, t0, 1) <= tol) break;
    double lo = t0, hi = 1;
    for (int i = 0; i < 30; i++) {
      double mid = (lo + hi) / 2;
      (chordDeviation(c, t0, mid) <= tol ? lo : hi) = mid;
    }
    t0 = lo > t0 ? lo : hi;
  }
  return count + 1;
}

static std::vector<Cubic> readCorpus(const char* path) {
  std::ifstream in(path);
  if (!in) { std::fprintf(stderr, "flatten_anchors: cannot read %s\n", path); std::exit(1); }
  std::vector<Cubic> curves;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    Cubic c;
    std::istringstream s(line);
    for (auto& p : c.p) s >> p.x >> p.y;
    if (s) curves.push_back(c);
  }
  return curves;
}

static std::vector<Polyline> readPolylines(const char* path) {
  std::ifstream in(path);
  if (!in) { std::fprintf(stderr, "flatten_anchors: cannot read %s\n", path); std::exit(1); }
  std::vector<Polyline> lines;
  for (std::string line; std::getline(in, line);) {
    Polyline poly;
    std::istringstream s(line);
    for (P p; s >> p.x >> p.y;) poly.push_back(p);
    lines.push_back(poly);
  }
  return lines;
}

// cairo: a path of one cubic, flattened at `tol` by cairo_copy_path_flat.
struct Cairo {
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
  cairo_t* cr = cairo_create(surface);
  explicit Cairo(double tol) { cairo_set_tolerance(cr, tol); }
  ~Cairo() { cairo_destroy(cr); cairo_surface_destroy(surface); }
  void flatten(const Cubic& c, Polyline& out) {
    cairo_new_path(cr);
    cairo_move_to(cr, c.p[0].x, c.p[0].y);
    cairo_curve_to(cr, c.p[1].x, c.p[1].y, c.p[2].x, c.p[2].y, c.p[3].x, c.p[3].y);
    cairo_path_t* path = cairo_copy_path_flat(cr);
    out.clear();
    for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
      auto type = path->data[i].header.type;
      if (type == CAIRO_PATH_MOVE_TO || type == CAIRO_PATH_LINE_TO) out.push_back({path->data[i + 1].point.x, path->data[i + 1].point.y});
    }
    cairo_path_destroy(path);
  }
};

// AGG: curve4_div, its distance tolerance set to `tol`. AGG compares squared distances with
// (0.5 / approximation_scale)^2, so approximation_scale = 0.5 / tol.
struct AGG {
  agg::curve4_div curve;
  explicit AGG(double tol) { curve.approximation_scale(0.5 / tol); }
  void flatten(const Cubic& c, Polyline& out) {
    curve.init(c.p[0].x, c.p[0].y, c.p[1].x, c.p[1].y, c.p[2].x, c.p[2].y, c.p[3].x, c.p[3].y);
    out.clear();
    double x, y;
    for (unsigned cmd; !agg::is_stop(cmd = curve.vertex(&x, &y));) out.push_back({x, y});
  }
};

struct Score { double segments, optimum, maxDeviation, meanDeviation, overShare; };

// Curves scored for deviation (all) and against the greedy optimum (the first `optimumCount`).
static Score score(const std::vector<Cubic>& curves, const std::vector<Polyline>& lines, double tol, size_t optimumCount) {
  Score s{0, 0, 0, 0, 0};
  double segments = 0, optimumSegments = 0, methodSegments = 0;
  size_t over = 0, n = std::min(curves.size(), lines.size());
  for (size_t i = 0; i < n; i++) {
    double d = deviation(curves[i], lines[i]);
    s.maxDeviation = std::max(s.maxDeviation, d);
    s.meanDeviation += d / n;
    if (d > tol * (1 + 1e-9)) over++;
    segments += lines[i].size() - 1;
    if (i < optimumCount) optimumSegments += greedySegments(curves[i], tol), methodSegments += lines[i].size() - 1;
  }
  s.segments = segments / n;
  s.optimum = methodSegments / optimumSegments;
  s.overShare = 100.0 * over / n;
  return s;
}

static std::string row(const char* label, const Score& s, double nsBest, double nsMedian) {
  char text[512];
  if (nsBest > 0)
    std::snprintf(text, sizeof text, "| %s | %.1f | %.3f | %.4f | %.4f | %.2f%% | %.1f | %.0f | %.0f |", label, s.segments, s.optimum,
                  s.maxDeviation, s.meanDeviation, s.overShare, nsBest / s.segments, nsBest, nsMedian);
  else
    std::snprintf(text, sizeof text, "| %s | %.1f | %.3f | %.4f | %.4f | %.2f%% | – | – | – |", label, s.segments, s.optimum,
                  s.maxDeviation, s.meanDeviation, s.overShare);
  return text;
}

static const char* header =
    "| method | segs/curve | vs greedy optimum | max dev | mean dev | curves over tol | ns/segment | ns/curve | median ns/curve |\n"
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|";

template <class Method>
static std::string benchMethod(const char* label, const std::vector<Cubic>& curves, double tol, int runs, size_t optimumCount) {
  Method method(tol);
  std::vector<Polyline> lines(curves.size());
  for (size_t i = 0; i < curves.size(); i++) method.flatten(curves[i], lines[i]);
  Polyline scratch;
  scratch.reserve(4096);
  std::vector<double> times;
  for (int run = 0; run <= runs; run++) {  // run 0 warms up
    auto start = std::chrono::steady_clock::now();
    size_t points = 0;
    for (const auto& c : curves) method.flatten(c, scratch), points += scratch.size();
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() / curves.size();
    if (points == 0) std::abort();
    if (run > 0) times.push_back(ns);
  }
  std::sort(times.begin(), times.end());
  return row(label, score(curves, lines, tol, optimumCount), times.front(), times[times.size() / 2]);
}

static const char* option(int argc, char** argv, const char* name, const char* fallback) {
  for (int i = 2; i + 1 < argc; i++) if (!std::strcmp(argv[i], name)) return argv[i + 1];
  if (!fallback) { std::fprintf(stderr, "flatten_anchors: %s is required\n", name); std::exit(2); }
  return fallback;
}

int main(int argc, char** argv) {
  if (argc < 2 || (std::strcmp(argv[1], "bench") && std::strcmp(argv[1], "score"))) {
    std::fprintf(stderr, "usage: flatten_anchors bench --corpus F [--tols 0.1,0.25] [--runs 5] [--md OUT.md]\n"
                         "       flatten_anchors score --corpus F --polylines F --tol T [--label NAME]\n");
    return 2;
  }
  auto curves = readCorpus(option(argc, argv, "--corpus", nullptr));
  size_t optimumCount = std::min<size_t>(curves.size(), std::atoi(option(argc, argv, "--optimum-curves", "10000")));
  if (!std::strcmp(argv[1], "score")) {
    double tol = std::atof(option(argc, argv, "--tol", nullptr));
    auto lines = readPolylines(option(argc, argv, "--polylines", nullptr));
    if (lines.size() != curves.size()) {
      std::fprintf(stderr, "flatten_anchors: %zu polylines for %zu curves\n", lines.size(), curves.size());
      return 1;
    }
    std::printf("%s\n", row(option(argc, argv, "--label", "candidate"), score(curves, lines, tol, optimumCount), 0, 0).c_str());
    return 0;
  }
  int runs = std::atoi(option(argc, argv, "--runs", "5"));
  std::string report;
  for (std::istringstream tols(option(argc, argv, "--tols", "0.1,0.25")); !tols.eof();) {
    std::string tolText;
    std::getline(tols, tolText, ',');
    double tol = std::atof(tolText.c_str());
    char heading[160];
    std::snprintf(heading, sizeof heading, "#### %zu cubics, tol = %g px (greedy optimum over the first %zu)\n\n", curves.size(), tol, optimumCount);
    report += heading + std::string(header) + "\n";
    report += benchMethod<Cairo>("cairo", curves, tol, runs, optimumCount) + "\n";
    report += benchMethod<AGG>("AGG curve4_div", curves, tol, runs, optimumCount) + "\n\n";
  }
  std::fputs(report.c_str(), stdout);
  if (const char* md = option(argc, argv, "--md", "")) if (*md) std::ofstream(md) << report;
  return 0;
}
