#ifndef RESAMPLE_H
#define RESAMPLE_H
#include <stdint.h>

/*
 * Lanczos-3 scale of `src` (sw×sh RGBA, rows packed) to dw×dh, writing only output rows first..first+count-1
 * to `dst` (row `first` at dst, rows dst_stride bytes apart). Returns 0, or -1 out of memory or bad rows.
 */
int resample_rows(const uint8_t *src, int sw, int sh, uint8_t *dst, int dst_stride, int dw, int dh, int first,
                  int count);

#endif
