import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGETS, type BundleFile, formatTable, measureBundle } from './size-budget.ts';

/** Text gzip cannot shrink: its gzip size is at least the length asked for. */
const incompressible = (length: number) => randomBytes(Math.ceil(length * 1.05)).toString('base64');

/** Incompressible text cut to gzip to about `size` bytes (within a few hundred). */
function gzippingTo(size: number): string {
  const text = incompressible(size);
  return text.slice(0, Math.floor((text.length * size) / gz(text)));
}

const chunk = (fileName: string, code: string, imports: string[] = [], facadeModuleId?: string, moduleIds?: string[]): BundleFile => ({
  type: 'chunk',
  fileName,
  code,
  imports,
  ...(facadeModuleId ? { isDynamicEntry: true, facadeModuleId } : {}),
  moduleIds: moduleIds ?? (facadeModuleId ? [facadeModuleId] : []),
});
const SRC = '/repo/apps/web/src';
const asset = (fileName: string, source: string): BundleFile => ({ type: 'asset', fileName, source });
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

function bundleOf(...files: BundleFile[]): Record<string, BundleFile> {
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}

const html = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b.js">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
<link rel="icon" href="/favicon.svg">
</head><body><div id="root"></div></body></html>`;

describe('the size budget', () => {
  it('counts the entry script and everything it imports statically, not what it loads on demand', () => {
    const [entry, shared, deep, lazy, css] = [
      'import "./react-b.js"',
      incompressible(3000),
      incompressible(2000),
      incompressible(9000),
      'a{}',
    ];
    const bundle = bundleOf(
      asset('index.html', html),
      chunk('assets/index-a.js', entry, ['assets/react-b.js']),
      chunk('assets/react-b.js', shared, ['assets/scheduler-d.js']),
      chunk('assets/scheduler-d.js', deep),
      chunk('assets/booking-page-e.js', lazy, ['assets/react-b.js'], `${SRC}/features/orders/pages/booking-page.tsx`),
      asset('assets/index-c.css', css),
      asset('favicon.svg', '<svg/>'),
    );

    const { lines, failures } = measureBundle(bundle);
    const [entryJs, entryCss, route, allJs, feature] = lines;

    expect(entryJs?.files.sort()).toEqual(['assets/index-a.js', 'assets/react-b.js', 'assets/scheduler-d.js']);
    expect(entryJs?.gzipBytes).toBe(gz(entry) + gz(shared) + gz(deep));
    expect(entryCss?.files).toEqual(['assets/index-c.css']);
    expect(entryCss?.gzipBytes).toBe(gz(css));
    expect(route).toMatchObject({ label: 'route orders/booking-page', gzipBytes: gz(entry) + gz(shared) + gz(deep) + gz(lazy) });
    expect(allJs?.files).toHaveLength(4);
    expect(allJs?.gzipBytes).toBe(gz(entry) + gz(shared) + gz(deep) + gz(lazy));
    expect(feature).toMatchObject({ label: 'feature orders', gzipBytes: gz(lazy), limit: null });
    expect(failures).toEqual([]);
  });

  it("counts in each page's route the query layer every page waits for, not other pages or what loads later", () => {
    const [layer, later, page, other] = [incompressible(1000), incompressible(2000), incompressible(4000), incompressible(8000)];
    const bundle = bundleOf(
      asset('index.html', html),
      chunk('assets/index-a.js', 'export {}'),
      chunk('assets/every-page-g.js', layer, [], undefined, [`${SRC}/lib/api-client.ts`, `${SRC}/app/query-layer.tsx`]),
      chunk('assets/overlay-host-h.js', later, [], `${SRC}/app/overlay-host.tsx`),
      chunk('assets/alcohol-page-i.js', page, [], `${SRC}/features/alcohol/pages/alcohol-page.tsx`),
      chunk('assets/home-page-j.js', other, [], `${SRC}/features/home/pages/home-page.tsx`),
    );

    const routes = measureBundle(bundle).lines.filter((line) => line.budget === 'routeJs');

    expect(routes.map((line) => line.label)).toEqual(['route home/home-page', 'route alcohol/alcohol-page']);
    expect(routes[1]?.gzipBytes).toBe(gz('export {}') + gz(layer) + gz(page));
  });

  it('fails each budget that is exceeded, and names it', () => {
    const bundle = bundleOf(
      asset('index.html', html),
      chunk('assets/index-a.js', incompressible(BUDGETS.entryJs + 20_000), ['assets/react-b.js']),
      chunk('assets/react-b.js', 'export {}'),
      chunk('assets/lazy-f.js', incompressible(BUDGETS.routeJs), [], `${SRC}/features/vaccines/pages/vaccines-page.tsx`),
      asset('assets/index-c.css', incompressible(BUDGETS.entryCss / 2)),
    );

    const measurement = measureBundle(bundle);

    expect(measurement.failures.map((line) => line.budget)).toEqual(['entryJs', 'routeJs']);
    const table = formatTable(measurement);
    expect(table).toMatch(/entry route JS .* OVER by/);
    expect(table).toMatch(/route vaccines\/vaccines-page .* OVER by/);
    expect(table).toMatch(/whole app JS .*KB$/m);
    expect(table).toMatch(/entry CSS .* ok$/m);
    expect(table).toContain('1 KB = 1000 B');
  });

  it('passes a size just under its budget', () => {
    const under = BUDGETS.routeJs - 2000;
    const bundle = bundleOf(
      asset('index.html', html),
      chunk('assets/index-a.js', 'export {}'),
      chunk('assets/lazy-f.js', gzippingTo(under), [], `${SRC}/features/vaccines/pages/vaccines-page.tsx`),
      asset('assets/index-c.css', 'a{}'),
    );

    const measurement = measureBundle(bundle);

    expect(measurement.lines[2]?.gzipBytes).toBeGreaterThan(BUDGETS.routeJs - 3000);
    expect(measurement.lines[2]?.gzipBytes).toBeLessThanOrEqual(BUDGETS.routeJs);
    expect(measurement.failures).toEqual([]);
    expect(formatTable(measurement)).toMatch(/route vaccines\/vaccines-page .* ok$/m);
  });

  it('counts styles inlined in the page as entry CSS', () => {
    const style = incompressible(BUDGETS.entryCss + 5000);
    const page = html.replace('</head>', `<style>${style}</style></head>`);
    const bundle = bundleOf(asset('index.html', page), chunk('assets/index-a.js', 'export {}'), asset('assets/index-c.css', 'a{}'));

    const { lines, failures } = measureBundle(bundle);

    expect(lines[1]?.gzipBytes).toBe(gz('a{}') + gz(style));
    expect(failures.map((line) => line.budget)).toEqual(['entryCss']);
  });

  it('measures a build with source maps as the same build without them', () => {
    const code = incompressible(4000);
    const plain = measureBundle(bundleOf(asset('index.html', html), chunk('assets/index-a.js', code)));
    const mapped = measureBundle(
      bundleOf(asset('index.html', html), chunk('assets/index-a.js', `${code}\n//# sourceMappingURL=index-a.js.map\n`)),
    );
    expect(mapped.lines.map((line) => line.gzipBytes)).toEqual(plain.lines.map((line) => line.gzipBytes));
    expect(plain.lines[0]?.gzipBytes).toBe(gz(code));
  });

  it('refuses a bundle whose page loads none of its scripts, rather than measuring nothing', () => {
    expect(() => measureBundle(bundleOf(asset('index.html', '<html></html>')))).toThrow(/no module script/);
    expect(() => measureBundle(bundleOf(chunk('assets/index-a.js', '')))).toThrow(/no index.html/);
  });
});
