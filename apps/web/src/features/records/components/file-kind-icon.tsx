import type { FileKind } from '@rhc/domain';
import {
  IconArchive,
  IconFile,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypeXls,
  IconFileTypeZip,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';

/** Spec §2: the file icons vary by word, pdf, rar, excel, zip or other (images get a picture). */
const ICONS: Record<FileKind | 'other', { icon: Icon; color: string }> = {
  image: { icon: IconPhoto, color: 'var(--mantine-color-teal-7)' },
  pdf: { icon: IconFileTypePdf, color: 'var(--mantine-color-red-7)' },
  word: { icon: IconFileTypeDoc, color: 'var(--mantine-color-blue-7)' },
  excel: { icon: IconFileTypeXls, color: 'var(--mantine-color-green-8)' },
  zip: { icon: IconFileTypeZip, color: 'var(--mantine-color-yellow-9)' },
  rar: { icon: IconArchive, color: 'var(--mantine-color-violet-7)' },
  other: { icon: IconFile, color: 'var(--mantine-color-gray-7)' },
};

/** The icon of a file's kind; decorative (the file's name says what it is), so hidden from assistive technology. */
export function FileKindIcon({ kind, size = 22 }: { kind: FileKind | 'other'; size?: number }) {
  const { icon: KindIcon, color } = ICONS[kind];
  return <KindIcon size={size} color={color} aria-hidden="true" data-kind={kind} style={{ flexShrink: 0 }} />;
}
