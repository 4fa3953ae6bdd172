/*
 * Where lossy LZW may spend its error: each 8x8 block's share of the budget from its activity, the mean
 * luma step between neighbouring pixels. src/features/converter/rules/gif/lossy-budget.ts documents the rule
 * and calls this. It was TypeScript first (about twice as slow, on the optimiser's path before the encode
 * can start) and gives the same values: each palette luma is
 * rounded to float as a Float32Array stored it, which makes it a whole multiple of 2^-27 (the smallest
 * non-zero luma is 0.114), so the steps are summed exactly as integers of that unit (a block's sum stays
 * under 2^42) and only the mean is taken in double, as JavaScript did.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>

#define BLOCK 8
#define UNIT 134217728.0 /* 2^27 */
#define NO_PIXEL (-1)    /* a transparent pixel's luma: no step to or from it */

static inline int64_t step(int64_t a, int64_t b) { return a > b ? a - b : b - a; }

/*
 * `palette`: `entries` RGB triplets; `transparent`: the index whose pixels count as no step (or -1).
 * A block's share is its mean step / `full_at`, from `smooth_share` to `max_share`; writes `budget` x the
 * share, capped at 65535, for every pixel to `out`.
 * Returns 0, or -1 when it could not get its row buffers.
 */
int lzw_budgets(const uint8_t *indices, int width, int height, const uint8_t *palette, int entries,
                int transparent, double budget, double smooth_share, double max_share, double full_at,
                uint16_t *out) {
  int64_t luma[256];
  int any_transparent = 0;
  for (int i = 0; i < 256; i++) {
    const float l = i >= entries ? 0.0f
                    : (float)(0.299 * palette[i * 3] + 0.587 * palette[i * 3 + 1] + 0.114 * palette[i * 3 + 2]);
    luma[i] = i < entries && i == transparent ? NO_PIXEL : (int64_t)((double)l * UNIT);
  }
  const size_t count = (size_t)width * height;
  for (size_t p = 0; p < count && transparent >= 0 && !any_transparent; p++) any_transparent = indices[p] == transparent;

  const int blocks = (width + BLOCK - 1) / BLOCK;
  int64_t *here = malloc(sizeof(int64_t) * width), *below = malloc(sizeof(int64_t) * width);
  int64_t *sums = malloc(sizeof(int64_t) * blocks);
  int *steps = malloc(sizeof(int) * blocks);
  if (!here || !below || !sums || !steps) {
    free(here), free(below), free(sums), free(steps);
    return -1;
  }
  for (int x = 0; x < width; x++) below[x] = luma[indices[x]];
  for (int by = 0; by < height; by += BLOCK) {
    const int bottom = by + BLOCK < height ? by + BLOCK : height;
    for (int b = 0; b < blocks; b++) sums[b] = 0, steps[b] = 0;
    for (int y = by; y < bottom; y++) {
      int64_t *swap = here;
      here = below, below = swap;
      const int has_below = y + 1 < height;
      if (has_below) {
        const uint8_t *next = indices + (size_t)(y + 1) * width;
        for (int x = 0; x < width; x++) below[x] = luma[next[x]];
      }
      if (!any_transparent) {
        /* Every pixel has its right neighbour but the last, and the one below but on the last row. */
        for (int b = 0; b < blocks; b++) {
          const int left = b * BLOCK, right = left + BLOCK < width ? left + BLOCK : width;
          const int last = right < width ? right : width - 1;
          int64_t sum = 0;
          for (int x = left; x < last; x++) sum += step(here[x + 1], here[x]);
          if (has_below)
            for (int x = left; x < right; x++) sum += step(below[x], here[x]);
          sums[b] += sum;
          steps[b] += (last - left) + (has_below ? right - left : 0);
        }
        continue;
      }
      for (int x = 0; x < width; x++) {
        const int64_t l = here[x];
        if (l == NO_PIXEL) continue;
        if (x + 1 < width && here[x + 1] != NO_PIXEL) sums[x / BLOCK] += step(here[x + 1], l), steps[x / BLOCK]++;
        if (has_below && below[x] != NO_PIXEL) sums[x / BLOCK] += step(below[x], l), steps[x / BLOCK]++;
      }
    }
    for (int b = 0; b < blocks; b++) {
      const double activity = steps[b] ? ((double)sums[b] / UNIT) / steps[b] : 0;
      double share = activity / full_at;
      if (share < smooth_share) share = smooth_share;
      if (share > max_share) share = max_share;
      const double value = round(budget * share);
      const uint16_t v = value > 65535 ? 65535 : (uint16_t)value;
      const int left = b * BLOCK, right = left + BLOCK < width ? left + BLOCK : width;
      for (int y = by; y < bottom; y++) {
        uint16_t *to = out + (size_t)y * width;
        for (int x = left; x < right; x++) to[x] = v;
      }
    }
  }
  free(here), free(below), free(sums), free(steps);
  return 0;
}
