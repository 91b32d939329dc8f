import { ActionIcon, Badge, Button, FileInput, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import '../styles.ts';
import type { Document } from '@rhc/contracts';
import {
  checkPickedFiles,
  DISPLAY_NAME_MAX_LENGTH,
  FILE_ACCEPT,
  fileKindOfName,
  MEDIA_TYPES_BY_KIND,
  PRESCRIPTION_MAX_FILES,
  TYPE_EXAM,
  TYPE_EXAMS,
  type FileCheckMessage,
  type TypeExam,
  type UploadArea,
  type UploadMode,
} from '@rhc/domain';
import { IconPaperclip, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { FileKindIcon } from './file-kind-icon.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { StoredDocument } from './stored-document.tsx';

/** One row of the widget: a file not yet sent, its display name and its type (spec §3 "File entry"). */
export interface UploadRow {
  key: string;
  file: File | null;
  displayName: string;
  typeExam: TypeExam;
}

let nextKey = 0;
export function newUploadRow(typeExam: TypeExam): UploadRow {
  nextKey += 1;
  return { key: `row-${nextKey}`, file: null, displayName: '', typeExam };
}

/** The shared rules (packages/domain) over an area's rows: the first message that applies, or null. */
export function checkRows(rows: readonly UploadRow[], mode: UploadMode, area: UploadArea, storedCount = 0): FileCheckMessage | null {
  return checkPickedFiles(
    rows.map((row) => ({ size: row.file?.size ?? null, typeExam: row.typeExam, mediaType: row.file?.type || undefined })),
    mode,
    area,
    storedCount,
  );
}

/** How many files an area takes: the screen's mode, and at most 5 prescription images (spec §5). */
export function areaLimit(mode: UploadMode, area: UploadArea): number {
  return area === 'prescription' ? Math.min(mode, PRESCRIPTION_MAX_FILES) : mode;
}

const IMAGE_ACCEPT = [...MEDIA_TYPES_BY_KIND.image, '.jpg', '.jpeg', '.png', '.webp', '.gif'].join(',');

export interface UploadWidgetProps {
  /** The widget's element id (e.g. to scroll to its message). */
  id?: string;
  area: UploadArea;
  mode: UploadMode;
  /** The area's heading, also the name of its group of controls. */
  title: string;
  rows: readonly UploadRow[];
  onRowsChange: (rows: UploadRow[]) => void;
  /** Files already saved: each links to its download path. */
  stored?: readonly Document[];
  /** Given while editing: the stored file's delete action (the caller confirms). */
  onDeleteStored?: (document: Document) => void;
  editable: boolean;
  /** A message the caller found on submit (a key already translated). */
  error?: string | null;
  /** The types a new file may have, when the screen fixes them (a lab result is type 1, an imaging result type 2). */
  types?: readonly TypeExam[];
}

/**
 * The upload widget of spec §2, self-contained (the record screen's two areas; an order's documents in 20-file mode):
 * one row per file with a file chooser, a display name, a type select and a delete action; the add button (add
 * prescription / add document); the total file counter; the stored files with their icon and download link. The
 * shared rules of packages/domain check a pick as it is made; the caller checks again before sending.
 */
export function UploadWidget(props: UploadWidgetProps) {
  const { id, area, mode, title, rows, onRowsChange, stored = [], onDeleteStored, editable, error } = props;
  const { t } = useTranslation('records');
  const headingId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const limit = areaLimit(mode, area);
  const count = stored.length + rows.length;
  const types: readonly TypeExam[] =
    props.types ?? (area === 'prescription' ? [TYPE_EXAM.prescription] : TYPE_EXAMS.filter((type) => type !== TYPE_EXAM.prescription));
  // What the rules say of the files picked so far (an empty row is only an error once the person saves).
  const live = checkRows(
    rows.filter((row) => row.file !== null),
    mode,
    area,
    stored.length + rows.filter((row) => row.file === null).length,
  );
  const message = refusal ?? (live ? t(live) : null) ?? error ?? null;

  const change = (key: string, patch: Partial<UploadRow>) => {
    setRefusal(null);
    onRowsChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  };
  const add = () => {
    if (count >= limit) {
      setRefusal(t('detail.too-many-files'));
      return;
    }
    setRefusal(null);
    onRowsChange([...rows, newUploadRow(types[0] ?? TYPE_EXAM.other)]);
  };

  return (
    <Stack gap="sm" role="group" aria-labelledby={headingId} id={id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text id={headingId} fw={600}>
          {title}
        </Text>
        <Badge variant="light" color={count >= limit ? 'orange' : 'blue'} tt="none" aria-live="polite">
          {t('upload.counter', { count, max: limit })}
        </Badge>
      </Group>

      {stored.length === 0 && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {editable ? t('upload.emptyEditable') : t('upload.empty')}
        </Text>
      )}

      {stored.length > 0 && (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('upload.storedList', { title })}>
          {stored.map((document) => (
            <Paper key={document.id} component="li" withBorder radius="sm" px="sm" py={6}>
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <StoredDocument document={document} />
                </Group>
                {/* Only what the server says the caller may delete: the other party's files show without it (issue 54). */}
                {editable && onDeleteStored && document.canDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => onDeleteStored(document)}
                    aria-label={t('upload.deleteStored', { name: document.fileName })}
                  >
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {editable &&
        rows.map((row, index) => {
          const number = stored.length + index + 1;
          return (
            <Paper key={row.key} withBorder radius="sm" p="sm" data-testid={`upload-row-${area}`}>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <FileKindIcon kind={row.file ? fileKindOfName(row.file.name) : 'other'} />
                <FileInput
                  style={{ flex: '2 1 200px' }}
                  label={t('upload.file', { number })}
                  placeholder={t('upload.choose')}
                  accept={area === 'prescription' ? IMAGE_ACCEPT : FILE_ACCEPT}
                  value={row.file}
                  onChange={(file) => change(row.key, { file })}
                  leftSection={<IconPaperclip size={16} aria-hidden="true" />}
                  clearable
                  clearButtonProps={{ 'aria-label': t('upload.clearFile', { number }) }}
                />
                <TextInput
                  style={{ flex: '2 1 180px' }}
                  label={t('upload.displayName', { number })}
                  placeholder={row.file?.name ?? ''}
                  maxLength={DISPLAY_NAME_MAX_LENGTH}
                  value={row.displayName}
                  onChange={(event) => change(row.key, { displayName: event.currentTarget.value })}
                />
                <Select
                  style={{ flex: '1 1 140px' }}
                  label={t('upload.type', { number })}
                  data={types.map((type) => ({ value: String(type), label: t(`typeExam.${type}`) }))}
                  value={String(row.typeExam)}
                  onChange={(value) => value && change(row.key, { typeExam: Number(value) as TypeExam })}
                  allowDeselect={false}
                  readOnly={types.length === 1}
                />
                <ActionIcon
                  variant="light"
                  color="red"
                  size="lg"
                  mb={2}
                  onClick={() => {
                    setRefusal(null);
                    onRowsChange(rows.filter((other) => other.key !== row.key));
                  }}
                  aria-label={t('upload.removeRow', { number })}
                >
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </Group>
            </Paper>
          );
        })}

      {message && (
        <Text size="sm" c="red.8" role="alert">
          {message}
        </Text>
      )}

      {editable && (
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={add}>
            {area === 'prescription' ? t('upload.addPrescription') : t('upload.addDocument')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
