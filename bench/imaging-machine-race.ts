/**
 * Issue 51, decision 045: 50 concurrent bookings for the last free machine of a modality at a slot, through two server
 * instances on one PostgreSQL, repeated 100 times. Chợ Rẫy has 3 ultrasound rooms (seed/capacity.ts): each round takes
 * 2 of them at a slot of its own one by one, then races for the third. Prints how many succeeded in each round and the
 * most of any round, the answers counted, and, from the database itself, the machines holding more than one order at a
 * start (must be none): never more bookings than machines.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run imaging-race -w @rhc/bench
 */
import { addDaysTo, IMAGING_SPECIALTY_ID, imagingTimes } from '@rhc/domain';
import { at } from './support/bench-env.ts';
import { runCapacityRace } from './support/capacity-race.ts';

const ROUNDS = Number(process.env.RACE_ROUNDS ?? 100);
/** Chợ Rẫy's ultrasound rooms: the first MACHINES − 1 are taken one by one, the last is raced for. */
const MACHINES = 3;
const CLINIC = 2;
const slots = imagingTimes('ULTRASOUND');

await runCapacityRace({
  name: 'imaging machine race',
  what: `the last of ${MACHINES} ultrasound machines at a slot`,
  category: 'imaging',
  specialtyId: IMAGING_SPECIALTY_ID,
  path: (patientId) => `/api/imageanalysation/${patientId}`,
  body: (round, firstDay) => ({
    type: 'ULTRASOUND',
    items: ['abdomen'],
    workUnitId: CLINIC,
    testDay: addDaysTo(firstDay, Math.floor(round / slots.length)),
    testTime: at(slots, round % slots.length).start,
  }),
  days: Math.ceil(ROUNDS / slots.length) + 1,
  fill: MACHINES - 1,
  clients: Number(process.env.RACE_CLIENTS ?? 50),
  rounds: ROUNDS,
});
