/** A Chromium trace of what a probe does, over the DevTools protocol (the probes that read threads and tasks). */
import type { CDPSession } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string; url?: string; functionName?: string } };
}

/** The trace events of these categories recorded while `run` runs. */
export async function traced(
  cdp: CDPSession,
  categories: readonly string[],
  run: () => Promise<unknown>,
): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: unknown[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: [...categories] },
  });
  try {
    await run();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  return events;
}

/** The key of an event's thread in threadNamesOf's map. */
export const threadKey = (event: Pick<TraceEvent, 'pid' | 'tid'>) => `${event.pid}:${event.tid}`;

/** Each thread's name (Chromium's, e.g. `CrRendererMain`, `DedicatedWorker thread`), by threadKey. */
export function threadNamesOf(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(threadKey(e), e.args?.name ?? '');
  return names;
}
