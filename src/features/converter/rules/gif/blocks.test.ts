import { GifWriter } from 'omggif';
import { describe, expect, it } from 'vitest';
import { gifBlocks, interlacedRows, readScreen, subBlockData, type GifBlock } from './blocks';

/** Two 4x2 frames written by omggif: a loop extension, control blocks, a local table on the second frame. */
function sampleGif(): Uint8Array {
  const buffer = new Uint8Array(1024);
  const writer = new GifWriter(buffer, 4, 2, { palette: [0xff0000, 0x0000ff], loop: 3 });
  writer.addFrame(0, 0, 4, 2, [0, 1, 0, 1, 1, 0, 1, 0], { delay: 7, disposal: 2, transparent: 1 });
  writer.addFrame(1, 0, 2, 2, [1, 1, 0, 0], { delay: 9, palette: [0x00ff00, 0xffffff] });
  return buffer.slice(0, writer.end());
}

const walk = (gif: Uint8Array): GifBlock[] => [...gifBlocks(gif, readScreen(gif).blocksAt)];

describe('gifBlocks', () => {
  it('reads the screen and every block, whose byte ranges tile the file up to the trailer', () => {
    const gif = sampleGif();
    const screen = readScreen(gif);
    expect(screen).toMatchObject({ width: 4, height: 2, backgroundIndex: 0, blocksAt: 13 + 6 });
    const blocks = walk(gif);
    expect(blocks.map((b) => b.type)).toEqual(['loop', 'control', 'image', 'control', 'image', 'trailer']);
    expect(blocks[0]).toMatchObject({ count: 3 });
    expect(blocks[1]).toMatchObject({ disposal: 2, delayCs: 7, transparentIndex: 1 });
    expect(blocks[3]).toMatchObject({ disposal: 0, delayCs: 9, transparentIndex: null });
    expect(blocks[4]).toMatchObject({ left: 1, top: 0, width: 2, height: 2, interlaced: false });
    expect([...(blocks[4] as { localPalette: Uint8Array }).localPalette]).toEqual([0, 255, 0, 255, 255, 255]);
    let at = screen.blocksAt;
    for (const block of blocks) {
      expect(block.start).toBe(at);
      at = block.end;
    }
    expect(at).toBe(gif.length);
  });

  it('joins an image’s data sub-blocks', () => {
    const gif = sampleGif();
    const image = walk(gif).find((b) => b.type === 'image')!;
    if (image.type !== 'image') throw new Error('no image');
    const data = subBlockData(gif, image.dataAt);
    // One sub-block here: its size byte, then the data.
    expect(data.length).toBe(gif[image.dataAt]);
    expect([...data]).toEqual([...gif.subarray(image.dataAt + 1, image.dataAt + 1 + data.length)]);
  });

  it('reports, without judging, a file that ends between blocks or holds an unknown block', () => {
    const gif = sampleGif();
    const blocks = walk(gif);
    const afterFirstImage = blocks[2]!.end;
    expect(walk(gif.slice(0, afterFirstImage)).map((b) => b.type)).toEqual(['loop', 'control', 'image']);
    const garbage = gif.slice();
    garbage[afterFirstImage] = 0x99;
    expect(walk(garbage).at(-1)).toMatchObject({ type: 'unknown', introducer: 0x99, start: afterFirstImage });
  });

  it('throws when the file ends inside a block, and on what is not a GIF', () => {
    const gif = sampleGif();
    expect(() => walk(gif.slice(0, walk(gif)[2]!.end - 2))).toThrow(/truncated/);
    expect(() => readScreen(new TextEncoder().encode('PNG not GIF at all'))).toThrow(/not a GIF/);
  });
});

describe('interlacedRows', () => {
  it('lists rows in the four passes’ order', () => {
    expect(interlacedRows(10)).toEqual([0, 8, 4, 2, 6, 1, 3, 5, 7, 9]);
  });
});
