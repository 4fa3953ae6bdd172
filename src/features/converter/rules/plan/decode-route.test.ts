import { describe, expect, it } from 'vitest';
import {
  bandsOf,
  CANVAS_MAX_PIXELS,
  decoderFor,
  fallbackFor,
  noTruePixels,
  pixelsOf,
  type RouteAsk,
} from './decode-route';
import { planLayout } from './plan';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../settings';

const size = (width: number, height: number) => ({ width, height });
const ask = (readBackTrue: boolean, source: [number, number], decoded = source, canvas = decoded): RouteAsk => ({
  readBackTrue,
  source: size(...source),
  size: size(...decoded),
  canvas: size(...canvas),
});

/** The bitmaps and canvases the browser makes for a frame on a route: one per band, or the frame itself. */
function bitmapsOf(route: RouteAsk): number[] {
  const decoder = decoderFor(route);
  if (decoder === 'converter') return [];
  if (decoder === 'browser-bands') return bandsOf(route.source).map((band) => band.height * route.source.width);
  return [pixelsOf(route.size), pixelsOf(route.canvas)];
}

describe('who decodes a frame', () => {
  it('the browser, in one bitmap, when its read-back is true and the frame fits under the canvas cap', () => {
    expect(decoderFor(ask(true, [4000, 3000]))).toBe('browser');
    expect(decoderFor(ask(true, [4096, 4096]))).toBe('browser');
    // Over the cap in the file, shrunk by the browser to a bitmap under it.
    expect(decoderFor(ask(true, [8000, 6000], [3840, 2880]))).toBe('browser');
  });

  it('the browser in bands, for a picture over the cap kept at its own size', () => {
    expect(decoderFor(ask(true, [5712, 4284]))).toBe('browser-bands');
    expect(decoderFor(ask(true, [4097, 4096]))).toBe('browser-bands');
  });

  it('the converter, whatever the size, when the read-back is randomised or blocked', () => {
    expect(decoderFor(ask(false, [320, 240]))).toBe('converter');
    expect(decoderFor(ask(false, [8000, 6000], [3840, 2880]))).toBe('converter');
  });

  it('the converter, when the browser would have to shrink into a bitmap over the cap', () => {
    expect(decoderFor(ask(true, [8000, 6000], [5760, 4320]))).toBe('converter');
  });

  it('falls back to the browser only where its pixels are true; else the frame fails', () => {
    expect(fallbackFor(ask(true, [8000, 6000], [3840, 2880]))).toBe('browser');
    expect(fallbackFor(ask(true, [5712, 4284]))).toBe('browser-bands');
    expect(fallbackFor(ask(true, [8000, 6000], [5760, 4320]))).toBe('fail');
    expect(fallbackFor(ask(false, [320, 240]))).toBe('fail');
  });
});

describe('when no way gives true pixels', () => {
  it("fails in the product's form, naming the file and why, never with a guessed picture", () => {
    expect(noTruePixels('scan.png', 'a colour profile for CMYK pictures', false).message).toBe(
      "Failed to load image: scan.png (a colour profile for CMYK pictures, and this browser's privacy protection hides the pixels it decodes)",
    );
    expect(noTruePixels('huge.png', 'its colour profile cannot be read', true).message).toBe(
      'Failed to load image: huge.png (its colour profile cannot be read, and it is too big for this browser to decode at this size)',
    );
  });
});

describe('bands of rows', () => {
  it('cover every row once, top to bottom, each under the cap, as few and as even as can be', () => {
    for (const [width, height] of [
      [5712, 4284],
      [4097, 4096],
      [6000, 6000],
      [16384, 2000],
      [3, 7],
    ] as const) {
      const bands = bandsOf(size(width, height));
      let y = 0;
      for (const band of bands) {
        expect(band.y).toBe(y);
        expect(band.height * width).toBeLessThanOrEqual(CANVAS_MAX_PIXELS);
        y += band.height;
      }
      expect(y).toBe(height);
      expect(bands).toHaveLength(Math.ceil((width * height) / (Math.floor(CANVAS_MAX_PIXELS / width) * width)));
      const heights = bands.map((band) => band.height);
      expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
    }
    expect(bandsOf(size(5712, 4284))).toEqual([
      { y: 0, height: 2142 },
      { y: 2142, height: 2142 },
    ]);
  });

  it('refuses a row wider than the cap', () => {
    expect(() => bandsOf(size(CANVAS_MAX_PIXELS + 1, 1))).toThrow(RangeError);
  });
});

describe('24 MP and 48 MP photos, as the plan decodes them: no bitmap or canvas over the cap', () => {
  const cases: [string, [number, number], Partial<ConversionSettings>][] = [
    ['24 MP', [5712, 4284], {}],
    ['48 MP', [8000, 6000], {}],
    ['24 MP at 3840x2160', [5712, 4284], { resize: true, width: 3840, height: 2160 }],
    ['48 MP at 3840x2160', [8000, 6000], { resize: true, width: 3840, height: 2160 }],
  ];
  for (const [name, [width, height], settings] of cases) {
    it(name, () => {
      const layout = planLayout({ ...DEFAULT_SETTINGS, ...settings }, [{ name: 'photo.png', width, height }]);
      const frame = layout.frames[0]!;
      const route = { readBackTrue: true, source: frame.source, size: frame.decoded, canvas: frame.decoded };
      expect(Math.max(0, ...bitmapsOf(route))).toBeLessThanOrEqual(CANVAS_MAX_PIXELS);
      expect(Math.max(0, ...bitmapsOf({ ...route, readBackTrue: false }))).toBe(0);
    });
  }
});
