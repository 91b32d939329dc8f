import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type ParagraphChild,
} from 'docx';
import { LANGUAGE_LOCALES } from '@rhc/i18n';
import { printable, type ExportBlock, type ExportDocument } from './export-document.ts';
import { DOCX_FONT_NAMES } from './fonts.ts';

/*
 * The order as a Word document (.docx, the `docx` package): the same model as the PDF. Fonts are named, not embedded —
 * Noto Sans for Latin and Vietnamese, Noto Sans SC for East Asian text (and for the whole of a Chinese document) — and
 * Word falls back to a font of the reader's that has the characters when Noto is not installed. The prescription is a
 * real table whose header row repeats on every page.
 */

const A4_TWIPS = { width: 11906, height: 16838 };
const MARGIN_TWIPS = 1000;
const CONTENT_TWIPS = A4_TWIPS.width - 2 * MARGIN_TWIPS;
/** Half-points. */
const SIZE = { title: 32, heading: 24, body: 20, note: 17 };
const MUTED = '5F6B7A';
const ACCENT = '0D6685';

/** Runs of a text, its line breaks kept. */
function runs(text: string, options: { bold?: boolean; color?: string; size?: number } = {}): ParagraphChild[] {
  return printable(text)
    .split('\n')
    .map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : 0, ...options }));
}

const CELL_BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'B8C2CC' };
const CELL_BORDERS = { top: CELL_BORDER, bottom: CELL_BORDER, left: CELL_BORDER, right: CELL_BORDER };
const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const NO_BORDERS = {
  top: NO_BORDER,
  bottom: NO_BORDER,
  left: NO_BORDER,
  right: NO_BORDER,
  insideHorizontal: NO_BORDER,
  insideVertical: NO_BORDER,
};

function block(item: ExportBlock): (Paragraph | Table)[] {
  switch (item.kind) {
    case 'heading':
      return [
        new Paragraph({
          heading: HeadingLevel.HEADING_2,
          keepNext: true,
          spacing: { before: 240, after: 80 },
          children: runs(item.text, { bold: true, color: ACCENT, size: SIZE.heading }),
        }),
      ];
    case 'fields':
      return [
        new Table({
          width: { size: CONTENT_TWIPS, type: WidthType.DXA },
          columnWidths: [Math.round(CONTENT_TWIPS * 0.32), Math.round(CONTENT_TWIPS * 0.68)],
          borders: NO_BORDERS,
          rows: item.rows.map(
            (row) =>
              new TableRow({
                children: [
                  new TableCell({
                    width: { size: Math.round(CONTENT_TWIPS * 0.32), type: WidthType.DXA },
                    borders: NO_BORDERS,
                    children: [new Paragraph({ children: runs(row.label, { color: MUTED }) })],
                  }),
                  new TableCell({
                    width: { size: Math.round(CONTENT_TWIPS * 0.68), type: WidthType.DXA },
                    borders: NO_BORDERS,
                    children: [new Paragraph({ children: runs(row.value) })],
                  }),
                ],
              }),
          ),
        }),
      ];
    case 'text':
      return [
        new Paragraph({ keepNext: true, spacing: { before: 120 }, children: runs(item.label, { bold: true }) }),
        new Paragraph({ children: runs(item.text) }),
      ];
    case 'note':
      return [new Paragraph({ spacing: { before: 80 }, children: runs(item.text, { color: MUTED, size: SIZE.note }) })];
    case 'table': {
      const widths = item.columns.map((column) => Math.round(column.share * CONTENT_TWIPS));
      const cell = (text: string, index: number, header: boolean) =>
        new TableCell({
          width: { size: widths[index] ?? 0, type: WidthType.DXA },
          borders: CELL_BORDERS,
          margins: { top: 60, bottom: 60, left: 80, right: 80 },
          ...(header ? { shading: { type: ShadingType.CLEAR, fill: 'EBF2F9', color: 'auto' } } : {}),
          children: [
            new Paragraph({
              alignment: item.columns[index]?.align === 'right' ? AlignmentType.RIGHT : AlignmentType.LEFT,
              children: runs(text, { bold: header }),
            }),
          ],
        });
      return [
        new Table({
          width: { size: CONTENT_TWIPS, type: WidthType.DXA },
          columnWidths: widths,
          rows: [
            new TableRow({
              tableHeader: true,
              cantSplit: true,
              children: item.columns.map((column, index) => cell(column.label, index, true)),
            }),
            ...item.rows.map(
              (values) =>
                new TableRow({ cantSplit: true, children: item.columns.map((_, index) => cell(values[index] ?? '', index, false)) }),
            ),
          ],
        }),
      ];
    }
  }
}

/** The document as .docx bytes. */
export async function renderDocx(document: ExportDocument): Promise<Uint8Array> {
  const chinese = document.language === 'zh';
  const latin = chinese ? DOCX_FONT_NAMES.cjk : DOCX_FONT_NAMES.latin;
  const font = { ascii: latin, hAnsi: latin, cs: latin, eastAsia: DOCX_FONT_NAMES.cjk };
  const language = LANGUAGE_LOCALES[document.language];
  // A page label as Word numbers it: "Trang {{page}}/{{pages}}" with its two fields.
  const [before = '', middle = '', after = ''] = document.pageLabel.split(/\{\{pages?\}\}/);
  const file = new Document({
    creator: 'RHC',
    title: `${document.title} — ${document.subtitle}`,
    lastModifiedBy: 'RHC',
    styles: {
      default: {
        document: {
          run: { font, size: SIZE.body, language: { value: language, eastAsia: 'zh-CN' } },
          paragraph: { spacing: { after: 40, line: 300 } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: { size: A4_TWIPS, margin: { top: MARGIN_TWIPS, bottom: MARGIN_TWIPS, left: MARGIN_TWIPS, right: MARGIN_TWIPS } },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({ children: runs(document.footer, { color: MUTED, size: SIZE.note }) }),
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun({
                    children: [before, PageNumber.CURRENT, middle, PageNumber.TOTAL_PAGES, after],
                    color: MUTED,
                    size: SIZE.note,
                  }),
                ],
              }),
            ],
          }),
        },
        children: [
          ...(document.clinic
            ? [
                new Paragraph({ children: runs(document.clinic.name, { bold: true, color: ACCENT }) }),
                ...(document.clinic.address
                  ? [new Paragraph({ children: runs(document.clinic.address, { color: MUTED, size: SIZE.note }) })]
                  : []),
              ]
            : []),
          new Paragraph({
            heading: HeadingLevel.TITLE,
            alignment: AlignmentType.CENTER,
            spacing: { before: 200 },
            children: runs(document.title, { bold: true, size: SIZE.title }),
          }),
          new Paragraph({ alignment: AlignmentType.CENTER, children: runs(document.subtitle, { color: MUTED }) }),
          ...document.blocks.flatMap(block),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(file));
}
