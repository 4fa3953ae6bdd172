#!/usr/bin/env bash
# Builds the engine core (wasm-assets/core/ffmpeg-core.{js,wasm}) from scratch: FFmpeg 7.1.5's
# libraries, configured for this one job and patched (patches/*.patch, each file says what it changes and
# why), plus our driver (driver/gif-core.c), with Debian's emscripten. Then the
# optimiser pass's LZW encoder (lzw/gif-lzw.c → gif-lzw.wasm), our code alone.
# Writes manifest.json (inputs, tools, flags, output sizes and hashes). `npm run core:build` runs it.
#
# Reproducibility: the source is checked against its sha256, everything is built in one fixed directory
# (paths end up in the binary), and the same emscripten gives the same bytes.
set -euo pipefail

FFMPEG_VERSION=7.1.5
FFMPEG_TARBALL=ffmpeg_${FFMPEG_VERSION}.orig.tar.xz
FFMPEG_SHA256=de668509caf9e35e3cd162473441fdb29538c6d96ed080292b3cf9e6fc5d558f
# Debian's archive layout; the host comes from this machine's apt configuration.
FFMPEG_POOL_PATH=pool/main/f/ffmpeg/${FFMPEG_TARBALL}

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
CACHE_DIR=${XDG_CACHE_HOME:-$HOME/.cache}/png-to-gif-core
BUILD_DIR=/tmp/png-to-gif-core-build
SRC_DIR=$BUILD_DIR/ffmpeg-$FFMPEG_VERSION
PREFIX=$BUILD_DIR/prefix
OUT_NAME=ffmpeg-core
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs} # Debian's emscripten finds its node modules here
export SOURCE_DATE_EPOCH=0
export LC_ALL=C TZ=UTC

log() { printf 'core:build: %s\n' "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

ensure_tools() {
  local missing=()
  command -v emcc >/dev/null || missing+=(emscripten)
  command -v xz >/dev/null || missing+=(xz-utils)
  command -v curl >/dev/null || missing+=(curl)
  command -v make >/dev/null || missing+=(make)
  command -v patch >/dev/null || missing+=(patch)
  if [ ${#missing[@]} -gt 0 ]; then
    log "installing ${missing[*]} with apt-get"
    as_root apt-get update -qq
    as_root apt-get install -y -qq "${missing[@]}"
  fi
}

# The archive base URIs apt already uses (e.g. .../debian), from its index targets.
apt_archive_uris() {
  apt-get indextargets --format '$(URI)' 'Created-By: Packages' | sed -E 's#/dists/.*##' | awk '!seen[$0]++'
}

fetch_source() {
  mkdir -p "$CACHE_DIR"
  local tarball=$CACHE_DIR/$FFMPEG_TARBALL
  if [ -f "$tarball" ] && echo "$FFMPEG_SHA256  $tarball" | sha256sum -c --status; then
    log "source cached: $tarball"
    return
  fi
  local uri
  for uri in $(apt_archive_uris); do
    log "fetching $uri/$FFMPEG_POOL_PATH"
    if curl -fsSL -o "$tarball.part" "$uri/$FFMPEG_POOL_PATH" &&
      echo "$FFMPEG_SHA256  $tarball.part" | sha256sum -c --status; then
      mv "$tarball.part" "$tarball"
      return
    fi
  done
  rm -f "$tarball.part"
  log "could not fetch $FFMPEG_TARBALL with sha256 $FFMPEG_SHA256 from apt's archives"
  exit 1
}

# Only what the job uses: raw frames come from our driver, the filters below, the GIF encoder and
# muxer, the file protocol. No GPL parts (LGPL-2.1-or-later), no threads, no assembly. The driver places
# and scales frames itself (driver/resample.c) and hands them over in the filters' own pixel format, so no
# pad, crop, overlay or scale, and no libswscale; `split` and `null` serve tests' graphs.
FILTERS=buffer,buffersink,format,null,split,palettegen,paletteuse
CONFIGURE_FLAGS=(
  --target-os=none --arch=x86_32 --enable-cross-compile
  --cc=emcc --cxx=em++ --ar=emar --ranlib=emranlib --nm=emnm --dep-cc=emcc
  --prefix="$PREFIX"
  --disable-everything --disable-programs --disable-doc --disable-network --disable-autodetect
  --disable-avdevice --disable-swresample --disable-swscale --disable-postproc
  --disable-pthreads --disable-w32threads --disable-os2threads
  --disable-asm --disable-inline-asm --disable-x86asm --disable-runtime-cpudetect
  --disable-debug --disable-stripping
  --enable-encoder=gif --enable-muxer=gif --enable-protocol=file
  --enable-filter=$FILTERS
)
CFLAGS="-O3 -msimd128"
# Memory: the heap grows on demand up to MAXIMUM_MEMORY; the app's pre-flight (memory.ts) refuses bigger jobs.
LDFLAGS_CORE=(
  -O3 -msimd128
  -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createFFmpegCore
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sMAXIMUM_MEMORY=2147483648
  -sENVIRONMENT=worker # the app runs it in @ffmpeg/ffmpeg's worker; Node tests provide self and wasmBinary
  -sEXIT_RUNTIME=0 -sINVOKE_RUN=0 -sFILESYSTEM=1
  -sEXPORTED_FUNCTIONS=_gif_core_exec,_gif_core_heap_in_use,_malloc,_free
  -sEXPORTED_RUNTIME_METHODS=FS,setValue,getValue,stringToUTF8,lengthBytesUTF8
)

# The LZW encoder and its lossy budgets (lzw/lossy-budget.c): a standalone module (no loader, no FFmpeg)
# that src/features/converter/runtime/lzw-encoder.ts instantiates itself. Its heap grows per frame: 10 bytes a pixel, ~83 MB for the largest GIF (3840x2160).
LDFLAGS_LZW=(
  -O3 --no-entry -sSTANDALONE_WASM
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16777216 -sMAXIMUM_MEMORY=1073741824
  -sEXPORTED_FUNCTIONS=_lzw_encode,_lzw_budgets,_malloc,_free
)

build_libraries() {
  rm -rf "$BUILD_DIR"
  mkdir -p "$BUILD_DIR"
  tar -xJf "$CACHE_DIR/$FFMPEG_TARBALL" -C "$BUILD_DIR"
  cd "$SRC_DIR"
  local patch_file
  for patch_file in "$HERE"/patches/*.patch; do
    log "patch $(basename "$patch_file")"
    patch -p1 --quiet --no-backup-if-mismatch <"$patch_file"
  done
  log "configure"
  emconfigure ./configure "${CONFIGURE_FLAGS[@]}" --extra-cflags="$CFLAGS" --optflags="-O3" >"$BUILD_DIR/configure.log"
  grep -E '^License:' "$BUILD_DIR/configure.log" >&2
  log "make ($(nproc) jobs)"
  emmake make -j"$(nproc)" >"$BUILD_DIR/make.log" 2>&1
  emmake make install >>"$BUILD_DIR/make.log" 2>&1
}

link_core() {
  log "link"
  cd "$BUILD_DIR"
  cp "$HERE"/driver/{gif-core.c,merge-qsort.c,resample.c,resample.h,pre.js} "$BUILD_DIR/"
  emcc "${LDFLAGS_CORE[@]}" -I"$PREFIX/include" gif-core.c merge-qsort.c resample.c \
    --pre-js pre.js \
    -L"$PREFIX/lib" -lavfilter -lavformat -lavcodec -lavutil \
    -o "$BUILD_DIR/$OUT_NAME.js"
  cp "$BUILD_DIR/$OUT_NAME.js" "$BUILD_DIR/$OUT_NAME.wasm" "$HERE/"
}

link_lzw() {
  log "link the LZW encoder"
  cd "$BUILD_DIR"
  cp "$HERE/lzw/gif-lzw.c" "$HERE/lzw/lossy-budget.c" "$BUILD_DIR/"
  emcc "${LDFLAGS_LZW[@]}" gif-lzw.c lossy-budget.c -o "$BUILD_DIR/gif-lzw.wasm"
  cp "$BUILD_DIR/gif-lzw.wasm" "$HERE/"
}

inputs_hash() { node "$HERE/../manifest.mjs" inputs-hash; }

write_manifest() {
  local emcc_version
  emcc_version=$(emcc --version | sed -n 1p) # sed reads it all: head would close the pipe early (pipefail)
  node "$HERE/../manifest.mjs" write \
    --ffmpeg-version "$FFMPEG_VERSION" --source "$FFMPEG_TARBALL" --source-sha256 "$FFMPEG_SHA256" \
    --source-path "$FFMPEG_POOL_PATH" --emcc "$emcc_version" --cflags "$CFLAGS" \
    --ldflags "${LDFLAGS_CORE[*]}" --lzw-ldflags "${LDFLAGS_LZW[*]}" --configure "${CONFIGURE_FLAGS[*]} --extra-cflags=$CFLAGS --optflags=-O3" \
    --license "$(grep -E '^License:' "$BUILD_DIR/configure.log" | sed 's/^License: *//')" \
    --build-seconds "$1"
}

main() {
  local start=$SECONDS
  ensure_tools
  fetch_source
  if [ "${CORE_RELINK_ONLY:-0}" = 1 ] && [ -f "$PREFIX/lib/libavfilter.a" ]; then
    log "reusing the libraries in $PREFIX (CORE_RELINK_ONLY=1)"
  else
    build_libraries
  fi
  link_core
  link_lzw
  write_manifest $((SECONDS - start))
  log "done in $((SECONDS - start)) s"
}

main "$@"
