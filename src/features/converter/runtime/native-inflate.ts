import type { Inflater } from '../rules/png/rows';

/**
 * The browser's own inflate (DecompressionStream; its 'deflate' is the zlib format PNG uses), for the
 * converter's PNG decoder: native code, much faster than fflate on a big picture. Null where there is none.
 */
export const nativeInflate: Inflater | null =
  typeof DecompressionStream === 'function'
    ? async (pieces, onData) => {
        const compressed = new Blob(pieces as Uint8Array<ArrayBuffer>[]);
        const reader = compressed.stream().pipeThrough(new DecompressionStream('deflate')).getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            onData(value);
          }
        } finally {
          // Stops the stream when onData refused more, or after a failure; nothing to report.
          reader.cancel().catch(() => {});
        }
      }
    : null;
