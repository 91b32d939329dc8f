import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../strings.ts';

/** The loading spinner of a screen part. */
export function LoadingState() {
  const { t } = useTranslation('common');
  return (
    <Center mih={160} role="status" aria-label={t('loading')}>
      <Loader />
    </Center>
  );
}

/** A failed load: the server's message and a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {message}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
