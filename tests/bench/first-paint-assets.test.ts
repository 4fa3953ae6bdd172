import { describe, expect, it } from 'vitest';
import { htmlAssets, staticImports } from './first-paint-assets';

describe('htmlAssets', () => {
  it('lists the module entry, its preloads and the stylesheets, not the icon', () => {
    const html = `<head>
      <link rel="icon" href="/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-B2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
      <script src="/legacy.js"></script>
    </head>`;
    expect(htmlAssets(html)).toEqual(['/assets/index-A1.js', '/assets/vendor-B2.js', '/assets/index-C3.css']);
  });
});

describe('staticImports', () => {
  it('finds minified static imports and resolves them next to the importer', () => {
    const code = 'import{a as b}from"./vendor-B2.js";import"./side-D4.js";const c=()=>import("./lazy-E5.js");';
    expect(staticImports(code, '/assets/index-A1.js')).toEqual(['/assets/vendor-B2.js', '/assets/side-D4.js']);
  });

  it('ignores property accesses named import', () => {
    expect(staticImports('x.import("./not-a-module.js")', '/assets/a.js')).toEqual([]);
  });
});
