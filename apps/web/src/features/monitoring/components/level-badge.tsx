import type { HealthColour } from '@rhc/domain';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus, IconUrgent } from '@tabler/icons-react';
import pill from '../../../components/ui/tone-pill.module.css';
import { useTranslation } from '../../../lib/i18n.ts';

const ICONS = { green: IconCircleCheck, yellow: IconAlertTriangle, red: IconUrgent, none: IconCircleMinus };
const TONES = { green: pill.good, yellow: pill.careful, red: pill.bad, none: pill.neutral };

/**
 * A value's level (spec §9 colours; the yellow one is spec §4's "careful"), shown as a tinted pill with an icon and
 * its name, so the colour is never the only sign; `label` names the band. A green value shows its band alone (spec §9 keeps
 * pre-diabetes green: "Normal · Pre-diabetes" would contradict itself); yellow says "Careful", red "Danger" before it.
 */
export function LevelBadge({ colour, label }: { colour: HealthColour | null; label: string }) {
  const { t } = useTranslation('monitoring');
  const key = colour ?? 'none';
  const Icon = ICONS[key];
  return (
    <span className={`${pill.pill} ${TONES[key]}`} data-colour={key}>
      <Icon size={14} aria-hidden="true" />
      {colour && colour !== 'green' ? `${t(`levels.${colour}`)} · ${label}` : label}
    </span>
  );
}
