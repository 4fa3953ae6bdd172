/**
 * What kind of failure a library's or a browser's error is, read from its name and message: the texts
 * themselves are never shown (errors.ts words each kind for a person). Engines word the same failure
 * differently, so each kind lists what Chromium, Firefox and WebKit say.
 */
export type FailureKind =
  /** The engine core, a worker or a code chunk could not be fetched, compiled or started. */
  | 'engine-load'
  /** A core or worker that was running died, or answers as if it had never loaded. */
  | 'engine-stopped'
  /** An allocation failed: an array, a canvas, the wasm heap. */
  | 'out-of-memory'
  /** Storage (Cache Storage, a quota) is full. */
  | 'storage-full'
  /** A chosen file can no longer be read (moved, deleted or changed since it was chosen). */
  | 'file-unreadable'
  /** The browser could not decode a picture. */
  | 'decode'
  /** The browser refused on purpose: a permission, a policy, a private mode. */
  | 'not-allowed'
  | 'unknown';

interface Described {
  name: string;
  message: string;
}

/** `RangeError: text` (what `String(error)` gives, and what @ffmpeg/ffmpeg's worker answers with). */
const NAMED_TEXT = /^(?:Uncaught )?([A-Z][A-Za-z]*(?:Error|Exception)):\s*(.*)$/s;

/** The name and message of anything thrown or rejected with: an Error, a DOMException, a worker's text. */
export function describeThrown(thrown: unknown): Described {
  if (typeof thrown === 'string') {
    const named = NAMED_TEXT.exec(thrown.trim());
    return named ? { name: named[1]!, message: named[2]! } : { name: '', message: thrown };
  }
  if (typeof thrown === 'object' && thrown !== null) {
    const { name, message } = thrown as { name?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    // A worker's ErrorEvent text keeps its "Uncaught RangeError: " in the message.
    const named = NAMED_TEXT.exec(text.trim());
    if (named && (typeof name !== 'string' || name === 'Error' || name === '')) {
      return { name: named[1]!, message: named[2]! };
    }
    return { name: typeof name === 'string' ? name : '', message: text };
  }
  return { name: '', message: '' };
}

const BY_NAME: Readonly<Record<string, FailureKind>> = {
  QuotaExceededError: 'storage-full',
  NS_ERROR_DOM_QUOTA_REACHED: 'storage-full',
  CompileError: 'engine-load',
  LinkError: 'engine-load',
  NetworkError: 'engine-load',
  RuntimeError: 'engine-stopped',
  NotReadableError: 'file-unreadable',
  NotFoundError: 'file-unreadable',
  EncodingError: 'decode',
  NotAllowedError: 'not-allowed',
  SecurityError: 'not-allowed',
};

/** Checked in order: "could not allocate memory" while instantiating is memory, not a load failure. */
const BY_MESSAGE: readonly [RegExp, FailureKind][] = [
  [/quota|storage is full/i, 'storage-full'],
  [
    /out of memory|allocation failed|allocation size overflow|could not allocate|cannot allocate memory|Cannot enlarge memory|Aborted\(OOM\)|Invalid (?:typed )?array (?:buffer )?length|Array buffer allocation|could not get [^.]*memory/i,
    'out-of-memory',
  ],
  [
    /ffmpeg is not loaded|called FFmpeg\.terminate|memory access out of bounds|unreachable|Aborted\(|stopped unexpectedly/i,
    'engine-stopped',
  ],
  [
    /failed to import ffmpeg-core|dynamically imported module|Importing a module script failed|module script|Failed to fetch|NetworkError|Load failed|WebAssembly\.(?:compile|instantiate)|(?:compile|instantiate)Streaming|HTTP status code|expected magic word|could not load its encoder|could not be loaded/i,
    'engine-load',
  ],
  [/could not be read|requested file|file or directory could not be found|object can not be found/i, 'file-unreadable'],
  [/could not be decoded|source image|decod/i, 'decode'],
  [/not allowed|permission|denied|insecure|blocked/i, 'not-allowed'],
];

const KINDS = new Set<string>([
  'engine-load',
  'engine-stopped',
  'out-of-memory',
  'storage-full',
  'file-unreadable',
  'decode',
  'not-allowed',
  'unknown',
]);

/** An error of ours that knows its kind says so in a `failureKind` property. */
function ownKind(thrown: unknown): FailureKind | null {
  if (typeof thrown !== 'object' || thrown === null) return null;
  const kind = (thrown as { failureKind?: unknown }).failureKind;
  return typeof kind === 'string' && KINDS.has(kind) ? (kind as FailureKind) : null;
}

/** The kind of a thrown value; 'unknown' when nothing about it is recognised. */
export function classifyFailure(thrown: unknown): FailureKind {
  const own = ownKind(thrown);
  if (own) return own;
  const { name, message } = describeThrown(thrown);
  const named = BY_NAME[name];
  // A RangeError or a RuntimeError says little by its name: its message may say memory.
  const byMessage = BY_MESSAGE.find(([pattern]) => pattern.test(message))?.[1];
  if (named === 'engine-stopped' || name === 'RangeError') return byMessage ?? named ?? 'unknown';
  return named ?? byMessage ?? 'unknown';
}
