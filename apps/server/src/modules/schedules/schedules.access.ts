import type { Db } from '../../db/client.ts';
import type { ObjectResolver } from '../../platform/access/gate.ts';
import { createSchedulesRepository } from './schedules.repository.ts';

/** The schedules module's answers to the access gate (issue 48): a working time or a day off is its doctor's own. */
export function createSchedulesResolvers(db: Db): { workTime: ObjectResolver; holiday: ObjectResolver } {
  const repository = createSchedulesRepository(db);
  const ownedBy = (doctorId: string | undefined, actorId: string) =>
    doctorId === undefined ? null : { subjectUserId: doctorId, sides: doctorId === actorId ? ['owner'] : [] };
  return {
    workTime: async (id, actorId) => ownedBy(await repository.workTimeDoctor(id), actorId),
    holiday: async (id, actorId) => ownedBy(await repository.holidayDoctor(id), actorId),
  };
}
