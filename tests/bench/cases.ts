/**
 * The bench's conversion cases, each on three content kinds: `animated`: the files are the
 * frames of one GIF; `still`: one file, one GIF; `batch`: several files, one static GIF each.
 */
export type CaseKind = 'animated' | 'still' | 'batch';

/**
 * `photo` and `gradient`: real photographs and rendered smooth artwork from a Debian package
 * (inputs/debian-pictures.ts); `ui`: drawn user-interface screenshots with text; `testcard`: drawn test-card
 * frames (flat bars, ramps, a radial gradient, text, moving shapes; no grain); `generated-photo`: the drawn
 * photo-like scene; `mixed` alternates drawn photo and screenshot pictures.
 */
export type CaseContent = 'photo' | 'gradient' | 'ui' | 'testcard' | 'generated-photo' | 'mixed';
export const CONTENT_KINDS = ['photo', 'gradient', 'ui', 'testcard'] as const;

export interface ConversionCase {
  id: string;
  title: string;
  kind: CaseKind;
  content: CaseContent;
  files: number;
  width: number;
  height: number;
  seed: number;
}

/** The four shapes with a speed target (ratio app/native at most `target`). */
const SHAPES = [
  { id: 'anim-800x600', title: '10 × 800x600 animated', kind: 'animated', files: 10, width: 800, height: 600, seed: 11, target: 0.8 },
  { id: 'anim-1920x1080', title: '10 × 1920x1080 animated', kind: 'animated', files: 10, width: 1920, height: 1080, seed: 23, target: 0.5 },
  { id: 'still-4000x3000', title: '1 × 4000x3000 still', kind: 'still', files: 1, width: 4000, height: 3000, seed: 37, target: 0.5 },
  { id: 'batch-10x1920x1080', title: 'batch of 10 × 1920x1080 stills', kind: 'batch', files: 10, width: 1920, height: 1080, seed: 53, target: 0.45 },
] as const; // prettier-ignore

/** The target for a case (app/native, lower is better), or null when it has none. */
export function targetRatio(caseId: string): number | null {
  return SHAPES.find((shape) => caseId.startsWith(`${shape.id}-`))?.target ?? null;
}

export const CONVERSION_CASES: readonly ConversionCase[] = [
  ...SHAPES.flatMap(({ target: _target, ...shape }) =>
    CONTENT_KINDS.map((content) => ({
      ...shape,
      id: `${shape.id}-${content}`,
      title: `${shape.title}, ${content}`,
      content,
    })),
  ),
  // Small real pictures (≤ 1 MP), the most common job: one photo, and ten as a batch.
  {
    id: 'still-1024x768-photo',
    title: '1 × 1024x768 still (0.8 MP), photo',
    kind: 'still',
    content: 'photo',
    files: 1,
    width: 1024,
    height: 768,
    seed: 61,
  },
  {
    id: 'batch-10x1024x768-photo',
    title: 'batch of 10 × 1024x768 stills, photo',
    kind: 'batch',
    content: 'photo',
    files: 10,
    width: 1024,
    height: 768,
    seed: 67,
  },
  {
    id: 'anim-60x480x360',
    title: '60 × 480x360 animated',
    kind: 'animated',
    content: 'generated-photo',
    files: 60,
    width: 480,
    height: 360,
    seed: 41,
  },
];

/** The measurements that are not conversion cases; `--cases` selects them by these names too. */
export const EXTRA_CASES = ['page', 'memory'] as const;

export const ALL_CASE_IDS: readonly string[] = [...CONVERSION_CASES.map((c) => c.id), ...EXTRA_CASES];

/** `--quick`: same cases, same file counts (the 10-file limit still shows), a quarter of the pixels. */
export function quickVariant(conversionCase: ConversionCase): ConversionCase {
  return {
    ...conversionCase,
    id: `${conversionCase.id}-quick`,
    title: `${conversionCase.title} (quick: ½ size)`,
    width: Math.round(conversionCase.width / 2),
    height: Math.round(conversionCase.height / 2),
  };
}

/** The app's default frame delay (500 ms), so the native command uses the same frame rate. */
export const FRAME_DELAY_MS = 500;
export const FRAME_RATE = 1000 / FRAME_DELAY_MS;

/** The app's automatic cap when no resize is asked: the larger side becomes at most 1920. */
export function specOutputSize(width: number, height: number, maxDimension = 1920): { width: number; height: number } {
  const scale = Math.min(1, maxDimension / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The first-visit case: one 1920x1280 photograph, converted right after the page opens. */
export const FIRST_VISIT_PHOTO: ConversionCase = {
  id: 'first-visit-1920x1280-photo',
  title: 'first visit',
  kind: 'still',
  content: 'photo',
  files: 1,
  width: 1920,
  height: 1280,
  seed: 0,
};
