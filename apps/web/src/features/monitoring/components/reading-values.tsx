import { Alert, Text } from '@mantine/core';
import '../styles.ts';
import type { Measurement } from '@rhc/contracts';
import { IconPhoneCall } from '@tabler/icons-react';
import { sugarIn } from '../hooks/use-sugar-unit.ts';
import classes from '../monitoring.module.css';
import { formatNumber } from '../../../lib/format-number.ts';
import { LevelBadge } from './level-badge.tsx';
import type { BloodSugarUnit, BmiAsiaClass, BmiBand, HealthColour } from '@rhc/domain';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * A BMI's class (issue 54 item 17): the Asia-Pacific class used in Vietnam leads (domain-rules §3.4), the WHO
 * international band (the spec's) is named beneath it when it differs, so "Thừa cân" and "Béo phì độ I" never read as
 * two verdicts. The colour stays the spec's (§9).
 */
function BmiClass({ band, colour, asiaPacific }: { band: BmiBand; colour: HealthColour | null; asiaPacific: BmiAsiaClass | null }) {
  const { t } = useTranslation('monitoring');
  const who = t(`bands.bmi.${band}`);
  if (!asiaPacific) return <LevelBadge colour={colour} label={who} />;
  const asia = t(`bands.asiaPacific.${asiaPacific}`);
  return (
    <>
      <LevelBadge colour={colour} label={asia} />
      <Text size="xs" c="dimmed">
        {asia === who ? t('bmiScale.same') : t('bmiScale.differs', { class: who })}
      </Text>
    </>
  );
}

function Value({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <div className={classes.value}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {children}
    </div>
  );
}

/** A reading's values, each with its level and translated band (or why it has none), and the urgent-care sentence. */
export function ReadingValues({ reading, unit }: { reading: Measurement; unit: BloodSugarUnit }) {
  const { t, i18n } = useTranslation('monitoring');
  const n = (value: number) => formatNumber(i18n.language, value);
  const { assessment } = reading;
  const under18 = <LevelBadge colour={null} label={t('under18')} />;
  return (
    <>
      <div className={classes.values}>
        {reading.systolic !== null && reading.diastolic !== null && (
          <Value label={t('fields.bloodPressure')} value={`${n(reading.systolic)}/${n(reading.diastolic)} ${t('units.mmHg')}`}>
            {assessment.bloodPressure?.band ? (
              <LevelBadge colour={assessment.bloodPressure.colour} label={t(`bands.bloodPressure.${assessment.bloodPressure.band}`)} />
            ) : (
              under18
            )}
          </Value>
        )}
        {reading.heartRate !== null && (
          <Value label={t('fields.heartRate')} value={`${n(reading.heartRate)} ${t('units.bpm')}`}>
            {assessment.heartRate?.band ? (
              <LevelBadge colour={assessment.heartRate.colour} label={t(`bands.heartRate.${assessment.heartRate.band}`)} />
            ) : (
              under18
            )}
          </Value>
        )}
        {reading.bloodSugar !== null && (
          <Value label={t('fields.bloodSugar', { unit })} value={`${n(sugarIn(unit, reading.bloodSugar))} ${unit}`}>
            {assessment.bloodSugar?.band && (
              <LevelBadge colour={assessment.bloodSugar.colour} label={t(`bands.bloodSugar.${assessment.bloodSugar.band}`)} />
            )}
          </Value>
        )}
        {reading.bmi !== null ? (
          <Value label={t('fields.bmi')} value={`${n(reading.bmi)} (${n(reading.height ?? 0)} cm, ${n(reading.weight ?? 0)} kg)`}>
            {assessment.bmi?.band ? (
              <>
                <BmiClass band={assessment.bmi.band} colour={assessment.bmi.colour} asiaPacific={assessment.bmi.asiaPacific} />
              </>
            ) : (
              under18
            )}
          </Value>
        ) : (
          <>
            {reading.height !== null && <Value label={t('fields.height')} value={`${n(reading.height)} cm`} />}
            {reading.weight !== null && <Value label={t('fields.weight')} value={`${n(reading.weight)} kg`} />}
          </>
        )}
      </div>
      {assessment.bloodPressure?.band === 'emergency' && (
        <Alert color="red" variant="light" icon={<IconPhoneCall aria-hidden="true" />} p="xs" role="note">
          <Text size="sm" c="red.9" fw={600}>
            {t('urgent')}
          </Text>
        </Alert>
      )}
    </>
  );
}
