/** How much of a file is read first: a PNG's chunks before its image data, enough for its header checks. */
const START_BYTES = 64 * 1024;

/** A file's first bytes, where a still PNG's header and chunks before the image data are. */
export async function readStart(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, START_BYTES).arrayBuffer());
}
