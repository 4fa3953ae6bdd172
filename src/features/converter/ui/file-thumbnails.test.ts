import { afterEach, describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import type { Size } from '../rules/dimensions';
import { holdThumbnails, thumbnailOf } from './file-thumbnails';

interface Decode {
  name: string;
  width: number | undefined;
  height: number | undefined;
  finish: () => void;
}

/** A createImageBitmap whose decodes end only when the test says so, each recorded with its size. */
function pendingDecodes(): Decode[] {
  const decodes: Decode[] = [];
  vi.stubGlobal('createImageBitmap', (file: File, options?: ImageBitmapOptions) => {
    return new Promise((resolve) => {
      const bitmap = { width: options?.resizeWidth, height: options?.resizeHeight };
      decodes.push({ name: file.name, width: bitmap.width, height: bitmap.height, finish: () => resolve(bitmap) });
    });
  });
  return decodes;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('thumbnailOf', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('decodes straight to the thumbnail size, one file at a time, each file once', async () => {
    const decodes = pendingDecodes();
    const [wide, tall, tiny] = [
      pngFile('wide.png', 4000, 3000),
      pngFile('tall.png', 300, 1200),
      pngFile('tiny.png', 8, 8),
    ];
    const made = [thumbnailOf(wide, 96), thumbnailOf(tall, 96), thumbnailOf(tiny, 96)];
    expect(thumbnailOf(wide, 96)).toBe(made[0]);
    await settle();
    expect(decodes.map((decode) => decode.name)).toEqual(['wide.png']);
    decodes[0]!.finish();
    await settle();
    expect(decodes.map((decode) => decode.name)).toEqual(['wide.png', 'tall.png']);
    decodes[1]!.finish();
    await settle();
    decodes[2]!.finish();
    const [a, b, c] = await Promise.all(made);
    // Contained in 96 and never enlarged: the canvas draws a small picture bigger, with sharp pixels.
    expect(decodes.map(({ width, height }) => [width, height])).toEqual([
      [96, 72],
      [24, 96],
      [8, 8],
    ]);
    expect([a?.size, b?.size, c?.size]).toEqual([
      { width: 4000, height: 3000 },
      { width: 300, height: 1200 },
      { width: 8, height: 8 },
    ]);
  });

  it('holds the next decodes while held, and goes on when released', async () => {
    const decodes = pendingDecodes();
    const release = holdThumbnails();
    const made = thumbnailOf(pngFile('held.png', 640, 480), 48);
    await settle();
    expect(decodes).toHaveLength(0);
    release();
    await settle();
    expect(decodes.map((decode) => decode.name)).toEqual(['held.png']);
    decodes[0]!.finish();
    expect((await made)?.size).toEqual({ width: 640, height: 480 });
  });

  it('gives null for a file that is not a PNG or a browser that cannot decode, and the queue goes on', async () => {
    vi.stubGlobal('createImageBitmap', () => Promise.reject(new Error('cannot decode')));
    const notPng = new File([new Uint8Array(64)], 'zeros.png', { type: 'image/png' });
    expect(await thumbnailOf(notPng, 48)).toBeNull();
    expect(await thumbnailOf(pngFile('broken.png', 64, 48), 48)).toBeNull();
    const decodes = pendingDecodes();
    const next = thumbnailOf(pngFile('next.png', 64, 48), 48);
    await settle();
    decodes[0]!.finish();
    expect((await next)?.size).toEqual({ width: 64, height: 48 });
  });
  it("an expanded animation's row: its frame's own pixels, asked at the contained size, once per frame", async () => {
    const images: { data: Uint8ClampedArray; width: number; height: number }[] = [];
    vi.stubGlobal(
      'ImageData',
      class {
        constructor(
          readonly data: Uint8ClampedArray,
          readonly width: number,
          readonly height: number,
        ) {}
      },
    );
    vi.stubGlobal('createImageBitmap', async (image: (typeof images)[number]) => {
      images.push(image);
      return { width: image.width, height: image.height };
    });
    const file = pngFile('animation.png', 80, 60);
    const asked: [number, Size][] = [];
    const frame = (index: number, made = true) => ({
      index,
      pixels: async (size: Size) => {
        asked.push([index, size]);
        return made ? new Uint8Array(size.width * size.height * 4).fill(index) : null;
      },
    });
    const [second, fifth] = [thumbnailOf(file, 48, frame(1)), thumbnailOf(file, 48, frame(4))];
    expect(thumbnailOf(file, 48, frame(1))).toBe(second);
    const [a, b] = await Promise.all([second, fifth]);
    expect(asked).toEqual([
      [1, { width: 48, height: 36 }],
      [4, { width: 48, height: 36 }],
    ]);
    expect(images.map(({ width, height, data }) => [width, height, data[0]])).toEqual([
      [48, 36, 1],
      [48, 36, 4],
    ]);
    expect([a?.size, b?.bitmap.width]).toEqual([{ width: 80, height: 60 }, 48]);
    // A frame whose pixels cannot be made has no thumbnail.
    expect(await thumbnailOf(file, 48, frame(2, false))).toBeNull();
  });
});
