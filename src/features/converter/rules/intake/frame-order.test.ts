import { describe, expect, it } from 'vitest';
import { moveDown, moveItem, moveUp, reversed, sortNaturally } from './frame-order';

const named = (...names: string[]) => names.map((name) => ({ name }));
const names = (items: { name: string }[]) => items.map((item) => item.name);

describe('sortNaturally', () => {
  it('puts frame2 before frame10', () => {
    expect(names(sortNaturally(named('frame10.png', 'frame2.png', 'frame1.png')))).toEqual([
      'frame1.png',
      'frame2.png',
      'frame10.png',
    ]);
  });
  it('ignores case and keeps equal names in their original order', () => {
    const items = [
      { name: 'B.png', id: 1 },
      { name: 'a.png', id: 2 },
      { name: 'b.png', id: 3 },
    ];
    expect(sortNaturally(items).map((item) => item.id)).toEqual([2, 1, 3]);
  });
  it('orders zero-padded and unpadded numbers by value', () => {
    expect(names(sortNaturally(named('img_010.png', 'img_9.png', 'img_0100.png')))).toEqual([
      'img_9.png',
      'img_010.png',
      'img_0100.png',
    ]);
  });
  it('does not change its input', () => {
    const input = named('b', 'a');
    sortNaturally(input);
    expect(names(input)).toEqual(['b', 'a']);
  });
});

describe('reordering', () => {
  const items = ['a', 'b', 'c', 'd'];
  it('moves an item forwards and backwards', () => {
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('clamps the target and ignores an unknown source', () => {
    expect(moveItem(items, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(items, 7, 0)).toEqual(items);
  });
  it('moves up and down by one, stopping at the ends', () => {
    expect(moveUp(items, 2)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveDown(items, 2)).toEqual(['a', 'b', 'd', 'c']);
    expect(moveUp(items, 0)).toEqual(items);
    expect(moveDown(items, 3)).toEqual(items);
  });
  it('reverses without touching the input', () => {
    expect(reversed(items)).toEqual(['d', 'c', 'b', 'a']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });
});
