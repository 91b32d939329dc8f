import { Badge } from '@mantine/core';
import '../styles.ts';
import type { Resources } from '@rhc/i18n';
import { IconHourglassHigh } from '@tabler/icons-react';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { BackHomeButton } from '../components/back-home-button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export type FeatureKey = keyof Resources['common']['features'];

/** Stands in for every feature not built yet, naming it, so each route of spec §2 already leads somewhere. */
export function ComingSoonPage({ feature }: { feature: FeatureKey }) {
  const { t } = useTranslation();
  const featureName = t(`features.${feature}`);
  usePageTitle(featureName);

  return (
    <StatusScreen
      icon={<IconHourglassHigh size={36} />}
      eyebrow={
        <Badge size="lg" variant="light">
          {t('comingSoon.badge')}
        </Badge>
      }
      title={featureName}
      text={t('comingSoon.text')}
      action={<BackHomeButton />}
    />
  );
}
