import { describe, expect, it } from 'vitest';
import { canPan, clampCentre, pictureOffset, viewportHeight, zoomScale } from './view-geometry';

const picture = { width: 800, height: 600 };

describe('compare view geometry', () => {
  it('sizes the viewport to the fitted picture, within 160–420 px', () => {
    expect(viewportHeight(picture, 400)).toBe(300);
    expect(viewportHeight(picture, 1200)).toBe(420);
    expect(viewportHeight({ width: 40, height: 20 }, 400)).toBe(160);
  });

  it('fits without enlarging and zooms by whole factors', () => {
    const view = { width: 400, height: 300 };
    expect(zoomScale('fit', picture, view)).toBe(0.5);
    expect(zoomScale('fit', { width: 100, height: 50 }, view)).toBe(1);
    expect(zoomScale(4, picture, view)).toBe(4);
  });

  it('keeps the picture covering the view when panning, and centres one that is smaller', () => {
    const view = { width: 400, height: 300 };
    expect(clampCentre({ x: 0, y: 10_000 }, picture, view, 1)).toEqual({ x: 200, y: 450 });
    expect(clampCentre({ x: 0, y: 0 }, picture, view, 0.5)).toEqual({ x: 400, y: 300 });
    expect(canPan(picture, view, 0.5)).toBe(false);
    expect(canPan(picture, view, 1)).toBe(true);
  });

  it('places the picture on whole pixels', () => {
    expect(pictureOffset({ x: 400, y: 300 }, { width: 401, height: 300 }, 1)).toEqual({ x: -199, y: -150 });
    expect(pictureOffset({ x: 400, y: 300 }, { width: 400, height: 300 }, 0.5)).toEqual({ x: 0, y: 0 });
  });
});
