import { isRouteErrorResponse } from 'react-router-dom';

export interface ErrorDescription {
  message: string;
  stack?: string;
}

/** What the fallback page shows: a response's status and status text, or an error's message and stack. */
export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    return { message: `${error.status} ${error.statusText}`.trim() };
  }
  if (error instanceof Error) {
    return { message: error.message || error.name, ...(error.stack ? { stack: error.stack } : {}) };
  }
  if (typeof error === 'string' && error) return { message: error };
  return { message: 'Unknown error' };
}
