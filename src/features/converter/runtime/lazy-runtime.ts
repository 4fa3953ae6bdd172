import type { ConverterRuntime } from '../rules/contracts';

/**
 * A runtime whose code (the core's host, the pool, the decoder client) is loaded on first use —
 * at warm-up, once the page is idle — so it stays out of the first paint. A failed load is retried
 * by the next call instead of being remembered.
 */
export function createLazyRuntime(load: () => Promise<ConverterRuntime>): ConverterRuntime {
  let loading: Promise<ConverterRuntime> | null = null;
  let loaded: ConverterRuntime | null = null;
  const runtime = () =>
    (loading ??= load().then(
      (ready) => (loaded = ready),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  // Once loaded, a call goes straight through, in the caller's own task: a conversion's first file read
  // starts before the click's re-render (the progress card) instead of a microtask after it, and overlaps it.
  const withRuntime = <T>(call: (ready: ConverterRuntime) => Promise<T>): Promise<T> =>
    loaded ? call(loaded) : runtime().then(call);

  return {
    warmUp() {
      return runtime().then(
        (ready) => ready.warmUp(),
        () => {
          // The next conversion retries the load and reports its error.
        },
      );
    },
    prepare(files, settings) {
      // Only a loaded runtime checks ahead: loading it for this would compete with the first paint.
      loaded?.prepare(files, settings);
    },
    convertAhead(request) {
      // The same: a first visit's conversion waits for the click.
      loaded?.convertAhead(request);
    },
    convert: (request, options) => withRuntime((ready) => ready.convert(request, options)),
    convertSample: (request, options) => withRuntime((ready) => ready.convertSample(request, options)),
    convertEach: (request, options) => withRuntime((ready) => ready.convertEach(request, options)),
    decodeGif: (gif, options) => withRuntime((ready) => ready.decodeGif(gif, options)),
    animationFrame: (file, frame, source, size) =>
      withRuntime((ready) => ready.animationFrame(file, frame, source, size)),
  };
}
