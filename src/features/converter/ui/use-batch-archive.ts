import { useEffect, useState } from 'react';
import { archiveFileName, zipGifs } from '../rules/batch/archive';
import { errorMessageOf } from '../rules/errors';

export interface ArchiveEntry {
  name: string;
  gif: Blob;
}

export type BatchArchive =
  | { status: 'building' }
  | { status: 'ready'; zip: Blob; fileName: string }
  /** `message`: why, for a person (a batch too big for the memory left, a GIF that could not be read). */
  | { status: 'failed'; message: string };

/**
 * The zip of a batch's GIFs, built in the browser as soon as the batch is done so 'Download all' is a
 * plain link. GIFs are stored, not compressed again, so building takes a moment even for large batches.
 */
export function useBatchArchive(entries: readonly ArchiveEntry[]): BatchArchive {
  const [archive, setArchive] = useState<BatchArchive>({ status: 'building' });
  useEffect(() => {
    let current = true;
    void Promise.all(entries.map(async ({ name, gif }) => ({ name, bytes: new Uint8Array(await gif.arrayBuffer()) })))
      .then((files) => {
        if (!current || files.length === 0) return;
        const zip = new Blob([zipGifs(files) as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
        setArchive({ status: 'ready', zip, fileName: archiveFileName() });
      })
      .catch((error: unknown) => {
        // The per-file links still work: the card says so.
        if (current) setArchive({ status: 'failed', message: errorMessageOf(error) });
      });
    return () => {
      current = false;
      setArchive({ status: 'building' });
    };
  }, [entries]);
  return archive;
}
