import type { ConversionOutput } from '../../rules/contracts';
import type { Placement } from '../../rules/dimensions';

/** Where each frame's PNG sits in the GIF; an engine that does not say fills the frame. */
export function placementsOf(output: ConversionOutput | null, count: number): readonly Placement[] {
  if (!output) return [];
  return (
    output.placements ??
    Array.from({ length: count }, () => ({ x: 0, y: 0, width: output.width, height: output.height }))
  );
}
