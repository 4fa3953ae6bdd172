import { errorMessageOf } from '../rules/errors';
import { optimiseGif, optimiseRun } from '../rules/gif-optimise';
import type { OptimiseRequest, OptimiseResponse } from './gif-optimise-protocol';

/**
 * Frame differencing and lossy LZW (rules/gif-optimise.ts) take hundreds of milliseconds on big
 * animations: here they never block the page.
 */
/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<OptimiseRequest>) => void) | null;
  postMessage(message: OptimiseResponse, transfer?: Transferable[]): void;
};

scope.onmessage = (event: MessageEvent<OptimiseRequest>) => {
  const { id, gif, options, run } = event.data;
  let response: OptimiseResponse;
  try {
    const input = new Uint8Array(gif);
    const output = run ? optimiseRun(input, options, run) : optimiseGif(input, options);
    // A fresh buffer when the pass won; the input's own when it did not: either way it goes back whole.
    const buffer = output === null ? null : output === input ? gif : (output.buffer as ArrayBuffer);
    response = { id, ok: true, gif: buffer };
    // Transferred, not copied: the GIF belongs to the runtime again.
    scope.postMessage(response, buffer ? [buffer] : []);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error) };
  }
  scope.postMessage(response);
};
