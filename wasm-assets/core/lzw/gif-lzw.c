/*
 * GIF's LZW encoder (GIF89a spec, appendix F), lossless or lossy, for the optimiser pass
 * (src/features/converter/runtime/lzw-encoder.ts loads it; rules/gif/lzw.ts documents the calling side). Built by
 * ../build.sh into ../gif-lzw.wasm: a standalone module of one function, no loader.
 *
 * Lossy is the technique giflossy published for gifsicle's `--lossy`: where the next pixels would end an
 * exact dictionary match, take a longer dictionary string whose every pixel stays within a colour-error
 * budget of the picture, carrying the error it leaves along the row so that a run of slightly-off pixels
 * cannot drift one way (no bands). Written here from the published description, not from gifsicle's code.
 *
 * It was JavaScript first; this C port writes the same bytes in about two thirds of the time, close to the
 * same C built natively (tests/bench/README.md). The search is a pointer chase through sibling lists with
 * unpredictable branches, so what is left is mostly the machine's, not the language's.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CODES 4096
#define MAX_CODE_BITS 12
#define NONE (-1)
#define HASH_SLOTS (1 << 14)
#define HASH_MASK (HASH_SLOTS - 1)
#define STACK (MAX_CODES + 256)
#define CLEAR_UNDER 256 /* an `under` pixel where the canvas is clear (frame-diff.ts NOTHING) */

/* Three quarters of an error is carried to the next pixel, so an old error fades out. */
static inline int decay(int error) { return (error * 3) / 4; }

/*
 * How far off a pixel looks, in squared levels: the luma part of the difference counts whole, the rest
 * (a change of colour at the same lightness) half, as the eye resolves fine detail in lightness far better
 * than in colour. At the same bytes it scored better than the plain squared RGB distance on most of the
 * quality bench's pictures (tests/bench/README.md); rules/gif/frame-diff.ts `perceivedError` is the same
 * measure for the animation's differencing.
 */
static inline int perceived_error(int dr, int dg, int db) {
  const int all = dr * dr + dg * dg + db * db;
  const int dy = (77 * dr + 150 * dg + 29 * db) / 256;
  const int luma = 3 * dy * dy;
  return all > luma ? luma + ((all - luma) >> 1) : luma;
}
static inline uint32_t hash_slot(uint32_t key) { return (key * 0x9e3779b1u) >> 18; }

/*
 * The dictionary as a trie: each code is a string = its parent's string + one index. Children are found
 * both ways: by index in one step (an open-addressing hash table of (code << 8 | index), 64 KiB of keys
 * that stay in cache) for the exact path, and as a sibling list for the lossy search, which looks at
 * every child. Each node knows the longest string below it, so a search can skip a branch that cannot
 * beat the match it already has (an upper bound: an undone add may leave it high).
 */
static int32_t keys[HASH_SLOTS];
static int16_t values[HASH_SLOTS];
static int16_t slot_of[MAX_CODES];
static int16_t first_child[MAX_CODES];
static int16_t next_sibling[MAX_CODES];
static int16_t parent_of[MAX_CODES];
static uint8_t symbol[MAX_CODES];
static uint16_t length_of[MAX_CODES];
static uint16_t longest[MAX_CODES];
static int16_t defined[MAX_CODES];
static int count_defined;

/* 0 when the string already has a code: then this one stays unused (the decoder still counts it). */
static int trie_add(int code, int parent, int index) {
  int32_t key = (parent << 8) | index;
  uint32_t slot = hash_slot((uint32_t)key);
  for (; keys[slot] != NONE; slot = (slot + 1) & HASH_MASK)
    if (keys[slot] == key) return 0;
  keys[slot] = key;
  values[slot] = (int16_t)code;
  slot_of[code] = (int16_t)slot;
  parent_of[code] = (int16_t)parent;
  symbol[code] = (uint8_t)index;
  first_child[code] = NONE;
  next_sibling[code] = first_child[parent];
  first_child[parent] = (int16_t)code;
  int len = length_of[parent] + 1;
  length_of[code] = (uint16_t)len;
  longest[code] = (uint16_t)len;
  for (int a = parent; a != NONE && longest[a] < len; a = parent_of[a]) longest[a] = (uint16_t)len;
  defined[count_defined++] = (int16_t)code;
  return 1;
}

/* Undoes the last add. */
static void trie_remove_last(void) {
  int code = defined[--count_defined];
  int parent = parent_of[code];
  keys[slot_of[code]] = NONE; /* the last key added ends its probe chain: no other chain breaks */
  first_child[parent] = next_sibling[code];
  parent_of[code] = NONE;
}

/*
 * Back to the roots alone (what the decoder does on a clear code): one per index below `roots`. Codes
 * above them may have been strings of an encode with a smaller code size: they are roots again.
 */
static void trie_reset(int roots) {
  for (int n = 0; n < count_defined; n++) {
    int code = defined[n];
    first_child[parent_of[code]] = NONE;
    parent_of[code] = NONE;
  }
  count_defined = 0;
  memset(keys, 0xff, sizeof keys);
  for (int i = 0; i < roots; i++) {
    symbol[i] = (uint8_t)i;
    length_of[i] = 1;
    longest[i] = 1;
    first_child[i] = NONE;
    parent_of[i] = NONE;
  }
}

/* The child of `code` by `index`, or 0. */
static inline int child_of(int code, int index) {
  int32_t key = (code << 8) | index;
  for (uint32_t slot = hash_slot((uint32_t)key);; slot = (slot + 1) & HASH_MASK) {
    int32_t found = keys[slot];
    if (found == key) return values[slot];
    if (found == NONE) return 0;
  }
}

/* Bits out, LSB first. */
static uint8_t *out;
static int out_length;
static uint32_t acc;
static int acc_bits;

static inline void put(int code, int size) {
  acc |= (uint32_t)code << acc_bits;
  acc_bits += size;
  while (acc_bits >= 8) {
    out[out_length++] = (uint8_t)acc;
    acc >>= 8;
    acc_bits -= 8;
  }
}

/* Colour → first palette index but `skip` (gif-lzw.ts ColourIndex). */
static int32_t colour_keys[1024];
static int16_t colour_values[1024];
static inline uint32_t colour_slot(int32_t colour) { return ((uint32_t)colour * 0x9e3779b1u) >> 22; }

static void colour_index_build(const int32_t *colours, int entries, int skip) {
  memset(colour_keys, 0xff, sizeof colour_keys);
  for (int i = 0; i < entries; i++) {
    if (i == skip) continue;
    int32_t colour = colours[i];
    uint32_t slot = colour_slot(colour);
    while (colour_keys[slot] != NONE && colour_keys[slot] != colour) slot = (slot + 1) & 1023;
    if (colour_keys[slot] == NONE) {
      colour_keys[slot] = colour;
      colour_values[slot] = (int16_t)i;
    }
  }
}

static int colour_index_get(int32_t colour) {
  if (colour < 0) return NONE;
  for (uint32_t slot = colour_slot(colour);; slot = (slot + 1) & 1023) {
    int32_t key = colour_keys[slot];
    if (key == colour) return colour_values[slot];
    if (key == NONE) return NONE;
  }
}

/* The search's stack: a node, the error summed over its string, the error it carries on. Each node is
 * pushed at most once per search (one path reaches it). */
static int16_t stack_node[STACK];
static int32_t stack_cost[STACK];
static int32_t stack_r[STACK], stack_g[STACK], stack_b[STACK];

enum { BAND_WHOLE = 0, BAND_FIRST = 1, BAND_NEXT = 2 };

/*
 * Encodes one frame: `count` indices in rows of `width`. `palette`: RGB triples of `entries` colours.
 * `under`: what the canvas already shows under each pixel, as an index of `palette` (CLEAR_UNDER where it
 * is clear), or null for a clear canvas; given, the transparent index and an opaque index of the same colour are
 * interchangeable there, and lossy encoding may show a close canvas colour through the transparent index.
 * `error_budget`: the largest perceived error (perceived_error) a pixel may be shown off by, the carried error
 * included (0: lossless); `budgets`, if given, each pixel's own in its place. `band`: BAND_WHOLE (clear
 * code first, end code last), BAND_FIRST (ends on a clear code: the next band starts on a fresh
 * dictionary) or BAND_NEXT (no clear code of its own). `alternative`: scratch for `count` int16 (used
 * when `under` is given). Writes the code stream to `data` (room for 2 x count + 64 bytes is enough: at
 * most one 12-bit code per pixel, plus clear codes) and what a decoder gets back to `written`; returns
 * the number of bits of codes (the last byte is padded with zeros).
 *
 * Each string is the longest the dictionary holds from the current pixel whose every pixel shows its
 * wanted colour (lossless), or stays within the budget (lossy); among the longest, the one of least
 * summed error. The search is a depth-first walk of the trie from the current pixel's index, skipping
 * subtrees whose longest string cannot beat the best match found so far; the exact child is walked
 * first, so that bound comes early.
 */
int lzw_encode(const uint8_t *indices, int count, int width, const uint8_t *palette, int entries,
               int transparent_index, const uint16_t *under, const uint16_t *budgets, int min_code_size,
               int error_budget, int band, int16_t *alternative, uint8_t *data, uint8_t *written) {
  const int clear = 1 << min_code_size;
  const int end = clear + 1;
  int32_t colours[CLEAR_UNDER + 1]; /* and a clear canvas: NONE */
  for (int i = 0; i < 256; i++)
    colours[i] = i < entries ? (palette[i * 3] << 16) | (palette[i * 3 + 1] << 8) | palette[i * 3 + 2] : 0;
  colours[CLEAR_UNDER] = NONE;
  const int t = transparent_index;
  const int lossy = error_budget > 0;
  if (!lossy) budgets = NULL;

  /* Lossless alternatives: where the canvas already shows the wanted colour, the transparent index and
     that colour's index give the same picture. */
  int16_t *alt = NULL;
  if (under && t != NONE) {
    colour_index_build(colours, entries < clear ? entries : clear, t);
    alt = alternative;
    for (int p = 0; p < count; p++) {
      int index = indices[p];
      const int32_t shown = colours[under[p]];
      alt[p] = NONE;
      if (shown < 0) continue;
      if (index == t) alt[p] = (int16_t)colour_index_get(shown);
      else if (colours[index] == shown) alt[p] = (int16_t)t;
    }
  }

  trie_reset(clear);
  out = data;
  out_length = 0;
  acc = 0;
  acc_bits = 0;
  int16_t exact[256];

  int code_size = min_code_size + 1;
  int next = end + 1;
  int pending = NONE; /* a code reserved after the last output: its string ends with the next match's first index */
  int pending_parent = NONE;
  if (band != BAND_NEXT) put(clear, code_size);

  int start = 0, start_r = 0, start_g = 0, start_b = 0;
  while (start < count) {
    int best_end = 0, best_code = 0, best_root = 0, best_cost = 0x7fffffff;
    int best_r = 0, best_g = 0, best_b = 0;
    /* Rows start at multiples of the width: the first one after this string's first pixel. */
    const int row_at = start - (start % width) + width;
    /* The first pixel of a string is exact: the picture's index, then its lossless alternative if any.
       The code reserved after the previous output is that output's string + this first index, and
       already usable here (the decoder defines it before it reads the next code): with one possible
       first index it is defined for good, with two it is tried with each. */
    const int other = alt ? alt[start] : NONE;
    const int first = indices[start];
    if (other == NONE && pending != NONE) {
      trie_add(pending, pending_parent, first);
      pending = NONE;
    }
    if (!lossy && other == NONE) { /* one choice per pixel: the longest match, greedily */
      int code = first;
      int p = start + 1;
      for (int child; p < count && (child = child_of(code, indices[p])) != 0; p++) code = child;
      best_end = p;
      best_code = code;
      best_root = first;
    }
    int root = first;
    for (int pass = best_end > 0 ? 2 : 0; pass < 2; root = other, pass++) {
      if (root == NONE) break;
      const int added = pending != NONE && trie_add(pending, pending_parent, root);
      stack_node[0] = (int16_t)root;
      stack_cost[0] = 0;
      stack_r[0] = start_r;
      stack_g[0] = start_g;
      stack_b[0] = start_b;
      int sp = 1;
      while (sp > 0) {
        sp--;
        const int node = stack_node[sp];
        const int cost = stack_cost[sp];
        int r = stack_r[sp], g = stack_g[sp], b = stack_b[sp];
        /* The subtree may have fallen behind a best match found since it was pushed. */
        int furthest = start + longest[node];
        if (furthest > count) furthest = count;
        if (furthest < best_end || (furthest == best_end && cost >= best_cost)) continue;
        const int p = start + length_of[node];
        int grew = 0;
        if (p < count) {
          if (!lossy) { /* every lossless string costs 0: the first of the longest wins */
            const int own = child_of(node, indices[p]);
            const int index = alt ? alt[p] : NONE;
            const int a = index == NONE ? 0 : child_of(node, index);
            if (a != 0) {
              grew = 1;
              int reach = start + longest[a];
              if (reach > count) reach = count;
              if (reach > best_end) {
                stack_node[sp] = (int16_t)a;
                stack_cost[sp++] = 0;
              }
            }
            if (own != 0) {
              grew = 1;
              int reach = start + longest[own];
              if (reach > count) reach = count;
              if (reach > best_end) {
                stack_node[sp] = (int16_t)own;
                stack_cost[sp++] = 0;
              }
            }
          } else {
            /* A new row carries nothing from the previous one. */
            if (p >= row_at && (p - row_at) % width == 0) r = g = b = 0;
            const int own = indices[p];
            const int32_t canvas = under ? colours[under[p]] : NONE;
            const int32_t wanted = own != t ? colours[own] : canvas;
            const int wr = (wanted >> 16) & 0xff, wg = (wanted >> 8) & 0xff, wb = wanted & 0xff;
            const int allowed = budgets ? budgets[p] : error_budget;
            int exacts = 0;
            for (int child = first_child[node]; child != NONE; child = next_sibling[child]) {
              int reach = start + longest[child];
              if (reach > count) reach = count;
              if (reach < best_end) { /* nothing below it can win, and this node, shorter still, cannot either */
                grew = 1;
                continue;
              }
              const int index = symbol[child];
              const int32_t shown = index == t ? canvas : colours[index];
              if (shown == wanted) {
                exact[exacts++] = (int16_t)child;
                continue;
              }
              if (shown < 0 || wanted < 0) continue; /* never trade transparency for a colour */
              const int dr = ((shown >> 16) & 0xff) - wr + r;
              const int dg = ((shown >> 8) & 0xff) - wg + g;
              const int db = (shown & 0xff) - wb + b;
              const int error = perceived_error(dr, dg, db);
              if (error > allowed) continue;
              grew = 1;
              const int total = cost + error;
              if (reach == best_end && total >= best_cost) continue;
              stack_node[sp] = (int16_t)child;
              stack_cost[sp] = total;
              stack_r[sp] = decay(dr);
              stack_g[sp] = decay(dg);
              stack_b[sp] = decay(db);
              sp++;
            }
            /* Exact children are pushed last, so walked first: the exact path sets a high bound early. */
            for (int e = 0; e < exacts; e++) {
              grew = 1;
              const int child = exact[e];
              int reach = start + longest[child];
              if (reach > count) reach = count;
              if (reach > best_end || (reach == best_end && cost < best_cost)) {
                stack_node[sp] = (int16_t)child;
                stack_cost[sp] = cost;
                stack_r[sp] = decay(r);
                stack_g[sp] = decay(g);
                stack_b[sp] = decay(b);
                sp++;
              }
            }
          }
        }
        /* A string that can grow is beaten by its own extension: only the ends are candidates. */
        if (!grew && (p > best_end || (p == best_end && cost < best_cost))) {
          best_end = p;
          best_code = node;
          best_root = root;
          best_cost = cost;
          const int row_end = p >= row_at && (p - row_at) % width == 0;
          best_r = row_end ? 0 : r;
          best_g = row_end ? 0 : g;
          best_b = row_end ? 0 : b;
        }
      }
      if (added) trie_remove_last();
    }
    if (pending != NONE) trie_add(pending, pending_parent, best_root);
    int code = best_code; /* the string's indices, back to front */
    for (int at = best_end - 1; at >= start; at--) {
      written[at] = symbol[code];
      code = parent_of[code];
    }
    put(best_code, code_size);
    start = best_end;
    start_r = decay(best_r);
    start_g = decay(best_g);
    start_b = decay(best_b);

    pending = NONE;
    if (next == MAX_CODES) { /* table full: a fresh dictionary, as the decoder starts on a clear code */
      put(clear, code_size);
      trie_reset(clear);
      code_size = min_code_size + 1;
      next = end + 1;
    } else {
      if (next >= 1 << code_size && code_size < MAX_CODE_BITS) code_size++;
      pending = next++;
      pending_parent = best_code;
    }
  }
  put(band == BAND_FIRST ? clear : end, code_size);
  const int bits = out_length * 8 + acc_bits;
  if (acc_bits > 0) put(0, 8 - acc_bits);
  return bits;
}
