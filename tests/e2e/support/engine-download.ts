import type { BrowserContext } from '@playwright/test';

/** The engine core's wasm, as the build names it (content hash in the name). */
export const ENGINE_WASM = /\/assets\/ffmpeg-core-[\w-]+\.wasm$/;

/**
 * Holds every download of the engine's wasm in this context (the page's and the service worker's) until
 * the returned function is called: the engine stays "preparing" and the offline mode's first installation
 * stays under way, for as long as a test needs to look at that state.
 */
export async function holdEngineDownload(context: BrowserContext): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(ENGINE_WASM, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  return release;
}
