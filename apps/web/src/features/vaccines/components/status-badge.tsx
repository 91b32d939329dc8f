import type { VaccinationStatus } from '@rhc/domain';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus, IconCircleX, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from '../vaccines.module.css';

const ICONS: Record<VaccinationStatus, TablerIcon> = {
  full: IconCircleCheck,
  partial: IconAlertTriangle,
  none: IconCircleX,
  outside_age_range: IconCircleMinus,
};

/** A vaccine's status (spec §4) in words, with its icon and tint: the colour is never the only sign. */
export function StatusBadge({ status }: { status: VaccinationStatus }) {
  const { t } = useTranslation('vaccines');
  const Icon = ICONS[status];
  return (
    <span className={classes.status} data-status={status} data-testid="vaccine-status">
      <Icon size={16} aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}
