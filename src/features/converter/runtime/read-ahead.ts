/**
 * Reads the files' bytes in order, one per call, with the next reads already under way while the bytes in
 * flight stay under `maxBytes` (a file is always read, however big). Each read waits for the main thread
 * to take its answer, and during a conversion that thread also paints: ten small frames read one after
 * the other waited ten times, read together about once. Big
 * files still come one at a time, so ten 50 MB PNGs are never in memory together.
 */
export function readInOrder(files: readonly Blob[], maxBytes: number): () => Promise<Uint8Array> {
  const reads: (Promise<ArrayBuffer> | undefined)[] = [];
  let started = 0;
  let taken = 0;
  let inFlight = 0;
  const start = () => {
    const file = files[started++]!;
    inFlight += file.size;
    const read = file.arrayBuffer();
    read.catch(() => {}); // reported when its turn comes
    reads.push(read);
  };
  return async () => {
    const index = taken++;
    if (index >= files.length) throw new RangeError('Every file has been read');
    if (started === index) start();
    while (started < files.length && inFlight + files[started]!.size <= maxBytes) start();
    const read = reads[index]!;
    reads[index] = undefined;
    try {
      return new Uint8Array(await read);
    } finally {
      inFlight -= files[index]!.size;
    }
  };
}
