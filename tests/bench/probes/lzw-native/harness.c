/*
 * Times the optimiser's LZW encoder (wasm-assets/core/lzw/gif-lzw.c, compiled natively with it) on frames
 * the Node job handed it, dumped by ../lzw-native.ts: each frame lossy at its own budget and lossless, the
 * best of REPS runs, and checks that both decode-side index streams have the frame's size.
 *
 *   harness <dump>...   (a dump: 8 int32 — width, height, palette entries, transparent index or -1, min
 *                        code size, error budget, has under, has budgets — then the palette's RGB triples,
 *                        the indices, the under and budgets arrays as uint16 when present)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int lzw_encode(const uint8_t *indices, int count, int width, const uint8_t *palette, int entries,
               int transparent_index, const uint16_t *under, const uint16_t *budgets, int min_code_size,
               int error_budget, int band, int16_t *alternative, uint8_t *data, uint8_t *written);

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* The best of `reps` encodes: milliseconds, and the bits of the last. */
static double timed(int reps, int *bits, const uint8_t *indices, int count, int width, const uint8_t *palette,
                    int entries, int t, const uint16_t *under, const uint16_t *budgets, int code_size, int budget,
                    int16_t *alt, uint8_t *data, uint8_t *written) {
  double best = 1e300;
  for (int r = 0; r < reps; r++) {
    const double started = now_ms();
    *bits = lzw_encode(indices, count, width, palette, entries, t, under, budgets, code_size, budget, 0, alt, data,
                       written);
    const double ms = now_ms() - started;
    if (ms < best) best = ms;
  }
  return best;
}

int main(int argc, char **argv) {
  const int reps = getenv("REPS") ? atoi(getenv("REPS")) : 3;
  double lossy_ms = 0, lossless_ms = 0;
  long long pixels = 0, lossy_bytes = 0, lossless_bytes = 0;
  for (int a = 1; a < argc; a++) {
    FILE *file = fopen(argv[a], "rb");
    if (!file) return perror(argv[a]), 1;
    fseek(file, 0, SEEK_END);
    const long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    uint8_t *dump = malloc(size);
    if (fread(dump, 1, size, file) != (size_t)size) return fprintf(stderr, "%s: short read\n", argv[a]), 1;
    fclose(file);
    int32_t head[8];
    memcpy(head, dump, sizeof head);
    const int width = head[0], height = head[1], entries = head[2], t = head[3], code_size = head[4];
    const int budget = head[5], count = width * height;
    const uint8_t *palette = dump + 32, *indices = palette + entries * 3, *rest = indices + count;
    uint16_t *under = NULL, *budgets = NULL;
    if (head[6]) under = malloc(2 * count), memcpy(under, rest, 2 * count), rest += 2 * count;
    if (head[7]) budgets = malloc(2 * count), memcpy(budgets, rest, 2 * count), rest += 2 * count;
    if (rest != dump + size) return fprintf(stderr, "%s: not a dump of this layout\n", argv[a]), 1;
    int16_t *alt = malloc(2 * count);
    uint8_t *data = malloc(2 * count + 64), *written = malloc(count);
    int bits = 0;
    lossy_ms += timed(reps, &bits, indices, count, width, palette, entries, t, under, budgets, code_size, budget,
                      alt, data, written);
    lossy_bytes += (bits + 7) / 8;
    lossless_ms += timed(reps, &bits, indices, count, width, palette, entries, t, under, NULL, code_size, 0, alt,
                         data, written);
    lossless_bytes += (bits + 7) / 8;
    if (memcmp(written, indices, count) != 0 && !under) return fprintf(stderr, "%s: lossless is not exact\n", argv[a]), 1;
    pixels += count;
    free(dump), free(under), free(budgets), free(alt), free(data), free(written);
  }
  printf("%lld pixels in %d frame(s): lossy %.1f ms, %.1f ns a pixel, %lld bytes; lossless %.1f ms, %.1f ns a pixel, "
         "%lld bytes\n",
         pixels, argc - 1, lossy_ms, lossy_ms * 1e6 / pixels, lossy_bytes, lossless_ms, lossless_ms * 1e6 / pixels,
         lossless_bytes);
  return 0;
}
