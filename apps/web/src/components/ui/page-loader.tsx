import { Center } from '@mantine/core';
import { useTranslation } from '../../lib/i18n.ts';
import { Spinner } from './spinner.tsx';

/** Shown while a page's code is still loading on the first visit. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-label={t('loading')}>
      <Spinner />
    </Center>
  );
}
