import { describe, expect, it } from 'vitest';
import { precacheUrls } from './core-size';

describe('precacheUrls', () => {
  it('lists the urls of the Workbox manifest in a minified service worker', () => {
    const sw = 'e.precacheAndRoute([{url:"index.html",revision:"a1"},{url:"assets/core-x.wasm",revision:null}],{})';
    expect(precacheUrls(sw)).toEqual(['index.html', 'assets/core-x.wasm']);
  });
});
