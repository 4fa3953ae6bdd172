import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
