/**
 * The `_headers` file format of Netlify and Cloudflare Pages: a path pattern on its own line, then
 * indented `Name: value` lines. `*` matches any run of characters. `npm start` serves public/_headers
 * through these functions, so the preview and the deployment send the same headers.
 */
export interface HeaderRule {
  pattern: string;
  headers: [name: string, value: string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.trim();
    if (content === '' || content.startsWith('#')) return;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: content, headers: [] });
      return;
    }
    const colon = content.indexOf(':');
    const rule = rules.at(-1);
    if (!rule || colon <= 0) throw new Error(`_headers line ${index + 1} is neither a path nor a "Name: value" header`);
    rule.headers.push([content.slice(0, colon).trim(), content.slice(colon + 1).trim()]);
  });
  return rules;
}

function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`);
}

/** Every header the rules give this path, in file order; a header named twice keeps both values, comma-joined as hosts do. */
export function headersForPath(rules: HeaderRule[], pathname: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const rule of rules) {
    if (!patternToRegExp(rule.pattern).test(pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const previous = result.get(key);
      result.set(key, previous === undefined ? value : `${previous}, ${value}`);
    }
  }
  return result;
}
