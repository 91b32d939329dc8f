import { Button, Stack, Text, Title } from '@mantine/core';
import '../styles.ts';
import { VACCINE_IDS, type VaccineId } from '@rhc/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from '../vaccines.module.css';
import { vaccineName, VACCINE_STRINGS } from './vaccine-text.ts';

/** Every vaccine's fact sheet, one button each: for a visitor, and for a person whose statuses cannot be worked out. */
export function FactSheetList({ onOpen }: { onOpen: (vaccineId: VaccineId) => void }) {
  const { t } = useTranslation(VACCINE_STRINGS);
  return (
    <Stack gap="sm" component="section" aria-labelledby="vaccine-facts-title">
      <Title order={2} size="h3" id="vaccine-facts-title">
        {t('factSheet.listTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('factSheet.listIntro')}
      </Text>
      <ul className={classes.cards}>
        {VACCINE_IDS.map((id) => (
          <li key={id}>
            <Button
              variant="default"
              fullWidth
              justify="flex-start"
              leftSection={<IconInfoCircle size={16} aria-hidden="true" />}
              onClick={() => onOpen(id)}
            >
              <span className={classes.wrap}>{vaccineName(t, id)}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
