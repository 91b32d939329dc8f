import fs from 'node:fs/promises';

/**
 * What a file is, by its content (decision 024, R8): never by its name or the type the browser declared. Images (JPEG,
 * PNG, WebP, GIF), PDF, Word and Excel (the old OLE compound files and the OOXML zips), zip and rar; anything else —
 * an executable renamed `.pdf`, a script, HTML — is undefined and refused.
 */
export type SniffedType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'image/gif'
  | 'application/pdf'
  | 'application/msword'
  | 'application/vnd.ms-excel'
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'application/zip'
  | 'application/vnd.rar';

/** How many first bytes the sniffer needs (the spool keeps them). */
export const SNIFF_HEAD_BYTES = 4096;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RAR4_MAGIC = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]);
const RAR5_MAGIC = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]);

function startsWith(head: Buffer, magic: Buffer | string): boolean {
  const bytes = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : magic;
  return head.length >= bytes.length && head.subarray(0, bytes.length).equals(bytes);
}

/**
 * The type of the spooled file at `filePath` whose first bytes are `head`, reading at most the zip's central directory
 * (≤ 1 MB at its end) or, for an OLE file, scanning for its main stream's name.
 */
export async function sniffFile(filePath: string, head: Buffer, size: number): Promise<SniffedType | undefined> {
  if (startsWith(head, Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (startsWith(head, PNG_MAGIC)) return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'image/gif';
  if (startsWith(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, RAR4_MAGIC) || startsWith(head, RAR5_MAGIC)) return 'application/vnd.rar';
  if (startsWith(head, 'PK\u0003\u0004') || startsWith(head, 'PK\u0005\u0006')) {
    const names = await zipEntryNames(filePath, size);
    if (names === undefined) return undefined;
    if (names.has('[Content_Types].xml') && names.has('word/document.xml'))
      return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (names.has('[Content_Types].xml') && names.has('xl/workbook.xml'))
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return 'application/zip';
  }
  if (startsWith(head, OLE_MAGIC)) return oleType(filePath);
  return undefined;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const MAX_CENTRAL_DIRECTORY = 1024 * 1024;
const MAX_ENTRIES = 10_000;

/** The entry names of a zip from its central directory; undefined when it is not a well-formed zip. */
async function zipEntryNames(filePath: string, size: number): Promise<Set<string> | undefined> {
  const handle = await fs.open(filePath, 'r');
  try {
    // The end-of-central-directory record: 22 bytes plus a comment of at most 65535 bytes, at the file's end.
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return undefined;
    const entries = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (entries > MAX_ENTRIES || directorySize > MAX_CENTRAL_DIRECTORY || directoryOffset + directorySize > size) return undefined;
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const names = new Set<string>();
    let at = 0;
    for (let i = 0; i < entries; i += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) return undefined;
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      names.add(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}

const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const EXCEL_STREAMS = [Buffer.from('Workbook', 'utf16le'), Buffer.from('Book\u0000', 'utf16le')];

/**
 * An OLE compound file is a Word document when it has a `WordDocument` stream, an Excel workbook with `Workbook` (or
 * the older `Book`); other compound files (Outlook messages, installers) are refused. The directory's names are
 * UTF-16; the file (≤ 10 MB) is scanned in chunks.
 */
async function oleType(filePath: string): Promise<SniffedType | undefined> {
  const handle = await fs.open(filePath, 'r');
  try {
    const chunk = Buffer.alloc(256 * 1024);
    const overlap = 32;
    let position = 0;
    let carry = Buffer.alloc(0);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return undefined;
      const window = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
      if (window.includes(WORD_STREAM)) return 'application/msword';
      if (EXCEL_STREAMS.some((name) => window.includes(name))) return 'application/vnd.ms-excel';
      carry = window.subarray(Math.max(0, window.length - overlap));
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}
