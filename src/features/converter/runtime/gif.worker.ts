/**
 * The work on GIF bytes that takes too long for the page, in one module (the two jobs share the GIF
 * reader, and one file is a smaller download than two): decoding a result for the compare view
 * (gif-decoder.ts) and the optimiser (optimiser-workers.ts). Each client starts workers of its
 * own. Two optimiser workers are partners: each encodes the lower band of the other's big frames while
 * that one encodes the upper band.
 */
import { errorMessageOf } from '../rules/errors';
import { decodeGif } from '../rules/gif/decode';
import { encodeLzw, type LzwBandRequest, type LzwResult } from '../rules/gif/lzw';
import { optimiseGif, optimiseGifInBands, optimiseRun } from '../rules/gif/optimiser';
import { warmUpOptimiser } from '../rules/gif/optimiser-warm-up';
import { lzwEncoderReady } from './lzw-loader';
import { settle, type Waiting } from './worker-requests';
import type { GifDecodeRequest, GifDecodeResponse } from './gif-decode-protocol';
import type {
  BandRequest,
  BandResponse,
  OptimiseRequest,
  OptimiseResponse,
  OptimiserMessage,
} from './optimiser-protocol';

/** The worker scope, typed for what this module uses (the project's TS lib is DOM, not WebWorker). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<OptimiserMessage | GifDecodeRequest>) => void) | null;
  postMessage(message: OptimiseResponse | GifDecodeResponse, transfer?: Transferable[]): void;
};

let partner: MessagePort | null = null;
let nextBand = 1;
const bandsWaiting = new Map<number, Waiting<LzwResult>>();

scope.onmessage = (event: MessageEvent<OptimiserMessage | GifDecodeRequest>) => {
  const message = event.data;
  if (message.kind === 'decode') return decode(message);
  if (message.kind === 'warm-up') return void lzwEncoderReady().then(warmUpOptimiser, () => {});
  if (message.kind === 'partner') {
    partner?.close();
    partner = message.port;
    partner.onmessage = (band: MessageEvent<BandRequest | BandResponse>) =>
      'request' in band.data ? void encodeBand(band.data) : bandDone(band.data);
    return;
  }
  void optimise(message);
};

async function optimise({ id, input: given, options, run, bands }: OptimiseRequest): Promise<void> {
  let response: OptimiseResponse;
  try {
    const lzw = await lzwEncoderReady();
    const input = given instanceof ArrayBuffer ? new Uint8Array(given) : given;
    const output = run
      ? optimiseRun(lzw, input, options, run)
      : bands && partner
        ? await optimiseGifInBands(lzw, input, options, encodeOnPartner)
        : optimiseGif(lzw, input, options);
    // A fresh buffer when the optimiser won; the input's own when it did not: either way it goes back whole.
    const buffer = output === null ? null : output === input ? (given as ArrayBuffer) : (output.buffer as ArrayBuffer);
    response = { id, ok: true, gif: buffer };
    // Transferred, not copied: the GIF belongs to the runtime again.
    scope.postMessage(response, buffer ? [buffer] : []);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error) };
  }
  scope.postMessage(response);
}

/** The partner encodes the band on its own copies of the rows (a band's arrays are views of the frame's). */
function encodeOnPartner({ image, errorBudget, band }: LzwBandRequest): Promise<LzwResult> {
  const port = partner!;
  const id = nextBand++;
  const indices = image.indices.slice();
  const under = image.under ? image.under.slice() : null;
  const budgets = image.budgets ? image.budgets.slice() : null;
  const request: BandRequest = { id, request: { image: { ...image, indices, under, budgets }, errorBudget, band } };
  return new Promise((resolve, reject) => {
    bandsWaiting.set(id, { resolve, reject });
    port.postMessage(request, [indices.buffer, ...(under ? [under.buffer] : []), ...(budgets ? [budgets.buffer] : [])]);
  });
}

async function encodeBand({ id, request }: BandRequest): Promise<void> {
  let response: BandResponse;
  try {
    const lzw = await lzwEncoderReady();
    const result = encodeLzw(lzw, request.image, request.errorBudget, request.band);
    response = { id, ok: true, result };
    partner?.postMessage(response, [result.data.buffer, result.written.buffer]);
    return;
  } catch (error) {
    response = { id, ok: false, message: errorMessageOf(error) };
  }
  partner?.postMessage(response);
}

function bandDone(response: BandResponse): void {
  settle(bandsWaiting, response, ({ result }) => result);
}

/** Every frame composed, as a viewer shows it; the frames move back without a copy. */
function decode({ id, gif }: GifDecodeRequest): void {
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
}
