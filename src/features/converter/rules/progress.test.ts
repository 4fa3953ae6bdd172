import { describe, expect, it, vi } from 'vitest';
import type { ConversionProgress } from './contracts';
import {
  completeProgress,
  finalizingProgress,
  forwardOnly,
  milestonesFor,
  preparingProgress,
  processingProgress,
} from './progress';

describe('milestones', () => {
  it('one image passes 10/50/90/100, several 5/30/80/100', () => {
    expect(milestonesFor(1)).toEqual({ preparing: 10, processing: 50, finalizing: 90, complete: 100 });
    expect(milestonesFor(3)).toEqual({ preparing: 5, processing: 30, finalizing: 80, complete: 100 });
  });
  it('processing moves with frames done, from its milestone to just below the next', () => {
    const m = milestonesFor(10);
    expect(processingProgress(m, 0, 10).progress).toBe(30);
    expect(processingProgress(m, 5, 10).progress).toBe(55);
    expect(processingProgress(m, 10, 10).progress).toBe(79);
    expect(processingProgress(m, 50, 10).progress).toBe(79);
    expect(processingProgress(m, 4, 10).message).toBe('Encoding frame 4 of 10...');
  });
  it('preparing moves with frames read', () => {
    const m = milestonesFor(1);
    expect(preparingProgress(m, 0, 1)).toMatchObject({ stage: 'preparing', progress: 10 });
    expect(preparingProgress(m, 1, 1).progress).toBe(49);
    expect(finalizingProgress(m)).toMatchObject({ stage: 'finalizing', progress: 90 });
    expect(completeProgress(m)).toMatchObject({ stage: 'complete', progress: 100 });
  });
});

describe('forwardOnly', () => {
  const at = (stage: ConversionProgress['stage'], progress: number, message = ''): ConversionProgress => ({
    stage,
    progress,
    message,
  });
  it('passes progress forward and drops anything backwards or repeated', () => {
    const listener = vi.fn();
    const report = forwardOnly(listener);
    report(at('preparing', 5));
    report(at('processing', 30));
    report(at('processing', 20));
    report(at('preparing', 40));
    report(at('processing', 30));
    report(at('processing', 30, 'Encoding frame 1 of 3...'));
    report(at('complete', 100));
    expect(listener.mock.calls.map(([p]) => `${p.stage}:${p.progress}`)).toEqual([
      'preparing:5',
      'processing:30',
      'processing:30',
      'complete:100',
    ]);
  });
});
