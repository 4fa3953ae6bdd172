/**
 * Runs `task` once the browser has painted what is on screen now (a frame callback, then a task: the
 * frame is drawn in between), and returns a cancel function. Without frames (a hidden tab, jsdom) it
 * runs after a plain timer.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof window.requestAnimationFrame !== 'function') {
    timer = setTimeout(task);
    return () => clearTimeout(timer);
  }
  const frame = window.requestAnimationFrame(() => (timer = setTimeout(task)));
  return () => {
    window.cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
