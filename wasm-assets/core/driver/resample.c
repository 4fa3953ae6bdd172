/*
 * Lanczos-3 resampling of 8-bit RGBA, ours instead of swscale's for the driver's frame scaling.
 *
 * swscale scales packed RGBA through YUV planes (its input and output converters, four planes filtered
 * one by one, in plain C here: the core has no assembly); this filters the four channels of a pixel at
 * once with wasm SIMD, in RGB, so nothing is rounded through YUV. Separable: each source row the output
 * rows need is filtered horizontally into 16-bit values (6 fractional bits), then each output row
 * vertically from those. Weights are 14-bit fixed point and each pixel's weights sum to exactly 1.
 *
 * Only the output rows asked for are made, with the same weights as a whole scale: a band of a still
 * (plan.ts) is scaled by two cores, each its own rows, and the halves join as one scale would give them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <wasm_simd128.h>

#include "resample.h"

#define LOBES 3
#define WEIGHT_BITS 14
/* The horizontal pass keeps 6 fractional bits: value × 64 plus overshoot fits an int16. */
#define H_SHIFT 8
#define V_SHIFT (2 * WEIGHT_BITS - H_SHIFT)

/* One axis's filter: output i reads `taps` source samples from start[i]; taps is even, pairs go together. */
typedef struct Axis {
  int taps;
  int *start;
  int16_t *weight; /* taps per output */
} Axis;

static double lanczos(double x) {
  if (x == 0) return 1;
  if (x <= -LOBES || x >= LOBES) return 0;
  double px = M_PI * x;
  return LOBES * sin(px) * sin(px / LOBES) / (px * px);
}

static void free_axis(Axis *axis) {
  free(axis->start);
  free(axis->weight);
}

/* An axis's window: `taps` samples (even), from window_start() for each output. */
static int window_taps(int in, int out) {
  double ratio = (double)in / out;
  double support = LOBES * (ratio > 1 ? ratio : 1);
  int taps = (int)ceil(2 * support) + 1;
  if (taps > in) taps = in;
  return taps + (taps & 1);
}

/* The first of output i's taps: its kernel's first sample, moved inside the source. */
static int window_start(int in, int out, int taps, int i) {
  double ratio = (double)in / out;
  double support = LOBES * (ratio > 1 ? ratio : 1);
  double centre = (i + 0.5) * ratio - 0.5;
  int start = (int)floor(centre - support) + 1;
  if (start > in - taps) start = in - taps;
  return start < 0 ? 0 : start;
}

/*
 * Weights from `in` samples to `out`: a sample's centre maps to (i + 0.5) × in / out − 0.5 in the source;
 * when shrinking, the kernel is stretched by the ratio (each output sums what it covers). Taps past an edge
 * fold onto the edge sample (the edge repeated), and the window is moved inside the source.
 */
static int make_axis(Axis *axis, int in, int out) {
  double ratio = (double)in / out;
  double scale = ratio > 1 ? ratio : 1;
  double support = LOBES * scale;
  int taps = window_taps(in, out);
  axis->taps = taps;
  axis->start = malloc(sizeof(int) * out);
  axis->weight = calloc((size_t)out * taps, sizeof(int16_t));
  double *w = malloc(sizeof(double) * taps);
  if (!axis->start || !axis->weight || !w) {
    free(w);
    return -1;
  }
  for (int i = 0; i < out; i++) {
    double centre = (i + 0.5) * ratio - 0.5;
    int lo = (int)floor(centre - support) + 1;
    int hi = (int)floor(centre + support);
    int start = window_start(in, out, taps, i);
    memset(w, 0, sizeof(double) * taps);
    double sum = 0;
    for (int j = lo; j <= hi; j++) {
      double v = lanczos((j - centre) / scale);
      int at = j < 0 ? 0 : j >= in ? in - 1 : j;
      at -= start;
      if (at < 0) at = 0;
      if (at >= taps) at = taps - 1;
      w[at] += v;
      sum += v;
    }
    int16_t *fixed = axis->weight + (size_t)i * taps;
    int total = 0, biggest = 0;
    for (int k = 0; k < taps; k++) {
      fixed[k] = (int16_t)lrint(w[k] / sum * (1 << WEIGHT_BITS));
      total += fixed[k];
      if (fixed[k] > fixed[biggest]) biggest = k;
    }
    fixed[biggest] += (1 << WEIGHT_BITS) - total;
    axis->start[i] = start;
  }
  free(w);
  return 0;
}

/* A pair of weights repeated over the four channels: [w0 w1 w0 w1 w0 w1 w0 w1]. */
static v128_t weight_pair(const int16_t *w) { return wasm_v128_load32_splat(w); }

/* One source row through the horizontal filter: `out` pixels of four int16. Reads up to one pixel past the row. */
static void filter_row(const uint8_t *src, int16_t *dst, const Axis *axis, int out) {
  for (int i = 0; i < out; i++) {
    const uint8_t *p = src + (size_t)axis->start[i] * 4;
    const int16_t *w = axis->weight + (size_t)i * axis->taps;
    v128_t acc = wasm_i32x4_splat(1 << (H_SHIFT - 1));
    for (int k = 0; k < axis->taps; k += 2, p += 8) {
      /* Two pixels as [r0 g0 b0 a0 r1 g1 b1 a1], regrouped by channel: [r0 r1 g0 g1 b0 b1 a0 a1]. */
      v128_t two = wasm_u16x8_load8x8(p);
      v128_t by_channel = wasm_i16x8_shuffle(two, two, 0, 4, 1, 5, 2, 6, 3, 7);
      acc = wasm_i32x4_add(acc, wasm_i32x4_dot_i16x8(by_channel, weight_pair(w + k)));
    }
    acc = wasm_i32x4_shr(acc, H_SHIFT);
    v128_t narrow = wasm_i16x8_narrow_i32x4(acc, acc);
    wasm_v128_store64_lane(dst + (size_t)i * 4, narrow, 0);
  }
}

/* One output row from `taps` filtered rows (`rows[k]`, `values` int16 each): clamped to 0..255. */
static void filter_column(int16_t *const *rows, const int16_t *w, int taps, uint8_t *dst, int values) {
  int x = 0;
  for (; x + 8 <= values; x += 8) {
    v128_t lo = wasm_i32x4_splat(1 << (V_SHIFT - 1)), hi = lo;
    for (int k = 0; k < taps; k += 2) {
      v128_t a = wasm_v128_load(rows[k] + x), b = wasm_v128_load(rows[k + 1] + x);
      v128_t pair = weight_pair(w + k);
      lo = wasm_i32x4_add(lo, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(a, b, 0, 8, 1, 9, 2, 10, 3, 11), pair));
      hi = wasm_i32x4_add(hi, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(a, b, 4, 12, 5, 13, 6, 14, 7, 15), pair));
    }
    v128_t words = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(lo, V_SHIFT), wasm_i32x4_shr(hi, V_SHIFT));
    wasm_v128_store64_lane(dst + x, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
  for (; x < values; x++) {
    int32_t acc = 1 << (V_SHIFT - 1);
    for (int k = 0; k < taps; k++) acc += (int32_t)w[k] * rows[k][x];
    acc >>= V_SHIFT;
    dst[x] = acc < 0 ? 0 : acc > 255 ? 255 : (uint8_t)acc;
  }
}

int resample_source_rows(int sh, int dh, int first, int count, int *from, int *to) {
  if (first < 0 || count <= 0 || first + count > dh) return -1;
  /* Windows only move down the picture: the first output row's starts highest, the last's ends lowest. */
  int taps = window_taps(sh, dh);
  int end = window_start(sh, dh, taps, first + count - 1) + taps;
  *from = window_start(sh, dh, taps, first);
  *to = end < sh ? end : sh;
  return 0;
}

int resample_rows(const uint8_t *src, int src_first, int src_rows, int sw, int sh, uint8_t *dst, int dst_stride,
                  int dw, int dh, int first, int count) {
  if (first < 0 || count <= 0 || first + count > dh || src_first < 0 || src_rows <= 0 || src_first + src_rows > sh)
    return -1;
  Axis across = {0}, down = {0};
  size_t row_values = (size_t)dw * 4;
  size_t src_row = (size_t)sw * 4;
  int src_last = src_first + src_rows - 1;
  int16_t *ring = NULL;
  int16_t **rows = NULL;
  uint8_t *last = NULL;
  int ret = -1;
  if (make_axis(&across, sw, dw) < 0 || make_axis(&down, sh, dh) < 0) goto done;
  int end = down.start[first + count - 1] + down.taps;
  if (down.start[first] < src_first || (end < sh ? end : sh) > src_first + src_rows) {
    ret = -2;
    goto done;
  }
  ring = malloc(sizeof(int16_t) * row_values * down.taps);
  rows = malloc(sizeof(int16_t *) * down.taps);
  /* The last row held, with a pixel of padding: the horizontal pass may read one past a row. */
  last = malloc(src_row + 8);
  if (!ring || !rows || !last) goto done;
  memcpy(last, src + (size_t)(src_last - src_first) * src_row, src_row);
  memset(last + src_row, 0, 8);

  int next = 0; /* the next source row to filter into the ring */
  for (int y = first; y < first + count; y++) {
    int start = down.start[y];
    if (next < start) next = start;
    for (; next < start + down.taps; next++) {
      int16_t *filtered = ring + (size_t)(next % down.taps) * row_values;
      /* A window one row past a source of odd height: that row's weight is zero. */
      if (next >= sh) memset(filtered, 0, sizeof(int16_t) * row_values);
      else filter_row(next == src_last ? last : src + (size_t)(next - src_first) * src_row, filtered, &across, dw);
    }
    for (int k = 0; k < down.taps; k++) rows[k] = ring + (size_t)((start + k) % down.taps) * row_values;
    filter_column(rows, down.weight + (size_t)y * down.taps, down.taps, dst + (size_t)(y - first) * dst_stride,
                  (int)row_values);
  }
  ret = 0;
done:
  free(last);
  free(rows);
  free(ring);
  free_axis(&across);
  free_axis(&down);
  return ret;
}
