import { Badge } from '@mantine/core';
import '../styles.ts';
import type { Resources } from '@rhc/i18n';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { StatusScreen } from '../../../components/ui/status-screen.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { BackHomeButton } from '../components/back-home-button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export type FeatureKey = keyof Resources['common']['features'];

/** The route `handle` that tells the coming-soon page which feature the route belongs to. */
export type ComingSoonHandle = { feature: FeatureKey };

function isComingSoonHandle(handle: unknown): handle is ComingSoonHandle {
  return typeof handle === 'object' && handle !== null && 'feature' in handle;
}

function useComingSoonFeature(): FeatureKey {
  const handle = useMatches().findLast((match) => isComingSoonHandle(match.handle))?.handle;
  if (!isComingSoonHandle(handle)) throw new Error('A coming-soon route needs a { feature } handle');
  return handle.feature;
}

/** Stands in for every feature not built yet, naming it, so each route of spec §2 already leads somewhere. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const featureName = t(`features.${useComingSoonFeature()}`);
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
