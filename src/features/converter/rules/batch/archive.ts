import { zipSync } from 'fflate';

export function archiveFileName(now: number = Date.now()): string {
  return `converted_${now}.zip`;
}

/**
 * The name each GIF gets in a batch: the source PNG's name with a .gif extension, made unique
 * ('logo.gif', 'logo (2).gif') since two folders can hold files of the same name.
 */
export function batchEntryNames(sourceNames: readonly string[]): string[] {
  const taken = new Set<string>();
  return sourceNames.map((source) => {
    const stem = source.replace(/\.png$/i, '') || 'image';
    let candidate = `${stem}.gif`;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n}).gif`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** A zip of finished GIFs. GIFs are already compressed, so entries are stored, not deflated. */
export function zipGifs(entries: readonly { name: string; bytes: Uint8Array }[]): Uint8Array {
  return zipSync(Object.fromEntries(entries.map(({ name, bytes }) => [name, [bytes, { level: 0 }]])));
}
