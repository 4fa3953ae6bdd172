import { classifyFailure, describeThrown, type FailureKind } from './failure-kinds';

/** The product's error catalogue, the engine's own messages and aborts: the one home of each. */
export const ERROR_MESSAGES = {
  loadImage: 'Failed to load image',
  createBlob: 'Failed to create blob',
  canvasContext: 'Could not get canvas context',
  noFiles: 'No files provided',
  unknown: 'An unknown error occurred',
} as const;

/**
 * What a person reads for each kind of failure that is not ours (failure-kinds.ts): what happened, then
 * what to try. Never the library's or the browser's own text.
 */
export const FAILURE_MESSAGES: Readonly<Record<FailureKind, string>> = {
  'engine-load':
    'The converter could not be loaded. Check your connection and convert again; if it keeps failing, reload the page.',
  'engine-stopped':
    'The converter stopped unexpectedly. Convert again: it starts afresh. If it stops again, turn on Resize and choose a smaller size, or use fewer frames.',
  'out-of-memory':
    'The browser ran out of memory for this GIF. Turn on Resize and choose a smaller size, or use fewer frames, close other tabs, and convert again.',
  'storage-full': "The browser's storage is full. Free some space on the device, then try again.",
  'file-unreadable':
    'A chosen file could not be read: it may have been moved, renamed or changed. Choose the files again, then convert.',
  decode: `${ERROR_MESSAGES.loadImage}: the browser could not decode the picture. Check that the file is a valid PNG, or save it again and retry.`,
  'not-allowed':
    'The browser did not allow the converter to do this (a private window or a strict setting can forbid it). Reload the page, or try another browser.',
  unknown: `${ERROR_MESSAGES.unknown}. Convert again; if it keeps failing, reload the page.`,
};

/**
 * An error whose message is written for a person (the product's own wording): shown as it is. Every other error is
 * shown as the message of its kind. Workers pass only a message across: what they send is already made
 * for a person (`errorMessageOf`), and the page wraps it in a ConversionError again.
 */
export class ConversionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
  }
}

/** 'Failed to load image: <file> (<reason>)': the product's message, naming the file and what is wrong. */
export function failedToLoadImage(fileName: string, reason?: string): Error {
  return new ConversionError(`${ERROR_MESSAGES.loadImage}: ${fileName}${reason ? ` (${reason})` : ''}`);
}

/** A crop that misses a file altogether (a batch's one crop, cut to each file): that file is not converted. */
export function cropMissed(fileName: string, size: { width: number; height: number }): Error {
  return new ConversionError(
    `The crop is outside ${fileName} (${size.width}x${size.height} pixels): move the crop or reset it, then convert again.`,
  );
}

const WORDED = new Set(Object.values(FAILURE_MESSAGES));

/** The catalogue's messages keep their word even when thrown as a plain Error. */
const SPEC_MESSAGE_STARTS = [
  ERROR_MESSAGES.loadImage,
  ERROR_MESSAGES.createBlob,
  ERROR_MESSAGES.canvasContext,
  ERROR_MESSAGES.noFiles,
];

/**
 * The message a person sees for a failure: a ConversionError's (or a catalogue message's) own, otherwise the
 * message of the failure's kind (the catalogue's fallback, with what to try, when nothing is recognised).
 */
export function errorMessageOf(error: unknown): string {
  const { name, message } = describeThrown(error);
  if (name === 'ConversionError' && message) return message;
  if (SPEC_MESSAGE_STARTS.some((start) => message.startsWith(start))) return message;
  // Already worded for a person (a worker's answer, passed on again).
  if (WORDED.has(message)) return message;
  return FAILURE_MESSAGES[classifyFailure(error)];
}

/**
 * An engine core that could not be loaded: said as such, or as memory when the browser could not give its
 * heap. The next job loads a fresh core.
 */
export function engineLoadFailure(cause: unknown): ConversionError {
  const kind = classifyFailure(cause) === 'out-of-memory' ? 'out-of-memory' : 'engine-load';
  return new ConversionError(FAILURE_MESSAGES[kind], { cause });
}

/**
 * A worker's error event. Without a text it never ran (its script could not be fetched or evaluated); with
 * one, an error escaped it and it cannot be trusted: the kind of that error, else a worker that stopped.
 */
export function workerFailure(eventMessage: string | undefined): ConversionError {
  if (!eventMessage) return new ConversionError(FAILURE_MESSAGES['engine-load']);
  const kind = classifyFailure(eventMessage);
  return new ConversionError(FAILURE_MESSAGES[kind === 'unknown' ? 'engine-stopped' : kind]);
}

const SHARE_FAILURES: Readonly<Record<string, string>> = {
  NotAllowedError: 'The browser did not allow sharing just now. Press Share again, or use Download.',
  InvalidStateError: 'A share is already open. Finish or close it, then try again.',
  DataError: 'This browser cannot share this GIF. Use Download instead.',
  TypeError: 'This browser cannot share this GIF. Use Download instead.',
};

/**
 * Why the Web Share API refused the GIF, for a person; null for a share the person closed (AbortError),
 * which is not a failure.
 */
export function shareFailureMessage(error: unknown): string | null {
  const { name } = describeThrown(error);
  if (name === 'AbortError') return null;
  return SHARE_FAILURES[name] ?? 'The GIF could not be shared. Use Download instead.';
}

/** DOMExceptions are not Errors in every runtime, so look at the name. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** What the engine rejects with when the caller aborts: an AbortError, which the store treats as "not an error". */
export function abortError(): Error {
  return new DOMException('The conversion was cancelled', 'AbortError');
}
