import type { ConverterRuntime } from '../rules/contracts';

/**
 * A runtime whose code (the ffmpeg bindings, the pool, the decoder client) is loaded on first use —
 * at warm-up, once the page is idle — so it stays out of the first paint. A failed load is retried
 * by the next call instead of being remembered.
 */
export function createLazyRuntime(load: () => Promise<ConverterRuntime>): ConverterRuntime {
  let loading: Promise<ConverterRuntime> | null = null;
  const runtime = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  return {
    warmUp() {
      runtime().then(
        (loaded) => loaded.warmUp(),
        () => {
          // The next conversion retries the load and reports its error.
        },
      );
    },
    async convert(request, options) {
      return (await runtime()).convert(request, options);
    },
    async convertSample(request, options) {
      return (await runtime()).convertSample(request, options);
    },
    async convertEach(request, options) {
      return (await runtime()).convertEach(request, options);
    },
    async decodeGif(gif, options) {
      return (await runtime()).decodeGif(gif, options);
    },
  };
}
