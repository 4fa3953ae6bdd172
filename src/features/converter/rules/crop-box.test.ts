import { describe, expect, it } from 'vitest';
import {
  aspectAfterQuarterTurn,
  aspectRatioOf,
  keepCropInside,
  cropAfterKey,
  cropAsShown,
  cropFieldRange,
  cropFromShown,
  cropWithField,
  moveCrop,
  reshapeToAspect,
  resizeCrop,
  wholePicture,
  type Handle,
} from './crop-box';
import { flipHorizontal, flipVertical, rotateLeft, rotateRight, UPRIGHT, type Orientation } from './framing';

const PICTURE = { width: 1200, height: 800 };
const BOX = { x: 100, y: 100, width: 400, height: 300 };

describe('keepCropInside', () => {
  it('keeps a box that fits as it is', () => {
    expect(keepCropInside(BOX, PICTURE)).toEqual(BOX);
  });

  it('pulls a box that sticks out back inside, keeping its size', () => {
    expect(keepCropInside({ x: 1000, y: -20, width: 400, height: 300 }, PICTURE)).toEqual({
      x: 800,
      y: 0,
      width: 400,
      height: 300,
    });
  });

  it('shrinks a box larger than the picture to the picture, and a box of no size to 1×1', () => {
    expect(keepCropInside({ x: 5, y: 5, width: 5000, height: 5000 }, PICTURE)).toEqual(wholePicture(PICTURE));
    expect(keepCropInside({ x: 3, y: 4, width: 0, height: -2 }, PICTURE)).toEqual({ x: 3, y: 4, width: 1, height: 1 });
  });

  it('rounds to whole pixels and replaces what is not a number', () => {
    expect(keepCropInside({ x: 1.4, y: 2.6, width: 10.5, height: NaN }, { width: 21, height: 13 })).toEqual({
      x: 1,
      y: 0,
      width: 11,
      height: 13,
    });
  });
});

describe('moveCrop', () => {
  it('moves by the given step', () => {
    expect(moveCrop(BOX, 7, -3, PICTURE)).toEqual({ ...BOX, x: 107, y: 97 });
  });

  it('stops at every edge without changing the size', () => {
    expect(moveCrop(BOX, -500, -500, PICTURE)).toEqual({ ...BOX, x: 0, y: 0 });
    expect(moveCrop(BOX, 5000, 5000, PICTURE)).toEqual({ ...BOX, x: 800, y: 500 });
  });
});

describe('resizeCrop, free', () => {
  it.each<[Handle, number, number, object]>([
    ['e', 50, 99, { x: 100, y: 100, width: 450, height: 300 }],
    ['w', 50, 99, { x: 150, y: 100, width: 350, height: 300 }],
    ['n', 99, -40, { x: 100, y: 60, width: 400, height: 340 }],
    ['s', 99, 40, { x: 100, y: 100, width: 400, height: 340 }],
    ['se', 10, 20, { x: 100, y: 100, width: 410, height: 320 }],
    ['nw', -10, -20, { x: 90, y: 80, width: 410, height: 320 }],
    ['ne', 10, 20, { x: 100, y: 120, width: 410, height: 280 }],
    ['sw', 10, 20, { x: 110, y: 100, width: 390, height: 320 }],
  ])('drags %s by (%i, %i), the opposite side staying put', (handle, dx, dy, expected) => {
    expect(resizeCrop(BOX, handle, dx, dy, PICTURE, null)).toEqual(expected);
  });

  it('stops at the picture and never turns the box inside out', () => {
    expect(resizeCrop(BOX, 'se', 5000, 5000, PICTURE, null)).toEqual({ x: 100, y: 100, width: 1100, height: 700 });
    expect(resizeCrop(BOX, 'nw', -5000, -5000, PICTURE, null)).toEqual({ x: 0, y: 0, width: 500, height: 400 });
    expect(resizeCrop(BOX, 'e', -5000, 0, PICTURE, null)).toEqual({ x: 100, y: 100, width: 1, height: 300 });
    expect(resizeCrop(BOX, 'n', 0, 5000, PICTURE, null)).toEqual({ x: 100, y: 399, width: 400, height: 1 });
  });
});

describe('resizeCrop, to a ratio', () => {
  const square = { x: 100, y: 100, width: 300, height: 300 };

  it('a corner follows the side that moved further, the other side keeping the ratio', () => {
    expect(resizeCrop(square, 'se', 60, 10, PICTURE, 1)).toEqual({ x: 100, y: 100, width: 360, height: 360 });
    expect(resizeCrop(square, 'se', 10, 90, PICTURE, 1)).toEqual({ x: 100, y: 100, width: 390, height: 390 });
    expect(resizeCrop(square, 'nw', -50, 0, PICTURE, 1)).toEqual({ x: 50, y: 50, width: 350, height: 350 });
  });

  it('an edge makes the other side follow around the centre', () => {
    const result = resizeCrop(square, 'e', 100, 0, PICTURE, 1);
    expect(result).toEqual({ x: 100, y: 50, width: 400, height: 400 });
  });

  it('stops where the picture ends rather than losing the ratio', () => {
    const wide = resizeCrop(square, 'se', 5000, 0, PICTURE, 16 / 9);
    expect(wide.x).toBe(100);
    expect(wide.y).toBe(100);
    expect(wide.height).toBeLessThanOrEqual(700);
    expect(wide.width).toBe(1100);
    expect(wide.width / wide.height).toBeCloseTo(16 / 9, 2);
    const tall = resizeCrop(square, 'se', 0, 5000, PICTURE, 1);
    expect(tall).toEqual({ x: 100, y: 100, width: 700, height: 700 });
  });
});

describe('reshapeToAspect', () => {
  it.each<[string, number, object]>([
    ['1:1', 1, { x: 200, y: 0, width: 800, height: 800 }],
    ['16:9', 16 / 9, { x: 0, y: 62, width: 1200, height: 675 }],
    ['9:16', 9 / 16, { x: 375, y: 0, width: 450, height: 800 }],
    ['4:3', 4 / 3, { x: 66, y: 0, width: 1067, height: 800 }],
  ])('turns the whole picture into the largest centred %s box', (_, ratio, expected) => {
    expect(reshapeToAspect(wholePicture(PICTURE), ratio, PICTURE)).toEqual(expected);
  });

  it('stays inside the box already chosen', () => {
    expect(reshapeToAspect(BOX, 1, PICTURE)).toEqual({ x: 150, y: 100, width: 300, height: 300 });
  });

  it('rounds odd sizes to the nearest whole pixels that fit', () => {
    const odd = { width: 101, height: 57 };
    const box = reshapeToAspect(wholePicture(odd), 16 / 9, odd);
    expect(box).toEqual({ x: 0, y: 0, width: 101, height: 57 });
    const square = reshapeToAspect(wholePicture({ width: 7, height: 3 }), 1, { width: 7, height: 3 });
    expect(square).toEqual({ x: 2, y: 0, width: 3, height: 3 });
    expect(reshapeToAspect({ x: 0, y: 0, width: 1, height: 1 }, 16 / 9, odd)).toEqual({
      x: 0,
      y: 0,
      width: 1,
      height: 1,
    });
  });
});

describe('aspectRatioOf', () => {
  it('reads the choices, Original from the picture as shown', () => {
    expect(aspectRatioOf('free', PICTURE)).toBeNull();
    expect(aspectRatioOf('original', { width: 800, height: 1200 })).toBeCloseTo(2 / 3);
    expect(aspectRatioOf('16:9', PICTURE)).toBeCloseTo(16 / 9);
    expect(aspectRatioOf('9:16', PICTURE)).toBeCloseTo(9 / 16);
  });
});

it('a quarter turn swaps the wide and tall choices and frees 4:3', () => {
  expect(aspectAfterQuarterTurn('16:9')).toBe('9:16');
  expect(aspectAfterQuarterTurn('9:16')).toBe('16:9');
  expect(aspectAfterQuarterTurn('4:3')).toBe('free');
  expect(aspectAfterQuarterTurn('1:1')).toBe('1:1');
  expect(aspectAfterQuarterTurn('original')).toBe('original');
});

describe('cropAfterKey', () => {
  const plain = { resize: false, coarse: false };
  it('arrows move by 1 pixel, or 10 with the coarse modifier', () => {
    expect(cropAfterKey(BOX, 'ArrowRight', plain, PICTURE, null)).toEqual({ ...BOX, x: 101 });
    expect(cropAfterKey(BOX, 'ArrowUp', { resize: false, coarse: true }, PICTURE, null)).toEqual({ ...BOX, y: 90 });
  });

  it('Shift+arrows grow right and down, shrink left and up', () => {
    const resize = { resize: true, coarse: false };
    expect(cropAfterKey(BOX, 'ArrowRight', resize, PICTURE, null)).toEqual({ ...BOX, width: 401 });
    expect(cropAfterKey(BOX, 'ArrowLeft', resize, PICTURE, null)).toEqual({ ...BOX, width: 399 });
    expect(cropAfterKey(BOX, 'ArrowDown', { resize: true, coarse: true }, PICTURE, null)).toEqual({
      ...BOX,
      height: 310,
    });
    expect(cropAfterKey(BOX, 'ArrowUp', resize, PICTURE, null)).toEqual({ ...BOX, height: 299 });
  });

  it('keeps the ratio while resizing to one', () => {
    const square = { x: 0, y: 0, width: 100, height: 100 };
    expect(cropAfterKey(square, 'ArrowRight', { resize: true, coarse: true }, PICTURE, 1)).toEqual({
      x: 0,
      y: 0,
      width: 110,
      height: 110,
    });
  });

  it('stops at the edges and leaves other keys alone', () => {
    const corner = { x: 0, y: 0, width: 10, height: 10 };
    expect(cropAfterKey(corner, 'ArrowLeft', { resize: false, coarse: true }, PICTURE, null)).toEqual(corner);
    expect(cropAfterKey({ ...corner, width: 1 }, 'ArrowLeft', { resize: true, coarse: true }, PICTURE, null)).toEqual({
      ...corner,
      width: 1,
    });
    expect(cropAfterKey(corner, 'Enter', plain, PICTURE, null)).toBeNull();
  });
});

describe('cropWithField', () => {
  it('sets one exact value, kept to what the other three allow', () => {
    expect(cropWithField(BOX, 'x', 250, PICTURE)).toEqual({ ...BOX, x: 250 });
    expect(cropWithField(BOX, 'x', 5000, PICTURE)).toEqual({ ...BOX, x: 800 });
    expect(cropWithField(BOX, 'width', 5000, PICTURE)).toEqual({ ...BOX, width: 1100 });
    expect(cropWithField(BOX, 'height', 0, PICTURE)).toEqual({ ...BOX, height: 1 });
    expect(cropWithField(BOX, 'y', NaN, PICTURE)).toEqual(BOX);
  });

  it('gives each field its range', () => {
    expect(cropFieldRange(BOX, 'x', PICTURE)).toEqual({ min: 0, max: 800 });
    expect(cropFieldRange(BOX, 'height', PICTURE)).toEqual({ min: 1, max: 700 });
  });
});

describe('cropAsShown and cropFromShown', () => {
  const orientations: Orientation[] = [
    UPRIGHT,
    rotateRight(UPRIGHT),
    rotateLeft(UPRIGHT),
    rotateRight(rotateRight(UPRIGHT)),
    flipHorizontal(UPRIGHT),
    flipVertical(UPRIGHT),
    flipHorizontal(rotateRight(UPRIGHT)),
    rotateLeft(flipVertical(UPRIGHT)),
  ];

  it('a quarter turn clockwise puts the top-left of the picture at the top right', () => {
    expect(cropAsShown({ x: 0, y: 0, width: 100, height: 50 }, PICTURE, rotateRight(UPRIGHT))).toEqual({
      x: 750,
      y: 0,
      width: 50,
      height: 100,
    });
  });

  it('a horizontal flip mirrors the box', () => {
    expect(cropAsShown(BOX, PICTURE, flipHorizontal(UPRIGHT))).toEqual({ ...BOX, x: 700 });
  });

  it.each(orientations.map((o) => [o]))('goes there and back to the same box (%o)', (o) => {
    const shown = cropAsShown(BOX, PICTURE, o);
    expect(cropFromShown(shown, PICTURE, o)).toEqual(BOX);
    // An odd-sized picture and a box touching its far corner.
    const odd = { width: 7, height: 3 };
    const edge = { x: 4, y: 1, width: 3, height: 2 };
    expect(cropFromShown(cropAsShown(edge, odd, o), odd, o)).toEqual(edge);
  });

  it('the box moved right on screen after a quarter turn moves up in the source', () => {
    const o = rotateRight(UPRIGHT);
    const shown = cropAsShown(BOX, PICTURE, o);
    const moved = cropFromShown(moveCrop(shown, 10, 0, { width: 800, height: 1200 }), PICTURE, o);
    expect(moved).toEqual({ ...BOX, y: 90 });
  });
});
