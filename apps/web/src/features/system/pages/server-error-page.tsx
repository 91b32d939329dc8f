import { IconServerOff } from '@tabler/icons-react';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { BackHomeButton } from '../components/back-home-button.tsx';
import { StatusCode } from '../components/status-code.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * /page-error-500/, where a 500 answer sends the person (spec §4). Also the route table's error
 * screen for a page that fails to render or to load.
 */
export function ServerErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('serverError.title'));
  return (
    <StatusScreen
      icon={<IconServerOff size={36} />}
      eyebrow={<StatusCode code={500} />}
      title={t('serverError.title')}
      text={t('serverError.text')}
      action={<BackHomeButton />}
    />
  );
}
