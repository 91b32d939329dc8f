import { IconMapPinOff } from '@tabler/icons-react';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { BackHomeButton } from '../components/back-home-button.tsx';
import { StatusCode } from '../components/status-code.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** Any path outside the route table (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <StatusScreen
      icon={<IconMapPinOff size={36} />}
      eyebrow={<StatusCode code={404} />}
      title={t('notFound.title')}
      text={t('notFound.text')}
      action={<BackHomeButton />}
    />
  );
}
