#ifndef RESAMPLE_H
#define RESAMPLE_H
#include <stdint.h>

/*
 * Lanczos-3 scale of a sw×sh RGBA picture to dw×dh, writing only output rows first..first+count-1 to `dst`
 * (row `first` at dst, rows dst_stride bytes apart). `src` holds the picture's rows src_first..
 * src_first+src_rows-1, packed: at least the rows resample_source_rows names. Returns 0, -1 out of memory or
 * bad rows, -2 when `src` lacks a row the output rows read.
 */
int resample_rows(const uint8_t *src, int src_first, int src_rows, int sw, int sh, uint8_t *dst, int dst_stride,
                  int dw, int dh, int first, int count);

/* The source rows [*from, *to) that output rows first..first+count-1 read. Returns 0, or -1 bad rows. */
int resample_source_rows(int sh, int dh, int first, int count, int *from, int *to);

#endif
