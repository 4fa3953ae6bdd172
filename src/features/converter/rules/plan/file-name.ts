import type { ConversionMode } from '../settings';

/**
 * The output name: 'converted_' + 'animated_' (animated only) + a timestamp + '.gif'.
 * The timestamp is milliseconds since the epoch, so names sort by creation time.
 */
export function outputFileName(mode: ConversionMode, now: number = Date.now()): string {
  return `converted_${mode === 'animated' ? 'animated_' : ''}${now}.gif`;
}
