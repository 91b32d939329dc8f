import { Alert, Button, Center, type MantineSize } from '@mantine/core';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';
import { Spinner } from './spinner.tsx';

/** The loading spinner of a screen part, announced as `label` (the common "Loading…" unless given). */
export function LoadingState({ minHeight = 160, size, label }: { minHeight?: number; size?: MantineSize; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <Center mih={minHeight} role="status" aria-label={label ?? t('loading')}>
      <Spinner size={size} />
    </Center>
  );
}

/** A failed load: the message (the server's, after any lead-in of the caller's) and a retry. */
export function ErrorState({ message, onRetry, mt }: { message: string; onRetry: () => void; mt?: number }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert" mt={mt}>
      {message}{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
