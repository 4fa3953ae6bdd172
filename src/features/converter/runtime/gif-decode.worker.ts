import { errorMessageOf } from '../rules/errors';
import { decodeGif } from '../rules/gif-decode';
import type { GifDecodeRequest, GifDecodeResponse } from './gif-decode-protocol';

/**
 * Composing every frame of a long, large GIF (rules/gif-decode.ts) takes seconds and allocates a full
 * screen per frame: here it never blocks the page, and the frames move back without a copy.
 */
/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<GifDecodeRequest>) => void) | null;
  postMessage(message: GifDecodeResponse, transfer?: Transferable[]): void;
};

scope.onmessage = (event: MessageEvent<GifDecodeRequest>) => {
  const { id, gif } = event.data;
  let decoded;
  try {
    decoded = decodeGif(new Uint8Array(gif));
  } catch (error) {
    scope.postMessage({ id, ok: false, message: errorMessageOf(error) });
    return;
  }
  // Each frame has a buffer of its own (the decoder copies the screen per frame), so each can be transferred.
  const frames = decoded.frames.map((frame) => ({ rgba: frame.rgba.buffer, delayCs: frame.delayCs }));
  scope.postMessage(
    { id, ok: true, width: decoded.width, height: decoded.height, frames },
    frames.map((frame) => frame.rgba),
  );
};
