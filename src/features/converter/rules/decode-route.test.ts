import { describe, expect, it } from 'vitest';
import { CANVAS_MAX_PIXELS, decoderFor, fallbackFor } from './decode-route';

const ask = (readBackTrue: boolean, source: number, size = source, canvas = size) => ({
  readBackTrue,
  source,
  size,
  canvas,
});

describe('who decodes a frame', () => {
  it('the browser, when its read-back is true and nothing is over the canvas cap', () => {
    expect(decoderFor(ask(true, 4000 * 3000, 1920 * 1440))).toBe('browser');
    expect(decoderFor(ask(true, CANVAS_MAX_PIXELS))).toBe('browser');
  });

  it('the converter, whatever the size, when the read-back is randomised or blocked', () => {
    expect(decoderFor(ask(false, 320 * 240))).toBe('converter');
    expect(decoderFor(ask(false, 8000 * 6000, 3840 * 2880))).toBe('converter');
  });

  it('the converter, for a picture over the cap (24 MP, 48 MP) even when its frame is smaller', () => {
    expect(decoderFor(ask(true, 5712 * 4284, 3840 * 2880))).toBe('converter');
    expect(decoderFor(ask(true, 8000 * 6000, 3840 * 2880))).toBe('converter');
    expect(decoderFor(ask(true, CANVAS_MAX_PIXELS + 1))).toBe('converter');
  });

  it('falls back to the browser only where it gives true pixels in a canvas under the cap; else the frame fails', () => {
    expect(fallbackFor(ask(true, 8000 * 6000, 3840 * 2880))).toBe('browser');
    expect(fallbackFor(ask(true, 8000 * 6000, 5760 * 4320))).toBe('fail');
    expect(fallbackFor(ask(false, 320 * 240))).toBe('fail');
  });
});
