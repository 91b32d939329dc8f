import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import type { Order } from '@rhc/contracts';
import { DATE_INPUT_FORMAT, isResultCategory, type ResultCategory } from '@rhc/domain';
import { IconDownload, IconFlask } from '@tabler/icons-react';
import { generatePath, Link } from 'react-router';
import { LabelledValue } from '../../../components/ui/labelled-value.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { paths } from '../../../config/paths.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOrderResults } from '../api.ts';

/** The staff's screen of a results category's order (spec §2 `/diagnostictestdoctoredit/{id}`, `/imageanalysationedoctoredit/{id}`). */
export function resultsStaffPath(category: ResultCategory, orderId: string): string {
  return generatePath(category === 'lab' ? paths.diagnosticTestDoctorEdit : paths.imagingDoctorEdit, { id: orderId });
}

/**
 * The results of a lab or imaging order on its page (issue 51, decision 046): when the sample was taken or the scan
 * done, the result files to download and the conclusion; its staff also get the way to their screen. Nothing for an
 * order of another category.
 */
export function OrderResultsSection({ order, asStaff }: { order: Order; asStaff: boolean }) {
  if (!isResultCategory(order.category)) return null;
  return <Results order={order} category={order.category} asStaff={asStaff} />;
}

function Results({ order, category, asStaff }: { order: Order; category: ResultCategory; asStaff: boolean }) {
  const { t } = useTranslation('lab-results');
  const results = useOrderResults(order.id, category);
  const data = results.data;
  const headingId = `results-${order.id}`;
  const hasResults = !!data && (data.files.length > 0 || !!data.conclusion);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={headingId}>
            {t(`section.${category}`)}
          </Title>
          {asStaff && (
            <Button
              component={Link}
              to={resultsStaffPath(category, order.id)}
              variant="light"
              leftSection={<IconFlask size={18} aria-hidden="true" />}
            >
              {t('link')}
            </Button>
          )}
        </Group>
        {results.error ? (
          <ErrorState message={results.error.message} onRetry={() => void results.refetch()} />
        ) : !data ? (
          <LoadingState minHeight={60} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {data.performedAt
                ? t(category === 'lab' ? 'performed.atLab' : 'performed.atImaging', {
                    time: formatInstant(data.performedAt, `HH:mm ${DATE_INPUT_FORMAT}`),
                  })
                : t(category === 'lab' ? 'performed.notYetLab' : 'performed.notYetImaging')}
            </Text>
            {!hasResults ? (
              <Text c="dimmed">{t('status.waiting')}</Text>
            ) : (
              <>
                {data.conclusion && (
                  <LabelledValue wrap="pre-wrap" label={t('conclusion.label')}>
                    {data.conclusion}
                  </LabelledValue>
                )}
                {data.concludedBy && (
                  <Text size="sm" c="dimmed" mt={-8}>
                    {t('conclusion.by', { name: data.concludedBy.fullName })}
                  </Text>
                )}
                <Stack gap={6}>
                  <Text fw={600}>{t('files.title')}</Text>
                  {data.files.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('files.empty')}
                    </Text>
                  ) : (
                    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                      {data.files.map((file) => (
                        <li key={file.id}>
                          <Anchor
                            href={file.dowloadUri}
                            download={file.fileName}
                            aria-label={t('files.download', { name: file.fileName })}
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            <Group gap={6} wrap="nowrap" component="span">
                              <IconDownload size={16} aria-hidden="true" />
                              {file.fileName}
                            </Group>
                          </Anchor>
                        </li>
                      ))}
                    </Stack>
                  )}
                </Stack>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
