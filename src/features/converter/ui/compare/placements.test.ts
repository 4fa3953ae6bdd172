import { describe, expect, it } from 'vitest';
import { placementsOf, sourceDrawing } from './placements';

const output = (extra: object = {}) => ({
  gif: new Blob(),
  fileName: 'a.gif',
  width: 80,
  height: 120,
  frameCount: 1,
  placements: [{ x: 0, y: 0, width: 80, height: 120 }],
  ...extra,
});

describe('the source side of the compare view', () => {
  it('draws an uncut PNG where the engine placed it', () => {
    const [placement] = placementsOf(output(), 1);
    expect(placement).toEqual({ x: 0, y: 0, width: 80, height: 120, cut: null });
    expect(sourceDrawing(placement!)).toEqual({
      decode: { width: 80, height: 120 },
      centre: { x: 40, y: 60 },
      quarterTurns: 0,
      mirrored: false,
    });
  });

  it('decodes a turned crop at the placement’s size before the turn, and turns it about its centre', () => {
    const cut = {
      crop: { x: 10, y: 20, width: 120, height: 80 },
      orientation: { quarterTurns: 1, mirrored: true },
      blank: false,
    } as const;
    const [placement] = placementsOf(output({ cuts: [cut] }), 1);
    expect(placement!.cut).toEqual(cut);
    expect(sourceDrawing(placement!)).toEqual({
      decode: { width: 120, height: 80 },
      centre: { x: 40, y: 60 },
      quarterTurns: 1,
      mirrored: true,
    });
  });
});
