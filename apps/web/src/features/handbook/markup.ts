/*
 * The book's pages are texts of the `handbook` namespace, written with a few marks so that a translator sees the
 * whole page at once: one block a line — `## ` a heading, `- ` an item of a list, `| a | b |` a row of a table (the
 * first row its header), anything else a paragraph — and, inside a line, `**strong**` and `[words](/path or tel:115)`.
 */

export type Inline = { kind: 'text' | 'strong'; text: string } | { kind: 'link'; text: string; href: string };
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; items: Inline[][] }
  | { kind: 'table'; head: Inline[][]; rows: Inline[][][] };

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: line.slice(last, match.index) });
    const [, strong, label, href] = match;
    if (strong !== undefined) out.push({ kind: 'strong', text: strong });
    else out.push({ kind: 'link', text: label ?? '', href: href ?? '' });
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

/** A page's text as blocks: consecutive items make one list, consecutive rows one table. */
export function parseBody(body: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const previous = blocks.at(-1);
    if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: line.slice(3) });
    else if (line.startsWith('- ')) {
      if (previous?.kind === 'list') previous.items.push(parseInline(line.slice(2)));
      else blocks.push({ kind: 'list', items: [parseInline(line.slice(2))] });
    } else if (line.startsWith('|')) {
      if (previous?.kind === 'table') previous.rows.push(cells(line));
      else blocks.push({ kind: 'table', head: cells(line), rows: [] });
    } else blocks.push({ kind: 'paragraph', inlines: parseInline(line) });
  }
  return blocks;
}

/** A line's words without the marks (what search reads and shows). */
export function plainLine(line: string): string {
  return parseInline(
    line
      .trim()
      .replace(/^(## |- )/, '')
      .replace(/\s*\|\s*/g, ' ')
      .trim(),
  )
    .map((inline) => inline.text)
    .join('');
}
