/*
 * The engine core's driver: raw RGBA frames from the (emscripten) file system → a libavfilter graph →
 * the GIF encoder → the GIF muxer. It replaces fftools' `ffmpeg` program, which needs threads since
 * FFmpeg 6.1. One call of gif_core_exec() is one job; everything it allocates is freed before it
 * returns, so a loaded core runs any number of jobs.
 *
 * Arguments (all values are single arguments):
 *   -canvas WxH             size of the frames the graph receives
 *   -frame F,W,H,X,Y,PW,PH,D  one per frame, in order: raw RGBA file F of W×H pixels, scaled to PW×PH and
 *                           drawn at X,Y on a transparent canvas (no scaling when W×H = PW×PH), shown for
 *                           D centiseconds
 *   -frame-rows T           the -frame before it: its file holds the picture's rows from T on only (a still's
 *                           bottom band, plan.ts): the rows the band's scale or placement reads must be there
 *   -keep-placed 1          write each frame that was scaled or placed back over its file, at the canvas's
 *                           size, as the graph got it: a later job on the same frames reads it as it is
 *                           (given as canvas-size frames at 0,0) instead of scaling it again
 *   -filter GRAPH           libavfilter graph; its first open input gets the frames, its second (if any)
 *                           the palette from -palette-in; exactly one open output
 *   -palette-in FILE        a palette written by -palette-out (16×16 RGB32), fed to the second input
 *   -palette-out FILE       write the graph's last output frame (a palettegen palette) raw, no GIF
 *   -o FILE                 write the GIF here
 *   -indices-out FILE       write the graph's frames (paletteuse's PAL8) raw instead of a GIF: per frame
 *                           u32 width, u32 height (little-endian), 256 u32 palette entries (0xAARRGGBB),
 *                           then width×height palette indices, row by row
 *   -loop N                 -1: play once (no loop extension), 0: forever, N: N times
 *   -alpha-dither 1         soft edges as a fixed pattern: each partly transparent pixel of a placed frame
 *                           becomes opaque or transparent by an 8x8 ordered threshold (see dither_alpha)
 *
 * Log: `frame=N` after each frame written (progress), `error: ...` before a non-zero return.
 */
#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>

#include "resample.h"

#define PALETTE_SIDE 16

typedef struct FrameSpec {
  const char *file;
  int width, height;    /* of the file's pixels */
  int x, y, pw, ph;     /* placement on the canvas */
  int delay_cs;
  int first_row;        /* the file holds rows first_row..height-1 (-frame-rows) */
} FrameSpec;

typedef struct Job {
  int canvas_w, canvas_h;
  FrameSpec *frames;
  int frame_count;
  const char *filter;
  const char *palette_in;
  const char *palette_out;
  const char *output;
  const char *indices_out;
  int loop;
  int keep_placed;
  int alpha_dither;

  AVFilterGraph *graph;
  AVFilterContext *src, *palette_src, *sink;
  AVCodecContext *enc;
  AVFormatContext *mux;
  AVPacket *pkt;
  AVFrame *filtered;
  uint8_t *scratch;
  size_t scratch_size;
  FILE *palette_file;
  int written;
  int header_written;
  double deadline_ms;
} Job;

EM_JS(double, core_timeout_ms, (void), {
  return Module["timeout"] > 0 ? Module["timeout"] : -1;
});

/*
 * The GIF leaves the heap as it is written: avio hands each full buffer to output_chunk(), which keeps a
 * copy on the JavaScript side, and output_end() puts the whole file into MEMFS as one buffer it owns.
 * Written to MEMFS piece by piece, a file of N MB is reallocated and copied ~20 times over (MEMFS grows
 * files by 1/8 past 1 MiB), a real cost on a large animation; nor does the heap hold the GIF.
 */
EM_JS(void, output_begin, (void), {
  Module["outputChunks"] = [];
});

EM_JS(int, output_chunk, (void *opaque, const uint8_t *data, int size), {
  Module["outputChunks"].push(HEAPU8.slice(data, data + size));
  return size;
});

/* Writes the chunks to `path` (NULL: drops them); 0 on success. */
EM_JS(int, output_end, (const char *path), {
  const chunks = Module["outputChunks"] || [];
  Module["outputChunks"] = [];
  if (!path) return 0;
  const file = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    file.set(chunk, at);
    at += chunk.length;
  }
  try {
    FS.writeFile(UTF8ToString(path), file, { canOwn: true });
    return 0;
  } catch (error) {
    return -1;
  }
});

#define OUTPUT_BUFFER_SIZE (1 << 20)

EM_JS(void, core_report, (int done, int total), {
  if (Module["progress"]) Module["progress"]({ progress: total > 0 ? done / total : 0, time: done });
});

static int fail(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("error: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
  return -1;
}

static int fail_av(const char *what, int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {0};
  av_strerror(code, text, sizeof(text));
  return fail("%s: %s", what, text);
}

static int parse_size(const char *value, int *w, int *h) {
  char end;
  return sscanf(value, "%dx%d%c", w, h, &end) == 2 && *w > 0 && *h > 0 && *w <= 32768 && *h <= 32768;
}

static int parse_frame(char *value, FrameSpec *spec) {
  /* F,W,H,X,Y,PW,PH,D: the name is everything before the last seven commas. */
  char *fields[8];
  int n = 0;
  for (char *p = value + strlen(value); p > value && n < 7; p--)
    if (p[-1] == ',') {
      fields[7 - n++] = p;
      p[-1] = '\0';
    }
  if (n != 7) return 0;
  fields[0] = value;
  int numbers[7];
  for (int i = 0; i < 7; i++) {
    char *end;
    long v = strtol(fields[i + 1], &end, 10);
    if (*end || end == fields[i + 1] || v < -32768 || v > 65535) return 0;
    numbers[i] = (int)v;
  }
  *spec = (FrameSpec){fields[0], numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5], numbers[6]};
  return spec->width > 0 && spec->height > 0 && spec->pw > 0 && spec->ph > 0 && spec->delay_cs >= 0;
}

static int parse_args(Job *job, int argc, char **argv) {
  job->loop = 0;
  job->frames = calloc(argc > 0 ? argc : 1, sizeof(FrameSpec));
  if (!job->frames) return fail("out of memory");
  for (int i = 0; i < argc; i++) {
    const char *name = argv[i];
    if (i + 1 >= argc) return fail("option %s needs a value", name);
    char *value = argv[++i];
    if (!strcmp(name, "-canvas")) {
      if (!parse_size(value, &job->canvas_w, &job->canvas_h)) return fail("invalid canvas size '%s'", value);
    } else if (!strcmp(name, "-frame")) {
      if (!parse_frame(value, &job->frames[job->frame_count])) return fail("invalid frame '%s'", value);
      job->frame_count++;
    } else if (!strcmp(name, "-frame-rows")) {
      char *end;
      long v = strtol(value, &end, 10);
      if (!job->frame_count) return fail("-frame-rows before any -frame");
      FrameSpec *spec = &job->frames[job->frame_count - 1];
      if (*end || end == value || v < 0 || v >= spec->height) return fail("invalid -frame-rows '%s'", value);
      spec->first_row = (int)v;
    } else if (!strcmp(name, "-keep-placed")) {
      if (strcmp(value, "1")) return fail("invalid -keep-placed '%s'", value);
      job->keep_placed = 1;
    } else if (!strcmp(name, "-alpha-dither")) {
      if (strcmp(value, "1")) return fail("invalid -alpha-dither '%s'", value);
      job->alpha_dither = 1;
    } else if (!strcmp(name, "-filter")) {
      job->filter = value;
    } else if (!strcmp(name, "-palette-in")) {
      job->palette_in = value;
    } else if (!strcmp(name, "-palette-out")) {
      job->palette_out = value;
    } else if (!strcmp(name, "-o")) {
      job->output = value;
    } else if (!strcmp(name, "-indices-out")) {
      job->indices_out = value;
    } else if (!strcmp(name, "-loop")) {
      char *end;
      long v = strtol(value, &end, 10);
      if (*end || v < -1 || v > 65535) return fail("invalid loop count '%s'", value);
      job->loop = (int)v;
    } else {
      return fail("unknown option %s", name);
    }
  }
  if (!job->canvas_w) return fail("missing -canvas");
  if (!job->frame_count) return fail("no -frame given");
  if (!job->filter) return fail("missing -filter");
  if (!!job->output + !!job->palette_out + !!job->indices_out != 1)
    return fail("give exactly one of -o, -palette-out and -indices-out");
  return 0;
}

/* ---- the filter graph ---- */

static int make_source(Job *job, AVFilterContext **ctx, const char *name, int w, int h, enum AVPixelFormat format) {
  char args[160];
  snprintf(args, sizeof(args), "video_size=%dx%d:pix_fmt=%d:time_base=1/100:pixel_aspect=1/1", w, h, format);
  int ret = avfilter_graph_create_filter(ctx, avfilter_get_by_name("buffer"), name, args, NULL, job->graph);
  return ret < 0 ? fail_av("cannot create the frame source", ret) : 0;
}

static int build_graph(Job *job) {
  AVFilterInOut *inputs = NULL, *outputs = NULL;
  int ret;
  job->graph = avfilter_graph_alloc();
  if (!job->graph) return fail("out of memory");
  if (make_source(job, &job->src, "frames", job->canvas_w, job->canvas_h, AV_PIX_FMT_RGB32) < 0) return -1;
  if (job->palette_in &&
      make_source(job, &job->palette_src, "palette", PALETTE_SIDE, PALETTE_SIDE, AV_PIX_FMT_RGB32) < 0)
    return -1;
  ret = avfilter_graph_create_filter(&job->sink, avfilter_get_by_name("buffersink"), "out", NULL, NULL, job->graph);
  if (ret < 0) return fail_av("cannot create the frame sink", ret);

  ret = avfilter_graph_parse2(job->graph, job->filter, &inputs, &outputs);
  if (ret < 0) {
    ret = fail_av("invalid filter graph", ret);
    goto done;
  }
  AVFilterContext *sources[2] = {job->src, job->palette_src};
  int wanted = job->palette_src ? 2 : 1, linked = 0;
  for (AVFilterInOut *in = inputs; in; in = in->next, linked++) {
    if (linked >= wanted) {
      ret = fail("the filter graph has more open inputs than sources (%d)", wanted);
      goto done;
    }
    if ((ret = avfilter_link(sources[linked], 0, in->filter_ctx, in->pad_idx)) < 0) {
      ret = fail_av("cannot link an input", ret);
      goto done;
    }
  }
  if (linked != wanted) {
    ret = fail("the filter graph has %d open inputs, expected %d", linked, wanted);
    goto done;
  }
  if (!outputs || outputs->next) {
    ret = fail("the filter graph must have exactly one open output");
    goto done;
  }
  if ((ret = avfilter_link(outputs->filter_ctx, outputs->pad_idx, job->sink, 0)) < 0) {
    ret = fail_av("cannot link the output", ret);
    goto done;
  }
  if ((ret = avfilter_graph_config(job->graph, NULL)) < 0) ret = fail_av("cannot configure the filter graph", ret);
done:
  avfilter_inout_free(&inputs);
  avfilter_inout_free(&outputs);
  return ret < 0 ? -1 : 0;
}

/* ---- reading and placing frames ---- */

static int read_file(const char *path, uint8_t *data, size_t size) {
  FILE *file = fopen(path, "rb");
  if (!file) return fail("cannot open %s: %s", path, strerror(errno));
  size_t got = fread(data, 1, size, file);
  int extra = fgetc(file) != EOF;
  fclose(file);
  if (got != size || extra) return fail("%s does not hold %zu bytes of pixels", path, size);
  return 0;
}

/*
 * Rows from..to-1 of a picture `width` pixels wide whose file holds its rows first_row..height-1: only
 * what a frame's band reads is copied (a 4000x3000 still is 48 MB).
 */
static int read_rows(const FrameSpec *spec, uint8_t *data, int from, int to) {
  size_t row = (size_t)spec->width * 4;
  FILE *file = fopen(spec->file, "rb");
  if (!file) return fail("cannot open %s: %s", spec->file, strerror(errno));
  long expected = (long)(row * (size_t)(spec->height - spec->first_row));
  int ok = fseek(file, 0, SEEK_END) == 0 && ftell(file) == expected &&
           fseek(file, (long)(row * (size_t)(from - spec->first_row)), SEEK_SET) == 0 &&
           fread(data, row, (size_t)(to - from), file) == (size_t)(to - from);
  fclose(file);
  return ok ? 0 : fail("%s does not hold %ld bytes of pixels", spec->file, expected);
}

/* Scaling works on premultiplied colour, so transparent pixels do not bleed their colour into edges. */
static int premultiply(uint8_t *rgba, size_t pixels) {
  int translucent = 0;
  for (size_t i = 0; i < pixels; i++, rgba += 4) {
    unsigned a = rgba[3];
    if (a == 255) continue;
    translucent = 1;
    rgba[0] = (rgba[0] * a + 127) / 255;
    rgba[1] = (rgba[1] * a + 127) / 255;
    rgba[2] = (rgba[2] * a + 127) / 255;
  }
  return translucent;
}

static void unpremultiply(uint8_t *row, int width) {
  for (int x = 0; x < width; x++, row += 4) {
    unsigned a = row[3];
    if (a == 255) continue;
    if (!a) {
      row[0] = row[1] = row[2] = 0;
      continue;
    }
    for (int c = 0; c < 3; c++) {
      unsigned v = (row[c] * 255 + a / 2) / a;
      row[c] = v > 255 ? 255 : v;
    }
  }
}

/* The job's scratch buffer, at least `size` bytes (kept from frame to frame). */
static uint8_t *scratch(Job *job, size_t size) {
  if (size > job->scratch_size) {
    av_freep(&job->scratch);
    job->scratch_size = 0;
    if (!(job->scratch = av_malloc(size))) return NULL;
    job->scratch_size = size;
  }
  return job->scratch;
}

static int load_frame(Job *job, const FrameSpec *spec, AVFrame *frame) {
  int direct = spec->width == job->canvas_w && spec->height == job->canvas_h && spec->pw == spec->width &&
               spec->ph == spec->height && !spec->x && !spec->y && !spec->first_row;
  int ret = av_frame_get_buffer(frame, 0);
  if (ret < 0) return fail_av("cannot allocate a frame", ret);
  size_t row = (size_t)spec->width * 4;
  if (direct && frame->linesize[0] == (int)row) return read_file(spec->file, frame->data[0], row * spec->height);
  if (direct) {
    if (!scratch(job, row * spec->height)) return fail("out of memory reading %s", spec->file);
    if (read_rows(spec, job->scratch, 0, spec->height) < 0) return -1;
    av_image_copy_plane(frame->data[0], frame->linesize[0], job->scratch, (int)row, (int)row, spec->height);
    return 0;
  }

  for (int y = 0; y < frame->height; y++) memset(frame->data[0] + (size_t)y * frame->linesize[0], 0, frame->width * 4);
  /* The visible part of the placement (it may hang over the canvas edges). */
  int x0 = FFMAX(spec->x, 0), y0 = FFMAX(spec->y, 0);
  int x1 = FFMIN(spec->x + spec->pw, job->canvas_w), y1 = FFMIN(spec->y + spec->ph, job->canvas_h);
  if (x1 <= x0 || y1 <= y0) return 0;

  /* Only the source rows the visible rows read are copied in (and premultiplied): a band reads half. */
  int placed = spec->pw == spec->width && spec->ph == spec->height;
  int from = 0, to = spec->height;
  if (placed) {
    from = y0 - spec->y;
    to = y1 - spec->y;
  } else if (resample_source_rows(spec->height, spec->ph, y0 - spec->y, y1 - y0, &from, &to) < 0) {
    return fail("cannot scale %dx%d to %dx%d", spec->width, spec->height, spec->pw, spec->ph);
  }
  if (from < spec->first_row)
    return fail("%s holds the rows from %d on, the frame reads row %d", spec->file, spec->first_row, from);
  if (!scratch(job, row * (size_t)(to - from))) return fail("out of memory reading %s", spec->file);
  if (read_rows(spec, job->scratch, from, to) < 0) return -1;

  if (placed) {
    for (int y = y0; y < y1; y++)
      memcpy(frame->data[0] + (size_t)y * frame->linesize[0] + (size_t)x0 * 4,
             job->scratch + (size_t)(y - spec->y - from) * row + (size_t)(x0 - spec->x) * 4, (size_t)(x1 - x0) * 4);
    return 0;
  }

  int translucent = premultiply(job->scratch, (size_t)spec->width * (to - from));
  AVFrame *scaled = av_frame_alloc();
  if (!scaled) return fail("out of memory");
  scaled->format = AV_PIX_FMT_RGBA;
  scaled->width = spec->pw;
  scaled->height = spec->ph;
  if ((ret = av_frame_get_buffer(scaled, 0)) < 0) {
    av_frame_free(&scaled);
    return fail_av("cannot allocate a frame", ret);
  }
  /* Lanczos-3, ours (resample.c). */
  int first = y0 - spec->y;
  ret = resample_rows(job->scratch, from, to - from, spec->width, spec->height,
                      scaled->data[0] + (size_t)first * scaled->linesize[0], scaled->linesize[0], spec->pw, spec->ph,
                      first, y1 - y0);
  if (ret < 0) {
    av_frame_free(&scaled);
    return fail("%s scaling %dx%d to %dx%d", ret == -2 ? "rows missing" : "out of memory", spec->width,
                spec->height, spec->pw, spec->ph);
  }
  for (int y = y0; y < y1; y++) {
    uint8_t *dst = frame->data[0] + (size_t)y * frame->linesize[0] + (size_t)x0 * 4;
    memcpy(dst, scaled->data[0] + (size_t)(y - spec->y) * scaled->linesize[0] + (size_t)(x0 - spec->x) * 4,
           (size_t)(x1 - x0) * 4);
    if (translucent) unpremultiply(dst, x1 - x0);
  }
  av_frame_free(&scaled);
  return 0;
}

/*
 * -alpha-dither: GIF has no partial alpha, so a soft edge is either cut at one threshold (paletteuse's
 * alpha_threshold) or, here, drawn as a pattern whose share of opaque pixels follows the alpha: a pixel
 * stays opaque where its alpha reaches the Bayer threshold of its place (2, 6 … 254), else it becomes
 * transparent. After scaling, so the pattern is the output's own; in canvas coordinates, so it is the same
 * on every frame (frame differencing keeps it, nothing crawls) and runs on across a still's bands, which
 * start on a multiple of 8 rows (plan.ts bandSplitRow). A pixel made opaque shows its own colour.
 */
static const uint8_t BAYER8[64] = {
    0,  32, 8,  40, 2,  34, 10, 42, 48, 16, 56, 24, 50, 18, 58, 26, 12, 44, 4,  36, 14, 46,
    6,  38, 60, 28, 52, 20, 62, 30, 54, 22, 3,  35, 11, 43, 1,  33, 9,  41, 51, 19, 59, 27,
    49, 17, 57, 25, 15, 47, 7,  39, 13, 45, 5,  37, 63, 31, 55, 23, 61, 29, 53, 21,
};

static void dither_alpha(AVFrame *frame) {
  for (int y = 0; y < frame->height; y++) {
    uint8_t *pixel = frame->data[0] + (size_t)y * frame->linesize[0];
    const uint8_t *thresholds = BAYER8 + (y & 7) * 8;
    for (int x = 0; x < frame->width; x++, pixel += 4) {
      unsigned a = pixel[3];
      if (a && a != 255) pixel[3] = a >= thresholds[x & 7] * 4u + 2 ? 255 : 0;
    }
  }
}

/*
 * The files' RGBA → the graph's byte order (RGB32: B, G, R, A in memory), in place. palettegen and paletteuse
 * take RGB32, so the graph converts nothing: the core needs no scale filter and no swscale (most of its size).
 */
static void to_graph_order(AVFrame *frame) {
  for (int y = 0; y < frame->height; y++) {
    uint32_t *pixel = (uint32_t *)(frame->data[0] + (size_t)y * frame->linesize[0]);
    for (int x = 0; x < frame->width; x++) {
      const uint32_t v = pixel[x];
      pixel[x] = (v & 0xff00ff00u) | ((v >> 16) & 0xffu) | ((v & 0xffu) << 16);
    }
  }
}

/* The frame as the graph gets it, placed and scaled, in the files' RGBA, over its file (-keep-placed). */
static int write_placed(const FrameSpec *spec, const AVFrame *frame) {
  FILE *file = fopen(spec->file, "wb");
  if (!file) return fail("cannot write %s: %s", spec->file, strerror(errno));
  int ok = 1;
  for (int y = 0; y < frame->height; y++)
    ok &= fwrite(frame->data[0] + (size_t)y * frame->linesize[0], 4, frame->width, file) == (size_t)frame->width;
  ok &= fclose(file) == 0;
  return ok ? 0 : fail("cannot write %s", spec->file);
}

/* ---- output: the GIF encoder and muxer, the raw palette, or the raw indices ---- */

static int open_output(Job *job) {
  AVDictionary *options = NULL;
  int ret;
  const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_GIF);
  if (!codec || !(job->enc = avcodec_alloc_context3(codec))) return fail("no GIF encoder");
  job->enc->width = av_buffersink_get_w(job->sink);
  job->enc->height = av_buffersink_get_h(job->sink);
  job->enc->pix_fmt = av_buffersink_get_format(job->sink);
  job->enc->time_base = (AVRational){1, 100};
  job->enc->sample_aspect_ratio = (AVRational){1, 1};
  ret = avcodec_open2(job->enc, codec, NULL);
  if (ret < 0) return fail_av("cannot open the GIF encoder", ret);

  if ((ret = avformat_alloc_output_context2(&job->mux, NULL, "gif", job->output)) < 0)
    return fail_av("cannot create the GIF muxer", ret);
  AVStream *stream = avformat_new_stream(job->mux, NULL);
  if (!stream) return fail("out of memory");
  if ((ret = avcodec_parameters_from_context(stream->codecpar, job->enc)) < 0)
    return fail_av("cannot set up the GIF stream", ret);
  stream->time_base = job->enc->time_base;
  uint8_t *buffer = av_malloc(OUTPUT_BUFFER_SIZE);
  if (!buffer || !(job->mux->pb = avio_alloc_context(buffer, OUTPUT_BUFFER_SIZE, 1, NULL, NULL, output_chunk, NULL))) {
    av_free(buffer);
    return fail("out of memory");
  }
  output_begin();
  char number[16];
  snprintf(number, sizeof(number), "%d", job->loop);
  av_dict_set(&options, "loop", number, 0);
  snprintf(number, sizeof(number), "%d", job->frames[job->frame_count - 1].delay_cs);
  av_dict_set(&options, "final_delay", number, 0);
  ret = avformat_write_header(job->mux, &options);
  av_dict_free(&options);
  if (ret < 0) return fail_av("cannot write the GIF header", ret);
  job->header_written = 1;
  return 0;
}

static int write_packets(Job *job) {
  int ret;
  while ((ret = avcodec_receive_packet(job->enc, job->pkt)) >= 0) {
    av_packet_rescale_ts(job->pkt, job->enc->time_base, job->mux->streams[0]->time_base);
    job->pkt->stream_index = 0;
    if ((ret = av_write_frame(job->mux, job->pkt)) < 0) return fail_av("cannot write a GIF frame", ret);
    av_packet_unref(job->pkt);
    job->written++;
    fprintf(stderr, "frame=%d\n", job->written);
    core_report(job->written, job->frame_count);
  }
  return ret == AVERROR(EAGAIN) || ret == AVERROR_EOF ? 0 : fail_av("cannot encode a frame", ret);
}

static int write_palette(Job *job, const AVFrame *frame) {
  if (frame->format != AV_PIX_FMT_RGB32 || frame->width != PALETTE_SIDE || frame->height != PALETTE_SIDE)
    return fail("-palette-out needs a graph that ends in palettegen");
  FILE *file = fopen(job->palette_out, "wb");
  if (!file) return fail("cannot create %s: %s", job->palette_out, strerror(errno));
  int ok = 1;
  for (int y = 0; y < PALETTE_SIDE; y++)
    ok &= fwrite(frame->data[0] + (size_t)y * frame->linesize[0], 4, PALETTE_SIDE, file) == PALETTE_SIDE;
  ok &= fclose(file) == 0;
  if (!ok) return fail("cannot write %s", job->palette_out);
  job->written = 1;
  return 0;
}

/*
 * A mapped frame as it is, for our own encoder (the pass after this one re-encodes every frame anyway):
 * no LZW here, and none to decode there.
 */
static int write_indices(Job *job, const AVFrame *frame) {
  if (frame->format != AV_PIX_FMT_PAL8) return fail("-indices-out needs a graph that ends in paletteuse");
  uint32_t header[2] = {(uint32_t)frame->width, (uint32_t)frame->height};
  output_chunk(NULL, (const uint8_t *)header, sizeof(header));
  output_chunk(NULL, frame->data[1], AVPALETTE_SIZE);
  size_t width = (size_t)frame->width;
  if (frame->linesize[0] == (int)width) {
    output_chunk(NULL, frame->data[0], (int)(width * frame->height));
  } else {
    size_t size = width * frame->height;
    if (size > job->scratch_size) {
      av_freep(&job->scratch);
      job->scratch_size = 0;
      if (!(job->scratch = av_malloc(size))) return fail("out of memory");
      job->scratch_size = size;
    }
    av_image_copy_plane(job->scratch, (int)width, frame->data[0], frame->linesize[0], (int)width, frame->height);
    output_chunk(NULL, job->scratch, (int)size);
  }
  job->written++;
  fprintf(stderr, "frame=%d\n", job->written);
  core_report(job->written, job->frame_count);
  return 0;
}

/* Takes every frame the graph has ready and sends it on. */
static int drain(Job *job) {
  int ret;
  while ((ret = av_buffersink_get_frame(job->sink, job->filtered)) >= 0) {
    if (job->palette_out) {
      ret = write_palette(job, job->filtered);
    } else if (job->indices_out) {
      ret = write_indices(job, job->filtered);
    } else {
      if (!job->enc && open_output(job) < 0) ret = -1;
      else if ((ret = avcodec_send_frame(job->enc, job->filtered)) < 0) ret = fail_av("cannot encode a frame", ret);
      else ret = write_packets(job);
    }
    av_frame_unref(job->filtered);
    if (ret < 0) return -1;
  }
  return ret == AVERROR(EAGAIN) || ret == AVERROR_EOF ? 0 : fail_av("filtering failed", ret);
}

static int feed_palette(Job *job) {
  AVFrame *palette = av_frame_alloc();
  if (!palette) return fail("out of memory");
  palette->format = AV_PIX_FMT_RGB32;
  palette->width = palette->height = PALETTE_SIDE;
  palette->pts = 0;
  int ret = av_frame_get_buffer(palette, 0);
  if (ret < 0) ret = fail_av("cannot allocate the palette", ret);
  else if (palette->linesize[0] != PALETTE_SIDE * 4) ret = fail("unexpected palette layout");
  else if ((ret = read_file(job->palette_in, palette->data[0], PALETTE_SIDE * PALETTE_SIDE * 4)) >= 0 &&
           (ret = av_buffersrc_add_frame(job->palette_src, palette)) < 0)
    ret = fail_av("cannot use the palette", ret);
  av_frame_free(&palette);
  if (ret < 0) return -1;
  ret = av_buffersrc_add_frame(job->palette_src, NULL);
  return ret < 0 ? fail_av("cannot use the palette", ret) : 0;
}

static int timed_out(Job *job) {
  return job->deadline_ms > 0 && emscripten_get_now() > job->deadline_ms;
}

static int run(Job *job) {
  int ret;
  if (build_graph(job) < 0) return -1;
  if (job->indices_out) output_begin();
  if (!(job->pkt = av_packet_alloc()) || !(job->filtered = av_frame_alloc())) return fail("out of memory");
  if (job->palette_src && feed_palette(job) < 0) return -1;

  int64_t pts = 0;
  for (int i = 0; i < job->frame_count; i++) {
    if (timed_out(job)) return fail("timed out");
    const FrameSpec *spec = &job->frames[i];
    AVFrame *frame = av_frame_alloc();
    if (!frame) return fail("out of memory");
    frame->format = AV_PIX_FMT_RGB32;
    frame->width = job->canvas_w;
    frame->height = job->canvas_h;
    frame->sample_aspect_ratio = (AVRational){1, 1};
    frame->pts = pts;
    frame->duration = FFMAX(spec->delay_cs, 1);
    pts += FFMAX(spec->delay_cs, 1);
    ret = load_frame(job, spec, frame);
    int placed = spec->width != job->canvas_w || spec->height != job->canvas_h || spec->pw != spec->width ||
                 spec->ph != spec->height || spec->x || spec->y;
    if (ret >= 0 && job->keep_placed && placed) ret = write_placed(spec, frame);
    if (ret >= 0) to_graph_order(frame);
    if (ret >= 0 && job->alpha_dither) dither_alpha(frame); /* after keeping it: a later job dithers it alike */
    if (ret >= 0 && (ret = av_buffersrc_add_frame_flags(job->src, frame, 0)) < 0)
      ret = fail_av("cannot filter a frame", ret);
    av_frame_free(&frame);
    if (ret < 0 || drain(job) < 0) return -1;
  }
  if ((ret = av_buffersrc_add_frame(job->src, NULL)) < 0) return fail_av("cannot end the frames", ret);
  if (drain(job) < 0) return -1;

  if (job->palette_out) return job->written ? 0 : fail("the filter graph made no palette");
  if (job->indices_out) {
    if (!job->written) return fail("the filter graph made no frames");
    return output_end(job->indices_out) < 0 ? fail("cannot write %s", job->indices_out) : 0;
  }
  if (!job->enc) return fail("the filter graph made no frames");
  if ((ret = avcodec_send_frame(job->enc, NULL)) < 0) return fail_av("cannot finish encoding", ret);
  if (write_packets(job) < 0) return -1;
  if ((ret = av_write_trailer(job->mux)) < 0) return fail_av("cannot finish the GIF", ret);
  job->header_written = 0;
  avio_flush(job->mux->pb);
  if (job->mux->pb->error < 0) return fail_av("cannot write the GIF", job->mux->pb->error);
  if (output_end(job->output) < 0) return fail("cannot write %s", job->output);
  return 0;
}

static void release(Job *job) {
  if (job->indices_out) output_end(NULL); /* a failed job leaves no chunks behind (none after a done one) */
  if (job->mux) {
    if (job->header_written) av_write_trailer(job->mux);
    if (job->mux->pb) {
      av_freep(&job->mux->pb->buffer);
      avio_context_free(&job->mux->pb);
      output_end(NULL); /* a failed job leaves no chunks behind */
    }
    avformat_free_context(job->mux);
  }
  avcodec_free_context(&job->enc);
  avfilter_graph_free(&job->graph);
  av_packet_free(&job->pkt);
  av_frame_free(&job->filtered);
  av_freep(&job->scratch);
  free(job->frames);
}

/** Bytes of the heap in use (malloc'd and not freed): the same after every job when nothing leaks. */
EMSCRIPTEN_KEEPALIVE size_t gif_core_heap_in_use(void) {
  return mallinfo().uordblks;
}

/** One job; returns 0 on success, 1 after logging `error: ...`. */
EMSCRIPTEN_KEEPALIVE int gif_core_exec(int argc, char **argv) {
  Job job = {0};
  av_log_set_level(AV_LOG_ERROR);
  double timeout = core_timeout_ms();
  job.deadline_ms = timeout > 0 ? emscripten_get_now() + timeout : -1;
  int ret = parse_args(&job, argc, argv);
  if (ret >= 0) ret = run(&job);
  release(&job);
  if (ret < 0 && job.output) remove(job.output);
  if (ret < 0 && job.palette_out) remove(job.palette_out);
  if (ret < 0 && job.indices_out) remove(job.indices_out);
  fflush(stderr);
  return ret < 0 ? 1 : 0;
}
