/** The compare view's geometry, pure: how big the viewport is, how the picture sits in it, how it pans. */

export type Zoom = 'fit' | 1 | 2 | 4;

export const ZOOMS: readonly Zoom[] = ['fit', 1, 2, 4];

export interface Size {
  width: number;
  height: number;
}

/** A point of the picture, in picture pixels. */
export interface Point {
  x: number;
  y: number;
}

const MIN_VIEW_HEIGHT = 160;
const MAX_VIEW_HEIGHT = 420;

/** The viewport: full width, as tall as the picture fitted to that width (never upscaled), within bounds. */
export function viewportHeight(picture: Size, viewWidth: number): number {
  const fitted = picture.height * Math.min(1, viewWidth / picture.width);
  return Math.round(Math.min(MAX_VIEW_HEIGHT, Math.max(MIN_VIEW_HEIGHT, fitted)));
}

/** Picture pixels → screen pixels: 'fit' shows the whole picture and never enlarges it. */
export function zoomScale(zoom: Zoom, picture: Size, view: Size): number {
  if (zoom !== 'fit') return zoom;
  return Math.min(1, view.width / picture.width, view.height / picture.height);
}

/** Keeps the centre where the picture still covers the viewport; a picture smaller than the view is centred. */
export function clampCentre(centre: Point, picture: Size, view: Size, scale: number): Point {
  const axis = (value: number, pictureLength: number, viewLength: number) => {
    const half = viewLength / 2 / scale;
    if (pictureLength <= 2 * half) return pictureLength / 2;
    return Math.min(pictureLength - half, Math.max(half, value));
  };
  return { x: axis(centre.x, picture.width, view.width), y: axis(centre.y, picture.height, view.height) };
}

/** Where the picture's top-left corner goes in the viewport, on whole screen pixels so 1:1 stays exact. */
export function pictureOffset(centre: Point, view: Size, scale: number): Point {
  return { x: Math.round(view.width / 2 - centre.x * scale), y: Math.round(view.height / 2 - centre.y * scale) };
}

/** Whether the picture is larger than the viewport at this scale, i.e. whether there is anything to pan. */
export function canPan(picture: Size, view: Size, scale: number): boolean {
  return picture.width * scale > view.width + 0.5 || picture.height * scale > view.height + 0.5;
}

export function zoomLabel(zoom: Zoom): string {
  return zoom === 'fit' ? 'Fit' : zoom === 1 ? '1:1' : `${zoom}×`;
}
