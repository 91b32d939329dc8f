import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { IconFileTypeDocx, IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { checkResultExport, ORDER_STATUS } from '@rhc/domain';
import { orderExportUrl, useResultRecord } from '../api.ts';
import { useTranslation } from '../../../lib/i18n.ts';

// The dialog (its form and validation) loads only when someone opens it.
const SendMailDialog = lazy(async () => ({ default: (await import('./send-mail-dialog.tsx')).SendMailDialog }));

/** The two files an order is exported as, in the order the buttons show them. */
const DOWNLOADS = [
  { format: 'pdf', icon: IconFileTypePdf, label: 'actions.downloadPdf' },
  { format: 'docx', icon: IconFileTypeDocx, label: 'actions.downloadWord' },
] as const;

/**
 * The order as a file (issue 17, spec §2 "download as PDF or document, send by e-mail"), for the order's page: the PDF
 * and the Word file in the app's language, and the PDF by e-mail. Handed to the order page by the route. Offered only
 * where there is something to export (issue 54 item 21, `checkResultExport`, the server's rule): a booking whose result
 * is written and that is not cancelled; else nothing shows.
 */
export function OrderExportActions({ orderId, status, patientEmail }: { orderId: string; status: number; patientEmail: string | null }) {
  const { t, i18n } = useTranslation('exports');
  const language = i18n.language;
  const [mailing, setMailing] = useState(false);
  const record = useResultRecord(orderId, status !== ORDER_STATUS.cancelled);
  if (!record.data || checkResultExport({ status, examined: record.data.examination !== null }) !== null) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={`export-${orderId}`}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={`export-${orderId}`}>
          {t('actions.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('actions.hint')}
        </Text>
        <Group gap="sm">
          {DOWNLOADS.map(({ format, icon: Icon, label }) => (
            <Button
              key={format}
              component="a"
              href={orderExportUrl(orderId, language, format)}
              download
              variant="light"
              leftSection={<Icon size={18} aria-hidden="true" />}
            >
              {t(label)}
            </Button>
          ))}
          <Button variant="light" leftSection={<IconMail size={18} aria-hidden="true" />} onClick={() => setMailing(true)}>
            {t('actions.sendMail')}
          </Button>
        </Group>
      </Stack>
      {mailing && (
        <Suspense fallback={null}>
          <SendMailDialog orderId={orderId} patientEmail={patientEmail} onClose={() => setMailing(false)} />
        </Suspense>
      )}
    </Paper>
  );
}
