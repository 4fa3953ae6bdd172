import { beforeAll, describe, expect, it } from 'vitest';
import { validatePng } from '@/features/converter/rules/png/validation';
import { BROKEN_FIXTURES, VALID_FIXTURES } from '../fixtures/catalogue';
import { decodePng } from '../fixtures/pngs';
import { decodeGif, meanAbsoluteError } from '../support/gif';
import { loadNodeCore, type NodeCore } from '../support/node-core';
import { convertImages, pngInputs } from '../support/node-engine';

let core: NodeCore;
beforeAll(async () => {
  core = await loadNodeCore();
});

describe('the project’s PNG corpus', () => {
  it('covers every colour type (0, 2, 3, 4, 6), bit depth (1–16) and interlacing', () => {
    const headers = VALID_FIXTURES.map((f) => validatePng(f.bytes, f.name));
    const kinds = new Set(headers.map((h) => `${h.colorType}/${h.bitDepth}`));
    for (const kind of [
      '0/1',
      '0/2',
      '0/4',
      '0/8',
      '0/16',
      '2/8',
      '2/16',
      '3/1',
      '3/2',
      '3/4',
      '3/8',
      '4/8',
      '4/16',
      '6/8',
      '6/16',
    ])
      expect(kinds).toContain(kind);
    expect(headers.some((h) => h.interlaced)).toBe(true);
  });

  it.each(VALID_FIXTURES.map((f) => [f.name, f] as const))(
    '%s converts to a GIF of its own size',
    async (_, fixture) => {
      const [png] = pngInputs([fixture]);
      const { gif } = await convertImages(core, [png!], { quality: 100, dither: 'none' });
      const decoded = decodeGif(gif);
      expect([decoded.width, decoded.height]).toEqual([fixture.width, fixture.height]);
      const source = decodePng(fixture.bytes);
      const frame = decoded.frames[0]!.image;
      expect(meanAbsoluteError(frame, source)).toBeLessThan(4);
      const transparentInGif = frame.data.some((v, i) => i % 4 === 3 && v === 0);
      expect(transparentInGif).toBe(fixture.transparent);
    },
  );

  it.each(BROKEN_FIXTURES.map((f) => [f.name, f] as const))(
    '%s is refused, naming the file and the fault',
    (_, fixture) => {
      expect(() => validatePng(fixture.bytes, fixture.name)).toThrow(`Failed to load image: ${fixture.name} (`);
      expect(() => validatePng(fixture.bytes, fixture.name)).toThrow(fixture.reason);
    },
  );
});
