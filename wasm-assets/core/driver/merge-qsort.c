/*
 * qsort() for the core, replacing musl's smoothsort. FFmpeg 7.1's palettegen sorts every box it splits
 * (up to 255 sorts over up to millions of colours): with musl's qsort that took 15 s for two noisy
 * 800x600 frames, ~90 % of the job (measured with --profiling-funcs). A merge sort with insertion-sorted
 * short runs does the same in a fraction of it, like glibc's qsort (also a merge sort) does natively.
 * Stable and deterministic, so the same input always gives the same palette.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef int (*compare_fn)(const void *, const void *);

#define INSERTION_RUN 12

/* One implementation per element size the compiler can copy as a value; `T` is the element type. */
#define DEFINE_SORT(NAME, T)                                                                          \
  static void NAME(T *items, T *scratch, size_t n, compare_fn compare) {                                \
    if (n <= INSERTION_RUN) {                                                                           \
      for (size_t i = 1; i < n; i++) {                                                                  \
        T item = items[i];                                                                              \
        size_t j = i;                                                                                   \
        for (; j > 0 && compare(&items[j - 1], &item) > 0; j--) items[j] = items[j - 1];                \
        items[j] = item;                                                                                \
      }                                                                                                 \
      return;                                                                                           \
    }                                                                                                   \
    size_t half = n / 2;                                                                                \
    NAME(items, scratch, half, compare);                                                                \
    NAME(items + half, scratch, n - half, compare);                                                     \
    if (compare(&items[half - 1], &items[half]) <= 0) return; /* already in order */                   \
    memcpy(scratch, items, half * sizeof(T));                                                           \
    size_t a = 0, b = half, out = 0;                                                                    \
    while (a < half && b < n) items[out++] = compare(&items[b], &scratch[a]) < 0 ? items[b++] : scratch[a++]; \
    while (a < half) items[out++] = scratch[a++];                                                       \
  }

typedef struct { uint32_t w[1]; } Item4;
typedef struct { uint32_t w[2]; } Item8;
typedef struct { uint32_t w[3]; } Item12;
typedef struct { uint32_t w[4]; } Item16;
DEFINE_SORT(sort4, Item4)
DEFINE_SORT(sort8, Item8)
DEFINE_SORT(sort12, Item12)
DEFINE_SORT(sort16, Item16)

static void sort_bytes(char *items, char *scratch, size_t n, size_t size, compare_fn compare, char *swap) {
  if (n <= INSERTION_RUN) {
    for (size_t i = 1; i < n; i++) {
      memcpy(swap, items + i * size, size);
      size_t j = i;
      for (; j > 0 && compare(items + (j - 1) * size, swap) > 0; j--)
        memcpy(items + j * size, items + (j - 1) * size, size);
      memcpy(items + j * size, swap, size);
    }
    return;
  }
  size_t half = n / 2;
  sort_bytes(items, scratch, half, size, compare, swap);
  sort_bytes(items + half * size, scratch, n - half, size, compare, swap);
  if (compare(items + (half - 1) * size, items + half * size) <= 0) return;
  memcpy(scratch, items, half * size);
  size_t a = 0, b = half, out = 0;
  while (a < half && b < n) {
    if (compare(items + b * size, scratch + a * size) < 0) memcpy(items + out++ * size, items + b++ * size, size);
    else memcpy(items + out++ * size, scratch + a++ * size, size);
  }
  if (a < half) memcpy(items + out * size, scratch + a * size, (half - a) * size);
}

/* Merging needs n/2 elements of scratch space; without it, an in-place insertion sort (slow, correct). */
void qsort(void *base, size_t n, size_t size, compare_fn compare) {
  if (n < 2 || !size) return;
  int aligned = ((uintptr_t)base & 3) == 0;
  char *scratch = malloc((n / 2 + 1) * size + size);
  if (!scratch) {
    char swap[256];
    for (size_t i = 1; i < n && size <= sizeof(swap); i++)
      for (size_t j = i; j > 0 && compare((char *)base + (j - 1) * size, (char *)base + j * size) > 0; j--) {
        memcpy(swap, (char *)base + j * size, size);
        memcpy((char *)base + j * size, (char *)base + (j - 1) * size, size);
        memcpy((char *)base + (j - 1) * size, swap, size);
      }
    return;
  }
  if (aligned && size == 4) sort4(base, (Item4 *)scratch, n, compare);
  else if (aligned && size == 8) sort8(base, (Item8 *)scratch, n, compare);
  else if (aligned && size == 12) sort12(base, (Item12 *)scratch, n, compare);
  else if (aligned && size == 16) sort16(base, (Item16 *)scratch, n, compare);
  else sort_bytes(base, scratch, n, size, compare, scratch + (n / 2 + 1) * size);
  free(scratch);
}
