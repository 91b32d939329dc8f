import type { LabFreeTimes, LabFreeTimesQuerySchema } from '@rhc/contracts';
import { beyondBookingHorizon, LAB_SPECIALTY_ID, labTimes, vietnamInstant } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { z } from 'zod/mini';
import type { PlaceAsk } from './category.ts';
import type { OrdersRepository } from './orders.repository.ts';

type LabFreeTimesQuery = z.output<typeof LabFreeTimesQuerySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The free places of lab orders (decision 044) as the booking screen reads them: advice, the booking's statement
 * decides. A window or slot that has begun, or of a resource without lab staff, has none.
 */
export function createLabPlaces(repository: Pick<OrdersRepository, 'findPlace' | 'districtsOf' | 'takenBetween'>) {
  return {
    async freeTimes(query: LabFreeTimesQuery, now: Date, language: Language): Promise<LabFreeTimes> {
      const ask: PlaceAsk = query.atHome
        ? { kind: 'lab_home', district: query.district }
        : { kind: 'lab_clinic', workUnitId: query.workUnitId };
      const [place, districts] = await Promise.all([repository.findPlace(ask, LAB_SPECIALTY_ID), repository.districtsOf('lab_home')]);
      const { resource } = place;
      const from = vietnamInstant(query.day, '00:00');
      const taken =
        resource && place.staffId ? await repository.takenBetween(resource.id, from, new Date(from.getTime() + DAY_MS)) : undefined;
      const takenAt = new Map((taken ?? []).map((row) => [row.startsAt.getTime(), row.taken]));
      return {
        workUnit: resource
          ? { id: resource.workUnit.id, name: resource.workUnit.names[language], address: resource.workUnit.address }
          : null,
        times: labTimes(query.atHome).map(({ start, end }) => {
          const startsAt = vietnamInstant(query.day, start).getTime();
          const free =
            !resource || !taken || startsAt <= now.getTime() || beyondBookingHorizon(query.day, now)
              ? 0
              : Math.max(0, resource.places - (takenAt.get(startsAt) ?? 0));
          return { start, end, free };
        }),
        districts,
      };
    },
  };
}
