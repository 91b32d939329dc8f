import { performance } from 'node:perf_hooks';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { documentText, fillPageLabel, printable, type ExportBlock, type ExportDocument } from './export-document.ts';
import { fixedFontkit, fontFiles, latinCovers, type FontFamily } from './fonts.ts';

/*
 * The order as an A4 PDF (pdf-lib with fontkit; fonts embedded as subsets). Every text is wrapped to its box — by word,
 * a word longer than the box by character, Chinese by character — and every block runs onto a new page when the page
 * is full (a table's header is repeated there), so nothing is drawn outside the page whatever its length.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 48;
const TOP = A4[1] - 52;
/** Lowest baseline area of the content; the footer sits below it. */
const BOTTOM = 60;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN_X;

const SIZE = { title: 16, heading: 12, body: 10, note: 8.5, footer: 8 } as const;
const LEADING = 1.45;
const CELL_PADDING = 4;
/** How long one document may hold the event loop before letting other work run. */
const BREATHE_AFTER_MS = 15;

const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.72, 0.76, 0.8);
const HEADER_FILL = rgb(0.92, 0.95, 0.98);
const ACCENT = rgb(0.05, 0.4, 0.55);

/** Characters drawn one at a time when wrapping (Chinese, Japanese, Korean and their full-width punctuation). */
const WIDE = /[\u2e80-\u303f\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;
/** Punctuation that may not begin a line (it is carried with the character before it). */
const NO_LINE_START = /^[，。、；：！？）》」』】〉,.;:!?)\]}%]$/u;

/** Widths of the pieces of text a font has measured (at 1000 pt), kept for the process: the same words recur. */
const measured = new WeakMap<PDFFont, Map<string, number>>();
function widthCache(font: PDFFont): Map<string, number> {
  let widths = measured.get(font);
  if (!widths) {
    widths = new Map();
    measured.set(font, widths);
  }
  return widths;
}

const PIECES = new RegExp(`\\s+|${WIDE.source}|[^\\s${WIDE.source.slice(1, -1)}]+`, 'gu');

/** Space kept at the end of a line for the kerning lost between measured pieces. */
const SLACK = 1;

/** `text` broken into lines no wider than `width` at `size`. An empty text gives one empty line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const widths = widthCache(font);
  // A line's width is the sum of its pieces' (laying a whole line out again for each piece would be quadratic).
  const measure = (piece: string) => {
    let unit = widths.get(piece);
    if (unit === undefined) {
      unit = font.widthOfTextAtSize(piece, 1000);
      widths.set(piece, unit);
    }
    return (unit * size) / 1000;
  };
  const room = width - SLACK;
  const lines: string[] = [];
  for (const paragraph of printable(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    let last = '';
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
      last = '';
    };
    const add = (piece: string, pieceWidth: number) => {
      line += piece;
      lineWidth += pieceWidth;
      last = piece;
    };
    for (const piece of paragraph.match(PIECES) ?? []) {
      const pieceWidth = measure(piece);
      if (/^\s+$/.test(piece)) {
        if (line && lineWidth + pieceWidth <= room) add(piece, pieceWidth);
        else if (line) push();
        continue;
      }
      if (lineWidth + pieceWidth <= room) {
        add(piece, pieceWidth);
        continue;
      }
      // A closing mark goes with the character before it to the next line, so no line starts with it.
      if (NO_LINE_START.test(piece) && WIDE.test(last) && line.length > last.length) {
        const carried = last;
        line = line.slice(0, -carried.length);
        push();
        add(carried, measure(carried));
        add(piece, pieceWidth);
        continue;
      }
      if (line) push();
      if (pieceWidth <= room) {
        add(piece, pieceWidth);
        continue;
      }
      // Longer than the whole box (a long code, an address without spaces): broken between characters.
      for (const char of piece) {
        const charWidth = measure(char);
        if (line && lineWidth + charWidth > room) push();
        add(char, charWidth);
      }
    }
    push();
  }
  return lines.length > 0 ? lines : [''];
}

interface Cell {
  lines: string[];
  x: number;
  width: number;
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
  align?: 'left' | 'right';
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

class Layout {
  page!: PDFPage;
  y = TOP;
  private since = performance.now();

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = TOP;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  line(text: string, font: PDFFont, size: number, color = INK, x = MARGIN_X): void {
    const leading = size * LEADING;
    this.ensure(leading);
    this.page.drawText(text, { x, y: this.y - size, size, font, color });
    this.y -= leading;
  }

  async paragraph(text: string, font: PDFFont, size: number, color = INK, width = CONTENT_WIDTH): Promise<void> {
    for (const line of wrapText(text, font, size, width)) {
      this.line(line, font, size, color);
      await this.breathe();
    }
  }

  /**
   * Lets the event loop run other requests when this document has held it for a while: drawing text through fontkit
   * costs about a millisecond a line, and a long document has hundreds.
   */
  async breathe(): Promise<void> {
    if (performance.now() - this.since < BREATHE_AFTER_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }

  /**
   * A row of cells side by side. A row taller than what is left of the page continues on the next one (a row taller
   * than a whole page is split between pages); `onNewPage` redraws a table's header there.
   */
  row(cells: Cell[], options: { border: boolean; fill?: ReturnType<typeof rgb>; onNewPage?: () => void; padding?: number }): void {
    const padding = options.padding ?? CELL_PADDING;
    const leading = Math.max(...cells.map((cell) => cell.size)) * LEADING;
    const total = Math.max(1, ...cells.map((cell) => cell.lines.length));
    const perPage = Math.floor((TOP - BOTTOM - 2 * padding) / leading);
    let start = 0;
    while (start < total) {
      const fit = Math.floor((this.y - BOTTOM - 2 * padding) / leading);
      // A row that would fit whole on a fresh page is not split.
      if (fit < 1 || (start === 0 && total > fit && total <= perPage && this.y < TOP)) {
        this.newPage();
        options.onNewPage?.();
        continue;
      }
      const count = Math.min(fit, total - start);
      const height = count * leading + 2 * padding;
      for (const cell of cells) {
        if (options.fill) this.page.drawRectangle({ x: cell.x, y: this.y - height, width: cell.width, height, color: options.fill });
        if (options.border)
          this.page.drawRectangle({ x: cell.x, y: this.y - height, width: cell.width, height, borderColor: RULE, borderWidth: 0.6 });
        cell.lines.slice(start, start + count).forEach((text, index) => {
          const inner = cell.width - 2 * padding;
          const x = cell.align === 'right' ? cell.x + padding + inner - cell.font.widthOfTextAtSize(text, cell.size) : cell.x + padding;
          const baseline = this.y - padding - index * leading - (leading + cell.size * 0.62) / 2;
          this.page.drawText(text, { x, y: baseline, size: cell.size, font: cell.font, color: cell.color ?? INK });
        });
      }
      this.y -= height;
      start += count;
    }
  }

  gap(points: number): void {
    this.y -= points;
  }
}

async function drawBlock(layout: Layout, block: ExportBlock): Promise<void> {
  const { regular, bold } = layout.fonts;
  switch (block.kind) {
    case 'heading': {
      // Kept with what follows it: a heading never ends a page.
      layout.gap(8);
      layout.ensure(SIZE.heading * LEADING + 3 * SIZE.body * LEADING);
      await layout.paragraph(block.text, bold, SIZE.heading, ACCENT);
      layout.page.drawLine({
        start: { x: MARGIN_X, y: layout.y + 2 },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: layout.y + 2 },
        thickness: 0.6,
        color: RULE,
      });
      layout.gap(4);
      return;
    }
    case 'fields': {
      const labelWidth = CONTENT_WIDTH * 0.32;
      for (const row of block.rows) {
        await layout.breathe();
        layout.row(
          [
            {
              lines: wrapText(row.label, regular, SIZE.body, labelWidth - 2 * 2),
              x: MARGIN_X,
              width: labelWidth,
              font: regular,
              size: SIZE.body,
              color: MUTED,
            },
            {
              lines: wrapText(row.value, regular, SIZE.body, CONTENT_WIDTH - labelWidth - 2 * 2),
              x: MARGIN_X + labelWidth,
              width: CONTENT_WIDTH - labelWidth,
              font: regular,
              size: SIZE.body,
            },
          ],
          { border: false, padding: 2 },
        );
      }
      return;
    }
    case 'text': {
      layout.gap(4);
      layout.ensure(2 * SIZE.body * LEADING);
      await layout.paragraph(block.label, bold, SIZE.body);
      await layout.paragraph(block.text, regular, SIZE.body);
      return;
    }
    case 'note': {
      layout.gap(2);
      await layout.paragraph(block.text, regular, SIZE.note, MUTED);
      return;
    }
    case 'table': {
      layout.gap(4);
      const xs: number[] = [];
      let x = MARGIN_X;
      for (const column of block.columns) {
        xs.push(x);
        x += column.share * CONTENT_WIDTH;
      }
      const widthOf = (index: number) => (block.columns[index]?.share ?? 0) * CONTENT_WIDTH;
      const header = () =>
        layout.row(
          block.columns.map((column, index) => ({
            lines: wrapText(column.label, bold, SIZE.body, widthOf(index) - 2 * CELL_PADDING),
            x: xs[index] ?? MARGIN_X,
            width: widthOf(index),
            font: bold,
            size: SIZE.body,
            align: column.align,
          })),
          { border: true, fill: HEADER_FILL },
        );
      // The header and a first row start together.
      layout.ensure(4 * SIZE.body * LEADING);
      header();
      for (const values of block.rows) {
        await layout.breathe();
        layout.row(
          block.columns.map((column, index) => ({
            lines: wrapText(values[index] ?? '', regular, SIZE.body, widthOf(index) - 2 * CELL_PADDING),
            x: xs[index] ?? MARGIN_X,
            width: widthOf(index),
            font: regular,
            size: SIZE.body,
            align: column.align,
          })),
          { border: true, onNewPage: header },
        );
      }
      return;
    }
  }
}

/** Which fonts draw the document: Noto Sans when it covers every character, else Noto Sans SC (Chinese). */
export async function familyFor(document: ExportDocument): Promise<FontFamily> {
  if (document.language === 'zh') return 'cjk';
  return (await latinCovers(documentText(document))) ? 'latin' : 'cjk';
}

/** The document as PDF bytes. `now` stamps its creation date. */
export async function renderPdf(document: ExportDocument, now: Date): Promise<Uint8Array> {
  const family = await familyFor(document);
  const files = await fontFiles(family);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fixedFontkit(files.regular));
  // No glyph composition (ccmp): fontkit would draw "ọ" as "o" and a combining dot, and its glyph cache would then map
  // every "o" of the document back to "ọ" in the text a reader copies or searches. Noto has every Vietnamese letter
  // precomposed. (fontkit writes the defaults into the object it is given: a fresh one each time.)
  const [regular, bold] = await Promise.all([
    pdf.embedFont(files.regular, { subset: true, features: { ccmp: false } }),
    pdf.embedFont(files.bold, { subset: true, features: { ccmp: false } }),
  ]);
  pdf.setTitle(`${document.title} — ${document.subtitle}`);
  pdf.setLanguage(document.language === 'zh' ? 'zh-CN' : document.language);
  pdf.setCreator('RHC');
  pdf.setProducer('RHC (pdf-lib)');
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);

  const layout = new Layout(pdf, { regular, bold });
  if (document.clinic) {
    await layout.paragraph(document.clinic.name, bold, SIZE.body + 1, ACCENT);
    if (document.clinic.address) await layout.paragraph(document.clinic.address, regular, SIZE.note, MUTED);
    layout.gap(8);
  }
  for (const line of wrapText(document.title, bold, SIZE.title, CONTENT_WIDTH)) {
    const width = bold.widthOfTextAtSize(line, SIZE.title);
    layout.line(line, bold, SIZE.title, INK, MARGIN_X + (CONTENT_WIDTH - width) / 2);
  }
  for (const line of wrapText(document.subtitle, regular, SIZE.body, CONTENT_WIDTH)) {
    const width = regular.widthOfTextAtSize(line, SIZE.body);
    layout.line(line, regular, SIZE.body, MUTED, MARGIN_X + (CONTENT_WIDTH - width) / 2);
  }
  for (const block of document.blocks) await drawBlock(layout, block);

  // The foot of every page, once the number of pages is known.
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const label = fillPageLabel(document.pageLabel, index + 1, pages.length);
    const labelWidth = regular.widthOfTextAtSize(label, SIZE.footer);
    const [footer = ''] = wrapText(document.footer, regular, SIZE.footer, CONTENT_WIDTH - labelWidth - 16);
    page.drawLine({ start: { x: MARGIN_X, y: 44 }, end: { x: MARGIN_X + CONTENT_WIDTH, y: 44 }, thickness: 0.5, color: RULE });
    page.drawText(footer, { x: MARGIN_X, y: 30, size: SIZE.footer, font: regular, color: MUTED });
    page.drawText(label, { x: MARGIN_X + CONTENT_WIDTH - labelWidth, y: 30, size: SIZE.footer, font: regular, color: MUTED });
  });
  return pdf.save();
}
