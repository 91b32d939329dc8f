/**
 * Issue 51, decision 044: 50 concurrent bookings for the last place of a home-collection window, through two server
 * instances on one PostgreSQL, repeated 100 times. Each round fills a window of its own up to its last place, then
 * races for it. Prints how many succeeded in each round and the most of any round, and, from the database itself,
 * the windows holding more orders than places (must be none).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run lab-race -w @rhc/bench
 */
import { addDaysTo, HOME_COLLECTION_WINDOWS, LAB_SPECIALTY_ID } from '@rhc/domain';
import { at } from './support/bench-env.ts';
import { runCapacityRace } from './support/capacity-race.ts';

/** The places of the window: the first PLACES − 1 are taken one by one, the last is raced for. */
const PLACES = Number(process.env.RACE_PLACES ?? 3);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 100);
/** Chợ Rẫy's home team for former district 5 (seed/capacity.ts), whose lab staff the bench doctor is. */
const DISTRICT = 'hcm-q5';
const CLINIC = 2;
const windows = HOME_COLLECTION_WINDOWS.length;

await runCapacityRace({
  name: 'lab capacity race',
  what: `the last of ${PLACES} places of a home-collection window`,
  category: 'lab',
  specialtyId: LAB_SPECIALTY_ID,
  path: (patientId) => `/api/diagnostictest/${patientId}`,
  body: (round, firstDay) => ({
    atHome: true,
    district: DISTRICT,
    orderAdress: '201B Nguyễn Chí Thanh, Phường 12, Quận 5',
    orderPhone: '0903123456',
    packageTestItems: ['general_checkup'],
    testDay: addDaysTo(firstDay, Math.floor(round / windows)),
    testTime: at(HOME_COLLECTION_WINDOWS, round % windows).start,
  }),
  days: Math.ceil(ROUNDS / windows) + 1,
  fill: PLACES - 1,
  // The area's window gets PLACES places.
  prepare: (client) =>
    client
      .query(`UPDATE capacity_resources SET places = $1 WHERE kind = 'lab_home' AND work_unit_id = $2 AND district = $3`, [
        PLACES,
        CLINIC,
        DISTRICT,
      ])
      .then(() => undefined),
  clients: Number(process.env.RACE_CLIENTS ?? 50),
  rounds: ROUNDS,
});
