/**
 * One document model of an order (issue 17), built once from the order and its clinical record and drawn by both
 * renderers (pdf.ts, docx.ts), so the PDF and the Word file always say the same thing. Texts are already translated.
 */
export type ExportBlock =
  /** A section title. */
  | { kind: 'heading'; text: string }
  /** Label and value pairs (the patient's details, the examination's). */
  | { kind: 'fields'; rows: { label: string; value: string }[] }
  /** A labelled free text (diagnosis, advice): may be long, keeps its line breaks. */
  | { kind: 'text'; label: string; text: string }
  /** A remark in a smaller, muted type. */
  | { kind: 'note'; text: string }
  /** The prescription table: its header repeats on every page it runs onto. */
  | { kind: 'table'; columns: ExportColumn[]; rows: string[][] };

export interface ExportColumn {
  label: string;
  /** Share of the table's width (the shares add up to 1). */
  share: number;
  align?: 'left' | 'right';
}

export interface ExportDocument {
  /** Drives the font family (Chinese text is set in Noto Sans SC) and the document's language tag. */
  language: 'vi' | 'en' | 'zh';
  /** The clinic (work place) heading the first page; null for an online examination without one. */
  clinic: { name: string; address: string } | null;
  title: string;
  subtitle: string;
  blocks: ExportBlock[];
  /** The line at the foot of every page (when and by what it was made). */
  footer: string;
  /** "Page {{page}} of {{pages}}": the renderer fills in the two numbers (the model is plain data, sent to a worker). */
  pageLabel: string;
  /** The document's name (no extension), e.g. "Kết quả khám RHC-1A2B3C". */
  fileName: string;
}

/** Every text of the document, to choose a font that draws them all. */
export function documentText(document: ExportDocument): string {
  const parts = [document.clinic?.name ?? '', document.clinic?.address ?? '', document.title, document.subtitle, document.footer];
  for (const block of document.blocks) {
    if (block.kind === 'heading' || block.kind === 'note') parts.push(block.text);
    else if (block.kind === 'text') parts.push(block.label, block.text);
    else if (block.kind === 'fields') for (const row of block.rows) parts.push(row.label, row.value);
    else parts.push(...block.columns.map((column) => column.label), ...block.rows.flat());
  }
  return parts.join('\n');
}

/**
 * Text as it can be drawn: line breaks normalised, tabs as spaces, other control characters (which no font draws and
 * which a Word file refuses) removed.
 */
export function printable(text: string): string {
  return (
    text
      // Precomposed letters: a Vietnamese vowel typed as a base and combining marks is drawn as one glyph.
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, '    ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b\ufeff]/g, '')
  );
}

/** A page label with its numbers. */
export function fillPageLabel(template: string, page: number, pages: number): string {
  return template.replace('{{page}}', String(page)).replace('{{pages}}', String(pages));
}
