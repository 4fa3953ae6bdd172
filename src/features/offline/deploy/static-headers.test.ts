import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headersForPath, parseHeadersFile } from './static-headers';

const sample = `
# comment
/*
  X-Frame-Options: DENY
  Content-Security-Policy: default-src 'self'; img-src 'self' blob:

/assets/*
  Cache-Control: public, max-age=31536000, immutable
/sw.js
  Cache-Control: no-cache
`;

describe('parseHeadersFile', () => {
  it('reads path lines and their indented headers, keeping colons inside values', () => {
    expect(parseHeadersFile(sample)).toEqual([
      {
        pattern: '/*',
        headers: [
          ['X-Frame-Options', 'DENY'],
          ['Content-Security-Policy', "default-src 'self'; img-src 'self' blob:"],
        ],
      },
      { pattern: '/assets/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
      { pattern: '/sw.js', headers: [['Cache-Control', 'no-cache']] },
    ]);
  });

  it('refuses a header line before any path', () => {
    expect(() => parseHeadersFile('  Cache-Control: no-cache')).toThrow(/line 1/);
  });
});

describe('headersForPath', () => {
  const rules = parseHeadersFile(sample);

  it('applies every matching rule', () => {
    const headers = headersForPath(rules, '/assets/index-abc123.js');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('matches exact paths exactly and splats anywhere', () => {
    expect(headersForPath(rules, '/sw.js').get('cache-control')).toBe('no-cache');
    expect(headersForPath(rules, '/sw.json').has('cache-control')).toBe(false);
    expect(headersForPath(rules, '/feedback').has('content-security-policy')).toBe(true);
  });

  it('comma-joins a header set by two matching rules, like the hosts', () => {
    const doubled = parseHeadersFile('/*\n  Cache-Control: no-cache\n/a\n  Cache-Control: private');
    expect(headersForPath(doubled, '/a').get('cache-control')).toBe('no-cache, private');
  });
});

describe('public/_headers', () => {
  const rules = parseHeadersFile(
    readFileSync(fileURLToPath(import.meta.resolve('../../../../public/_headers')), 'utf8'),
  );

  it('sets no header twice for the paths the app serves, so no host has to merge values', () => {
    for (const path of ['/', '/index.html', '/feedback', '/sw.js', '/manifest.webmanifest', '/assets/x-1.wasm']) {
      const names = rules
        .filter((rule) => headersForPath([rule], path).size > 0)
        .flatMap((rule) => rule.headers.map(([name]) => name.toLowerCase()));
      expect(new Set(names).size, path).toBe(names.length);
    }
  });

  it('makes hashed assets immutable and the entry points revalidate', () => {
    expect(headersForPath(rules, '/assets/ffmpeg-core-abc.wasm').get('cache-control')).toContain('immutable');
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      expect(headersForPath(rules, path).get('cache-control'), path).toBe('no-cache');
    }
  });

  it('allows WebAssembly compilation and nothing from another origin', () => {
    const csp = headersForPath(rules, '/').get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:|\*|\s'unsafe-eval'/);
  });
});
