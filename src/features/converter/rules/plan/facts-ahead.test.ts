import { describe, expect, it } from 'vitest';
import { cutKey, factsAhead, factsAskKey, type FactsAsk } from './facts-ahead';
import { planLayout, type FrameSource } from './plan';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../settings';

const source = (name: string, width: number, height: number): FrameSource => ({ name, width, height });

/** What the engine instance asks of a frame's decode worker for this layout frame (runtime/engine-instance.ts). */
function askedByConversion(settings: ConversionSettings, sources: FrameSource[], frame = 0): FactsAsk {
  const planned = planLayout(settings, sources).frames[frame]!;
  return {
    canvas: planned.decoded,
    transparency: { matte: settings.matte, alphaThreshold: settings.alphaThreshold },
    histogram: planned.histogram,
  };
}

describe('factsAhead: the facts a conversion at these settings will ask of each whole decode', () => {
  it('a still: exactly what its conversion asks, sampled as shown at the output size', () => {
    const photo = source('photo.png', 4000, 3000);
    const [ask] = factsAhead(DEFAULT_SETTINGS, [photo]);
    expect(factsAskKey(ask!)).toBe(factsAskKey(askedByConversion({ ...DEFAULT_SETTINGS, mode: 'static' }, [photo])));
    expect(ask).toMatchObject({
      canvas: { width: 4000, height: 3000 },
      histogram: { shown: { width: 1920, height: 1440 } },
    });
    expect(ask!.histogram.step).toBeGreaterThan(1);
  });

  it('static mode with several files: each is its own still, as a batch converts them', () => {
    const settings = { ...DEFAULT_SETTINGS, mode: 'static' as const };
    const files = [source('a.png', 4000, 3000), source('b.png', 300, 200)];
    const asks = factsAhead(settings, files);
    expect(asks.map((ask) => factsAskKey(ask!))).toEqual(
      files.map((file) => factsAskKey(askedByConversion(settings, [file]))),
    );
  });

  it('an animation: each file as the animation of them all asks, or nothing while a header is unknown', () => {
    const settings = { ...DEFAULT_SETTINGS, mode: 'animated' as const };
    const files = [source('1.png', 800, 600), source('2.png', 400, 300)];
    const asks = factsAhead(settings, files);
    expect(asks.map((ask) => factsAskKey(ask!))).toEqual([
      factsAskKey(askedByConversion(settings, files, 0)),
      factsAskKey(askedByConversion(settings, files, 1)),
    ]);
    expect(factsAhead(settings, [files[0]!, null])).toEqual([null, null]);
  });

  it('a cropped and turned still: what its conversion asks, of the cut its conversion makes', () => {
    const photo = source('photo.png', 4000, 3000);
    const settings: ConversionSettings = {
      ...DEFAULT_SETTINGS,
      mode: 'static',
      crop: { x: 80, y: 60, width: 3840, height: 2880 },
      orientation: { quarterTurns: 1, mirrored: false },
    };
    const [ask] = factsAhead(settings, [photo]);
    const planned = planLayout(settings, [photo]).frames[0]!;
    expect(factsAskKey(ask!)).toBe(factsAskKey(askedByConversion(settings, [photo])));
    expect(ask).toMatchObject({ canvas: { width: 2880, height: 3840 }, source: { width: 4000, height: 3000 } });
    expect(cutKey(ask!.cut!)).toBe(cutKey(planned.cut!));
    // Another crop or turn is another cut, asked under another key.
    const [moved] = factsAhead({ ...settings, crop: { ...settings.crop!, x: 81 } }, [photo]);
    expect(cutKey(moved!.cut!)).not.toBe(cutKey(ask!.cut!));
    const [upright] = factsAhead({ ...settings, orientation: { quarterTurns: 0, mirrored: false } }, [photo]);
    expect(upright).toMatchObject({ canvas: { width: 3840, height: 2880 } });
    expect(cutKey(upright!.cut!)).not.toBe(cutKey(ask!.cut!));
  });

  it('turned only: the whole picture is its cut; uncut: no cut', () => {
    const photo = source('photo.png', 800, 600);
    const [turned] = factsAhead({ ...DEFAULT_SETTINGS, orientation: { quarterTurns: 3, mirrored: true } }, [photo]);
    expect(turned).toMatchObject({
      canvas: { width: 600, height: 800 },
      cut: { crop: { x: 0, y: 0, width: 800, height: 600 }, orientation: { quarterTurns: 3, mirrored: true } },
    });
    expect(factsAhead(DEFAULT_SETTINGS, [photo])[0]!.cut).toBeNull();
  });

  it('an animation of mixed sizes under a crop: each file from its own cut, nothing from a file the crop misses', () => {
    const settings: ConversionSettings = {
      ...DEFAULT_SETTINGS,
      mode: 'animated',
      crop: { x: 0, y: 0, width: 100, height: 20 },
    };
    // The second, taller file is fitted and centred on the first: the strip along the top misses it.
    const files = [source('1.png', 400, 300), source('2.png', 100, 300)];
    const [first, missed] = factsAhead(settings, files);
    expect(factsAskKey(first!)).toBe(factsAskKey(askedByConversion(settings, files, 0)));
    expect(first!.cut!.crop).toEqual({ x: 0, y: 0, width: 100, height: 20 });
    expect(missed).toBeNull();
  });

  it('asks nothing of a crop that misses the picture', () => {
    const settings = { ...DEFAULT_SETTINGS, crop: { x: 500, y: 500, width: 10, height: 10 } };
    expect(factsAhead(settings, [source('a.png', 40, 30)])).toEqual([null]);
  });

  it('asks nothing with a matte: the kept pixels are read as they are', () => {
    expect(factsAhead({ ...DEFAULT_SETTINGS, matte: '#ffffff' }, [source('a.png', 40, 30)])).toEqual([null]);
  });

  it('the key of an ask does not depend on the order its objects were built in', () => {
    const ask: FactsAsk = {
      canvas: { width: 4, height: 3 },
      transparency: { matte: null, alphaThreshold: 128 },
      histogram: { step: 2, shown: { width: 4, height: 3 } },
    };
    const reordered = {
      histogram: { shown: { height: 3, width: 4 }, step: 2 },
      transparency: { alphaThreshold: 128, matte: null },
      canvas: { height: 3, width: 4 },
    };
    expect(factsAskKey(reordered)).toBe(factsAskKey(ask));
    expect(factsAskKey({ ...ask, transparency: { matte: null, alphaThreshold: 127 } })).not.toBe(factsAskKey(ask));
    // The threshold that applies, whether chosen or the default for the matte.
    expect(factsAskKey({ ...ask, transparency: { matte: null, alphaThreshold: null } })).toBe(factsAskKey(ask));
    expect(factsAskKey({ ...ask, transparency: { matte: '#ffffff', alphaThreshold: null } })).toBe(
      factsAskKey({ ...ask, transparency: { matte: '#ffffff', alphaThreshold: 8 } }),
    );
    expect(factsAskKey({ ...ask, transparency: { matte: null, alphaThreshold: 128, softEdges: 'dither' } })).not.toBe(
      factsAskKey(ask),
    );
  });
});
