import { describe, expect, it } from 'vitest';
import { frameCuts, scaleArea } from './frame-cuts';
import { planLayout, type FrameSource } from './plan';
import { DEFAULT_SETTINGS, type ConversionSettings } from '../settings';
import { flipHorizontal, rotateLeft, rotateRight, UPRIGHT, type CropRect } from '../framing';

const settings = (overrides: Partial<ConversionSettings> = {}): ConversionSettings => ({
  ...DEFAULT_SETTINGS,
  ...overrides,
});
const sources = (...sizes: [number, number][]): FrameSource[] =>
  sizes.map(([width, height], i) => ({ name: `f${i}.png`, width, height }));
const turned = rotateRight(UPRIGHT);
const size = (layout: { width: number; height: number }) => [layout.width, layout.height];

describe('frameCuts', () => {
  it('leaves an upright, uncropped picture as it is', () => {
    expect(frameCuts(settings(), sources([640, 480]))).toEqual([
      { size: { width: 640, height: 480 }, cut: null, area: null },
    ]);
  });

  it('turns the whole picture when only the orientation is set', () => {
    const [frame] = frameCuts(settings({ orientation: turned }), sources([1200, 800]));
    expect(frame).toEqual({
      size: { width: 800, height: 1200 },
      cut: { crop: { x: 0, y: 0, width: 1200, height: 800 }, orientation: turned, blank: false },
      area: null,
    });
  });

  it('cuts frames of the first picture’s size alike, and a frame of another size where it is placed', () => {
    // The 100×100 frame sits at x 50 on the 200×100 first picture: the crop keeps its left half.
    const crop: CropRect = { x: 0, y: 0, width: 100, height: 100 };
    const [first, same, square] = frameCuts(settings({ crop }), sources([200, 100], [200, 100], [100, 100]));
    expect(first).toEqual({
      size: { width: 100, height: 100 },
      cut: { crop, orientation: UPRIGHT, blank: false },
      area: null,
    });
    expect(same).toEqual(first);
    expect(square).toEqual({
      size: { width: 50, height: 100 },
      cut: { crop: { x: 0, y: 0, width: 50, height: 100 }, orientation: UPRIGHT, blank: false },
      area: { x: 50, y: 0, width: 50, height: 100 },
    });
    // Turned, the kept half lands at the bottom of the turned canvas.
    const [, , turnedSquare] = frameCuts(
      settings({ crop, orientation: turned }),
      sources([200, 100], [200, 100], [100, 100]),
    );
    expect(turnedSquare!.size).toEqual({ width: 100, height: 50 });
    expect(turnedSquare!.area).toEqual({ x: 0, y: 50, width: 100, height: 50 });
  });

  it('maps the crop into a smaller frame’s own pixels, whole pixels outwards', () => {
    // A 50×50 frame is drawn twice as big at x 50 of the 200×100 first picture.
    const [, small] = frameCuts(
      settings({ crop: { x: 60, y: 10, width: 21, height: 20 } }),
      sources([200, 100], [50, 50]),
    );
    expect(small!.cut!.crop).toEqual({ x: 5, y: 5, width: 11, height: 10 });
    expect(small!.area).toEqual({ x: 0, y: 0, width: 21, height: 20 });
  });

  it('makes a frame the crop misses a transparent one, and refuses a first picture it misses', () => {
    const [, missed] = frameCuts(
      settings({ crop: { x: 0, y: 0, width: 40, height: 100 } }),
      sources([200, 100], [100, 100]),
    );
    expect(missed!.cut!.blank).toBe(true);
    expect(() => frameCuts(settings({ crop: { x: 500, y: 0, width: 50, height: 50 } }), sources([300, 200]))).toThrow(
      'The crop is outside f0.png (300x200 pixels): move the crop or reset it, then convert again.',
    );
  });

  it('scales an area of the framed canvas onto the GIF, at least a pixel', () => {
    expect(
      scaleArea({ x: 50, y: 0, width: 50, height: 100 }, { width: 100, height: 100 }, { width: 40, height: 40 }),
    ).toEqual({
      x: 20,
      y: 0,
      width: 20,
      height: 40,
    });
    expect(
      scaleArea({ x: 99, y: 0, width: 1, height: 1 }, { width: 100, height: 100 }, { width: 10, height: 10 }),
    ).toEqual({
      x: 10 - 1,
      y: 0,
      width: 1,
      height: 1,
    });
  });
});

describe('the plan of a framed picture', () => {
  it('gives a 1200x800 picture turned a quarter an 800x1200 GIF, the core getting the turned frame', () => {
    const layout = planLayout(settings({ orientation: turned }), sources([1200, 800]));
    expect(size(layout)).toEqual([800, 1200]);
    expect(layout.frames[0]).toMatchObject({
      source: { width: 1200, height: 800 },
      decoded: { width: 800, height: 1200 },
      placement: { x: 0, y: 0, width: 800, height: 1200 },
    });
    expect(size(planLayout(settings({ orientation: flipHorizontal(UPRIGHT) }), sources([1200, 800])))).toEqual([
      1200, 800,
    ]);
  });

  it('crops before scaling: resize, aspect ratio and the 1920 cap work from the framed size', () => {
    const crop = { x: 100, y: 100, width: 400, height: 200 };
    const resized = settings({ crop, resize: true, width: 800, height: 600 });
    expect(size(planLayout(resized, sources([1200, 800])))).toEqual([800, 400]);
    expect(size(planLayout({ ...resized, orientation: rotateLeft(UPRIGHT) }, sources([1200, 800])))).toEqual([
      300, 600,
    ]);
    expect(size(planLayout({ ...resized, maintainAspectRatio: false }, sources([1200, 800])))).toEqual([800, 600]);
    // The cap applies to the cropped picture, and only when it is still too big.
    const wide = { x: 0, y: 0, width: 3000, height: 1000 };
    expect(size(planLayout(settings({ crop: wide }), sources([4000, 3000])))).toEqual([1920, 640]);
    expect(size(planLayout(settings({ crop: wide, orientation: turned }), sources([4000, 3000])))).toEqual([640, 1920]);
    expect(
      size(planLayout(settings({ crop: { x: 0, y: 0, width: 1900, height: 1000 } }), sources([4000, 3000]))),
    ).toEqual([1900, 1000]);
    const [frame] = planLayout(settings({ crop: wide }), sources([4000, 3000])).frames;
    expect(frame).toMatchObject({ decoded: { width: 3000, height: 1000 }, cut: { crop: wide } });
  });

  it('cuts odd sizes at the picture’s edges to whole pixels', () => {
    const layout = planLayout(
      settings({ crop: { x: 90, y: 40, width: 50, height: 50 }, orientation: turned }),
      sources([101, 51]),
    );
    expect(size(layout)).toEqual([11, 11]);
    expect(layout.frames[0]!.cut!.crop).toEqual({ x: 90, y: 40, width: 11, height: 11 });
    const odd = planLayout(
      settings({ crop: { x: 1, y: 2, width: 33, height: 17 }, orientation: turned }),
      sources([35, 21]),
    );
    expect(size(odd)).toEqual([17, 33]);
  });

  it('places an animation’s frames of mixed sizes where the crop leaves them', () => {
    const crop = { x: 0, y: 0, width: 100, height: 100 };
    const layout = planLayout(
      settings({ mode: 'animated', crop, resize: true, width: 200, height: 200 }),
      sources([200, 100], [100, 100], [200, 100]),
    );
    expect(size(layout)).toEqual([200, 200]);
    expect(layout.frames.map((f) => f.placement)).toEqual([
      { x: 0, y: 0, width: 200, height: 200 },
      { x: 100, y: 0, width: 100, height: 200 },
      { x: 0, y: 0, width: 200, height: 200 },
    ]);
    expect(layout.frames.map((f) => f.decoded)).toEqual([
      { width: 100, height: 100 },
      { width: 50, height: 100 },
      { width: 100, height: 100 },
    ]);
  });

  it('clamps a batch’s one crop to each file, and refuses a file it misses', () => {
    const crop = { x: 200, y: 100, width: 400, height: 300 };
    expect(size(planLayout(settings({ crop }), sources([500, 300])))).toEqual([300, 200]);
    expect(size(planLayout(settings({ crop }), sources([1000, 1000])))).toEqual([400, 300]);
    expect(() => planLayout(settings({ crop }), [{ name: 'tiny.png', width: 150, height: 150 }])).toThrow(
      'The crop is outside tiny.png (150x150 pixels)',
    );
  });
});
