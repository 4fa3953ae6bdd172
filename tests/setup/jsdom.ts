import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// The converter's cards are lazy chunks: on a loaded machine their first import outlasts findBy's
// default 1 s, so waits get the time a person would give them.
configure({ asyncUtilTimeout: 10_000 });

// What jsdom lacks and Mantine or the converter expects (as in Mantine's vite-template test setup).
if (typeof window !== 'undefined') {
  const { getComputedStyle } = window;
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;

  window.ResizeObserver ??= class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.setPointerCapture ??= function setPointerCapture() {};
  // jsdom has no PointerEvent: testing-library's pointer events would lose their coordinates and id.
  window.PointerEvent ??= class PointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 0;
    }
  } as typeof window.PointerEvent;

  // jsdom has no 2D canvas: its getContext returns null after printing a stack trace. No component test
  // reads pixels (the compare view's drawing is checked in the browser), so null comes back quietly.
  HTMLCanvasElement.prototype.getContext = () => null;

  // jsdom's Blob has no arrayBuffer(); the store reads the first PNG header with it.
  Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };

  URL.createObjectURL ??= () => 'blob:jsdom';
  URL.revokeObjectURL ??= () => {};
}
