import { useEffect, useState } from 'react';
import { archiveFileName, zipGifs } from '../rules/batch/archive';

export interface ArchiveEntry {
  name: string;
  gif: Blob;
}

/**
 * The zip of a batch's GIFs, built in the browser as soon as the batch is done so 'Download all' is a
 * plain link. GIFs are stored, not compressed again, so building takes a moment even for large batches.
 */
export function useBatchArchive(entries: readonly ArchiveEntry[]): { zip: Blob; fileName: string } | null {
  const [archive, setArchive] = useState<{ zip: Blob; fileName: string } | null>(null);
  useEffect(() => {
    let current = true;
    void Promise.all(entries.map(async ({ name, gif }) => ({ name, bytes: new Uint8Array(await gif.arrayBuffer()) })))
      .then((files) => {
        if (!current || files.length === 0) return;
        const zip = new Blob([zipGifs(files) as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
        setArchive({ zip, fileName: archiveFileName() });
      })
      .catch(() => {
        // A GIF that cannot be read leaves the per-file links, which still work.
      });
    return () => {
      current = false;
      setArchive(null);
    };
  }, [entries]);
  return archive;
}
