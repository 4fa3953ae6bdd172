import type { ConversionOutput } from '../../rules/contracts';
import type { Placement } from '../../rules/dimensions';
import type { FrameCut } from '../../rules/framing';

/** Where a frame's PNG sits in the GIF, and how it was cropped and turned first (null: as it is). */
export interface SourcePlacement extends Placement {
  cut: FrameCut | null;
}

/** Where each frame's PNG sits in the GIF; an engine that does not say fills the frame. */
export function placementsOf(output: ConversionOutput | null, count: number): readonly SourcePlacement[] {
  if (!output) return [];
  const placements =
    output.placements ??
    Array.from({ length: count }, () => ({ x: 0, y: 0, width: output.width, height: output.height }));
  return placements.map((placement, index) => ({ ...placement, cut: output.cuts?.[index] ?? null }));
}

/**
 * How the source is drawn so it lines up with the GIF: its cut decoded at `decode` size (the placement
 * before the turn), drawn centred at `centre`, mirrored first, then turned clockwise by `quarterTurns`.
 */
export interface SourceDrawing {
  decode: { width: number; height: number };
  centre: { x: number; y: number };
  quarterTurns: number;
  mirrored: boolean;
}

export function sourceDrawing({ x, y, width, height, cut }: SourcePlacement): SourceDrawing {
  const turns = cut?.orientation.quarterTurns ?? 0;
  const sideways = turns % 2 === 1;
  return {
    decode: sideways ? { width: height, height: width } : { width, height },
    centre: { x: x + width / 2, y: y + height / 2 },
    quarterTurns: turns,
    mirrored: cut?.orientation.mirrored ?? false,
  };
}
