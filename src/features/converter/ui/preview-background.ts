import type { CSSProperties } from 'react';
import { create } from 'zustand';

/** What transparent pixels are shown over, in the compare view and the transparency preview alike. */
export type PreviewBackground = 'checkerboard' | 'white' | 'black' | 'custom';

interface PreviewBackgroundState {
  background: PreviewBackground;
  /** The picked colour of 'custom', '#rrggbb'. */
  colour: string;
  setBackground(background: PreviewBackground): void;
  setColour(colour: string): void;
}

/** A view preference, not a conversion setting: it changes nothing in the GIF. */
export const usePreviewBackground = create<PreviewBackgroundState>()((set) => ({
  background: 'checkerboard',
  colour: '#3b82f6',
  setBackground: (background) => set({ background }),
  setColour: (colour) => set({ colour }),
}));

export const BACKGROUND_OPTIONS: { value: PreviewBackground; label: string }[] = [
  { value: 'checkerboard', label: 'Checkerboard' },
  { value: 'white', label: 'White' },
  { value: 'black', label: 'Black' },
  { value: 'custom', label: 'Colour' },
];

// A CSS gradient, not an image: the CSP allows no data: URLs.
const CHECKERBOARD = 'repeating-conic-gradient(#c8c8c8 0% 25%, #ffffff 0% 50%) 0 0 / 16px 16px';

export function backgroundStyle(background: PreviewBackground, colour: string): CSSProperties {
  if (background === 'checkerboard') return { background: CHECKERBOARD };
  return { background: background === 'white' ? '#ffffff' : background === 'black' ? '#000000' : colour };
}
