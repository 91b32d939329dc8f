import { Alert, Stack } from '@mantine/core';
import '../styles.ts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorState, LoadingState } from '../../../components/ui/query-state.tsx';
import { LicenceForm } from '../../../components/licence/licence-form.tsx';
import { useDoctorLicence } from '../licence-api.ts';
import { FormSection } from './form-section.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * /infouser/ for a doctor (issue 17): the practising licence number (chứng chỉ hành nghề) that writing a diagnosis or a
 * prescription, and confirming an online booking, need — shown, added and changed (GET/PUT /doctor-licence/{userId}).
 */
export function LicenceSection({ userId }: { userId: string }) {
  const { t } = useTranslation('accounts');
  const licence = useDoctorLicence(userId, true);
  return (
    <FormSection title={t('licence.title')} text={t('licence.text')}>
      {licence.data ? (
        <Stack gap="md">
          {!licence.data.licenceNumber && (
            <Alert color="orange" icon={<IconAlertTriangle aria-hidden="true" />} data-testid="licence-missing">
              {t('licence.missing')}
            </Alert>
          )}
          <LicenceForm key={licence.data.licenceNumber ?? ''} userId={userId} saved={licence.data.licenceNumber} />
        </Stack>
      ) : licence.isError ? (
        <ErrorState message={licence.error.message} onRetry={() => void licence.refetch()} />
      ) : (
        <LoadingState minHeight={100} />
      )}
    </FormSection>
  );
}
