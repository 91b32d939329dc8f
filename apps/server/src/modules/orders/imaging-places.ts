import type { ImagingFreeTimes, ImagingFreeTimesQuerySchema } from '@rhc/contracts';
import { beyondBookingHorizon, IMAGING_SPECIALTY_ID, imagingTimes, vietnamInstant } from '@rhc/domain';
import type { Language } from '@rhc/i18n';
import type { z } from 'zod/mini';
import type { OrdersRepository } from './orders.repository.ts';

type ImagingFreeTimesQuery = z.output<typeof ImagingFreeTimesQuerySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The free slots of imaging orders (decision 045) as the booking screen reads them: for each slot of the type's length,
 * how many of the clinic's machines of the type have it free. Advice: the booking's statement decides. A slot that has
 * begun, or at a clinic without imaging staff, has none.
 */
export function createImagingPlaces(repository: Pick<OrdersRepository, 'findPlace' | 'takenBetween' | 'workUnitsWith'>) {
  return {
    async freeTimes(query: ImagingFreeTimesQuery, now: Date, language: Language): Promise<ImagingFreeTimes> {
      const [place, clinics] = await Promise.all([
        repository.findPlace({ kind: 'imaging', workUnitId: query.workUnitId, modality: query.type }, IMAGING_SPECIALTY_ID),
        repository.workUnitsWith('imaging', query.type),
      ]);
      const { resource } = place;
      const from = vietnamInstant(query.day, '00:00');
      const to = new Date(from.getTime() + DAY_MS);
      const staffed = resource !== null && place.staffId !== null;
      // Each machine's places taken per start; one place per machine (a row's `places` says so).
      const taken = staffed ? await Promise.all(place.resourceIds.map((id) => repository.takenBetween(id, from, to))) : [];
      const takenAt = new Map<number, number>();
      for (const rows of taken)
        for (const row of rows) {
          const at = row.startsAt.getTime();
          // Places left of a machine: one unless it is taken.
          takenAt.set(at, (takenAt.get(at) ?? 0) + Math.min(1, row.taken));
        }
      const machines = place.resourceIds.length;
      const name = (unit: { id: number; names: Record<Language, string>; address: string }) => ({
        id: unit.id,
        name: unit.names[language],
        address: unit.address,
      });
      return {
        workUnit: resource ? name(resource.workUnit) : null,
        machines,
        times: imagingTimes(query.type).map(({ start, end }) => {
          const startsAt = vietnamInstant(query.day, start).getTime();
          const free =
            !staffed || startsAt <= now.getTime() || beyondBookingHorizon(query.day, now)
              ? 0
              : Math.max(0, machines - (takenAt.get(startsAt) ?? 0));
          return { start, end, free };
        }),
        workUnits: clinics.map(name),
      };
    },
  };
}
