/** How much of a file is read first: a PNG's chunks before its image data, enough for its header checks. */
const START_BYTES = 64 * 1024;

/** Each file's start, read once: a File is a snapshot, and its list row, the decode and the conversion ahead all ask. */
const starts = new WeakMap<Blob, Promise<Uint8Array>>();

/**
 * A file's first bytes, where a still PNG's header and chunks before the image data are. Read once per file
 * (a read that failed is tried again); the bytes are shared, so they are only read, never changed.
 */
export function readStart(file: Blob): Promise<Uint8Array> {
  let start = starts.get(file);
  if (!start) {
    start = file
      .slice(0, START_BYTES)
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
    start.catch(() => starts.delete(file));
    starts.set(file, start);
  }
  return start;
}
