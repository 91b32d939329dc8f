import type { VaccinationStatus } from '@rhc/domain';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus, IconCircleX, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import pill from '../../../components/ui/tone-pill.module.css';

const ICONS: Record<VaccinationStatus, TablerIcon> = {
  full: IconCircleCheck,
  partial: IconAlertTriangle,
  none: IconCircleX,
  outside_age_range: IconCircleMinus,
};
const TONES: Record<VaccinationStatus, string | undefined> = {
  full: pill.good,
  partial: pill.careful,
  none: pill.bad,
  outside_age_range: pill.neutral,
};

/** A vaccine's status (spec §4) in words, with its icon and tint: the colour is never the only sign. */
export function StatusBadge({ status }: { status: VaccinationStatus }) {
  const { t } = useTranslation('vaccines');
  const Icon = ICONS[status];
  return (
    <span className={`${pill.pill} ${pill.large} ${TONES[status]}`} data-status={status} data-testid="vaccine-status">
      <Icon size={16} aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
