import type { Plugin } from 'vite';

/** The endpoint table's files (packages/contracts/src/endpoints/<domain>.ts). */
const ENDPOINT_FILES = /packages[\\/]contracts[\\/]src[\\/]endpoints[\\/][\w-]+\.ts$/;

/**
 * The end of the value that starts at `start` (an object, array, string or a bare word), skipping strings: the index
 * just after it.
 */
function valueEnd(code: string, start: number): number {
  let depth = 0;
  for (let index = start; index < code.length; index++) {
    const char = code[index] as string;
    if (char === "'" || char === '"' || char === '`') {
      index++;
      while (index < code.length && code[index] !== char) index += code[index] === '\\' ? 2 : 1;
      if (depth === 0) return index + 1;
    } else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    } else if (depth === 0 && (char === ',' || char === '\n')) return index;
  }
  throw new Error('strip-access: a value without its end');
}

/**
 * The endpoint table's source without the entries' `access` and `stepUp` declarations (each `access: …,` line or block):
 * both are the server's to check (decisions 039 and 051).
 */
export function stripAccess(code: string): string {
  let out = '';
  let from = 0;
  for (const match of code.matchAll(/\n[ \t]*(?:access|stepUp): /g)) {
    if (match.index < from) continue;
    const end = valueEnd(code, match.index + match[0].length);
    const comma = code[end] === ',' ? end + 1 : end;
    out += code.slice(from, match.index);
    from = comma;
  }
  return out + code.slice(from);
}

/**
 * Leaves out of the browser's build the `access` of each endpoint entry (issue 48, decision 039): whose object a call
 * names is the server's to check, and the web never reads it — about 1.3 KB gzip the pages would load for nothing.
 */
export function stripAccessDeclarations(): Plugin {
  return {
    name: 'rhc:strip-access',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!ENDPOINT_FILES.test(id)) return null;
      const stripped = stripAccess(code);
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}
