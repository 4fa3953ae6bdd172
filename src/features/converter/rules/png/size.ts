/** Reads a PNG's size from its header, so the UI knows the first image's proportions without decoding it. */
import { hasPngSignature } from './chunks';

/** How many leading bytes `pngSize` needs: signature (8) + IHDR length and type (8) + width and height (8). */
export const PNG_HEADER_BYTES = 24;

export function pngSize(header: Uint8Array): { width: number; height: number } | null {
  if (header.length < PNG_HEADER_BYTES) return null;
  if (!hasPngSignature(header)) return null;
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}
