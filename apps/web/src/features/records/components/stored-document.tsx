import { Anchor, Stack, Text } from '@mantine/core';
import '../styles.ts';
import type { Document } from '@rhc/contracts';
import { useTranslation } from '../../../lib/i18n.ts';
import { FileKindIcon } from './file-kind-icon.tsx';

/** A stored file as a list shows it: its kind's icon, its name (the download) and, under it, its type and size. */
export function StoredDocument({ document }: { document: Document }) {
  const { t } = useTranslation('records');
  return (
    <>
      <FileKindIcon kind={document.type} />
      <Stack gap={0} miw={0}>
        <Anchor href={document.dowloadUri} download={document.fileName} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {document.fileName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {t(`typeExam.${document.typeExam}`)} · {formatSize(document.size)}
        </Text>
      </Stack>
    </>
  );
}

/** A file's size for people: KB under a megabyte, else MB with one decimal. */
function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
