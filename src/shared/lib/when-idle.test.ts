import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    vi.stubGlobal('window', { setTimeout, clearTimeout });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  /** The thread busy for `lateMs` beyond the next timer's due time, then the timer. */
  const nextTimer = (lateMs: number) => {
    clock += 50 + lateMs;
    vi.advanceTimersByTime(50);
  };

  it('without requestIdleCallback, runs the task after the first short timer that fires on time', () => {
    const task = vi.fn();
    whenIdle(task, 1500);
    nextTimer(40); // a busy thread: late
    nextTimer(25);
    expect(task).not.toHaveBeenCalled();
    nextTimer(2);
    expect(task).toHaveBeenCalledOnce();
    nextTimer(0);
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs it at the latest after the timeout, however busy the thread', () => {
    const task = vi.fn();
    whenIdle(task, 400);
    nextTimer(100);
    nextTimer(100);
    expect(task).not.toHaveBeenCalled();
    nextTimer(100); // 450 ms: past the 400
    expect(task).toHaveBeenCalledOnce();
  });

  it('a timeout shorter than the probe is the only wait', () => {
    const task = vi.fn();
    whenIdle(task, 20);
    clock += 60;
    vi.advanceTimersByTime(20);
    expect(task).toHaveBeenCalledOnce();
  });

  it('is called off by the function it returns', () => {
    const task = vi.fn();
    const cancel = whenIdle(task, 1500);
    nextTimer(40);
    cancel();
    nextTimer(0);
    expect(task).not.toHaveBeenCalled();
  });

  it('uses requestIdleCallback with the timeout where there is one', () => {
    const requestIdleCallback = vi.fn((_: () => void, __?: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('window', { requestIdleCallback, cancelIdleCallback, setTimeout, clearTimeout });
    const task = vi.fn();
    const cancel = whenIdle(task, 1500);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 });
    requestIdleCallback.mock.calls[0]![0]();
    expect(task).toHaveBeenCalledOnce();
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
  });
});
