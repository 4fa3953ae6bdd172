/** The product's error catalogue, the engine's own messages and aborts: the one home of each. */
export const ERROR_MESSAGES = {
  loadImage: 'Failed to load image',
  createBlob: 'Failed to create blob',
  canvasContext: 'Could not get canvas context',
  noFiles: 'No files provided',
  unknown: 'An unknown error occurred',
} as const;

/** 'Failed to load image: <file> (<reason>)': the product's message, naming the file and what is wrong. */
export function failedToLoadImage(fileName: string, reason?: string): Error {
  return new Error(`${ERROR_MESSAGES.loadImage}: ${fileName}${reason ? ` (${reason})` : ''}`);
}

/** The message a failed job shows: the error's own message, or the generic fallback. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return ERROR_MESSAGES.unknown;
}

/** DOMExceptions are not Errors in every runtime, so look at the name. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** What the engine rejects with when the caller aborts: an AbortError, which the store treats as "not an error". */
export function abortError(): Error {
  return new DOMException('The conversion was cancelled', 'AbortError');
}
