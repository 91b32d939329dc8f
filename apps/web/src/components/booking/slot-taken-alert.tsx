import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import './styles.ts';
import type { FreeTime } from '@rhc/contracts';
import { DATE_INPUT_FORMAT } from '@rhc/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ApiError } from '../../lib/api-error.ts';
import { formatCalendarDay } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Spinner } from '../ui/spinner.tsx';
import { findNextSlots, type SlotChoice } from './next-slots.ts';

/** Spec §4 / the orders contract: the slot went to someone else meanwhile (409), or the time cannot be booked (422). */
export const SLOT_TAKEN = 'SLOT_TAKEN';

export type SlotAlternatives = SlotChoice[] | 'loading' | null;

/**
 * The next free slots offered after a booking's slot was taken: `search(fromDay)` reads the doctor's months afresh through
 * `load` and offers the first ones; `clear()` forgets them (a new attempt).
 */
export function useSlotAlternatives(load: (month: number, year: number) => Promise<FreeTime>) {
  const [alternatives, setAlternatives] = useState<SlotAlternatives>(null);
  const search = (fromDay: string) => {
    setAlternatives('loading');
    findNextSlots(load, fromDay).then(setAlternatives, () => setAlternatives([]));
  };
  return { alternatives, search, clear: () => setAlternatives(null) };
}

type BookingFailureProps = {
  error: ApiError;
  alternatives: SlotAlternatives;
  onUseSlot: (slot: SlotChoice) => void;
  onBackToForm: () => void;
};

/** A booking the server refused, said as it said it; a taken slot offers the next free ones, an unbookable time the way back. */
export function BookingFailure({ error, alternatives, onUseSlot, onBackToForm }: BookingFailureProps) {
  const { t } = useTranslation('booking');
  return (
    <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      <Stack gap="sm">
        <Text size="sm">{error.message}</Text>
        {alternatives === 'loading' && (
          <Group gap="xs">
            <Spinner size="xs" />
            <Text size="sm">{t('confirm.loadingSlots')}</Text>
          </Group>
        )}
        {Array.isArray(alternatives) &&
          (alternatives.length > 0 ? (
            <>
              <Text size="sm" fw={500}>
                {t('confirm.nextSlots')}
              </Text>
              <Group gap="xs">
                {alternatives.map((slot) => (
                  <Button key={`${slot.day} ${slot.hour}`} variant="white" size="sm" onClick={() => onUseSlot(slot)}>
                    {t('confirm.useSlot', { day: formatCalendarDay(slot.day, DATE_INPUT_FORMAT), hour: slot.hour })}
                  </Button>
                ))}
              </Group>
            </>
          ) : (
            <Text size="sm">{t('confirm.noNextSlots')}</Text>
          ))}
        {error.status === 422 && (
          <Button variant="white" size="sm" onClick={onBackToForm} style={{ alignSelf: 'flex-start' }}>
            {t('confirm.backToForm')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
