/**
 * Issue 51, decision 044: 50 concurrent bookings for the last place of a home-collection window, through two server
 * instances on one PostgreSQL, repeated 100 times. Each round fills a window of its own up to its last place, then
 * races for it. Prints how many succeeded in each round and the most of any round, and, from the database itself,
 * the windows holding more orders than places (must be none).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run lab-race -w @rhc/bench
 */
import { randomUUID } from 'node:crypto';
import { HOME_COLLECTION_WINDOWS, LAB_SPECIALTY_ID } from '@rhc/domain';
import pg from 'pg';
import { at, cpuNote, createBenchDatabase, logIn, seedPeople, startServers, tomorrowInVietnam } from './support/bench-env.ts';

const CLIENTS = Number(process.env.RACE_CLIENTS ?? 50);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 100);
/** The places of the window: the first PLACES − 1 are taken one by one, the last is raced for. */
const PLACES = Number(process.env.RACE_PLACES ?? 3);
/** Chợ Rẫy's home team for former district 5 (seed/capacity.ts), whose lab staff the bench doctor is. */
const DISTRICT = 'hcm-q5';
const CLINIC = 2;

function homeBody(round: number, firstDay: string) {
  const windows = HOME_COLLECTION_WINDOWS.length;
  const testDay = new Date(Date.parse(`${firstDay}T00:00:00Z`) + Math.floor(round / windows) * 86_400_000).toISOString().slice(0, 10);
  return {
    atHome: true,
    district: DISTRICT,
    orderAdress: '201B Nguyễn Chí Thanh, Phường 12, Quận 5',
    orderPhone: '0903123456',
    packageTestItems: ['general_checkup'],
    testDay,
    testTime: at(HOME_COLLECTION_WINDOWS, round % windows).start,
  };
}

const database = await createBenchDatabase();
const cluster = await startServers(database.url, 2);
try {
  const firstDay = tomorrowInVietnam();
  const days = Math.ceil(ROUNDS / HOME_COLLECTION_WINDOWS.length) + 1;
  const people = await seedPeople(database.url, { doctors: 1, patients: CLIENTS, firstDay, days });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // The bench doctor (working in person at the clinic) is its lab staff; the area's window gets PLACES places.
  await client.query('INSERT INTO doctor_specialties (doctor_id, specialty_id) VALUES ($1, $2)', [
    at(people.doctorIds, 0),
    LAB_SPECIALTY_ID,
  ]);
  await client.query(`UPDATE capacity_resources SET places = $1 WHERE kind = 'lab_home' AND work_unit_id = $2 AND district = $3`, [
    PLACES,
    CLINIC,
    DISTRICT,
  ]);
  const urls = cluster.servers.map((server) => server.url);
  const clients = await Promise.all(
    people.patients.map(async (patient, i) => {
      const baseUrl = at(urls, i % urls.length);
      return { baseUrl, patient, authorization: await logIn(baseUrl, patient.phone) };
    }),
  );
  const book = async ({ baseUrl, patient, authorization }: (typeof clients)[number], body: string) => {
    const response = await fetch(`${baseUrl}/api/diagnostictest/${patient.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization, 'idempotency-key': randomUUID() },
      body,
    });
    await response.arrayBuffer();
    return response.status;
  };

  const statusCounts = new Map<number, number>();
  const winnersPerRound: number[] = [];
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    const body = JSON.stringify(homeBody(round, firstDay));
    for (let place = 1; place < PLACES; place += 1) {
      const status = await book(at(clients, place % clients.length), body);
      if (status !== 201) throw new Error(`filling round ${round}: ${status}`);
    }
    const statuses = await Promise.all(clients.map((each) => book(each, body)));
    for (const status of statuses) statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    winnersPerRound.push(statuses.filter((status) => status === 201).length);
  }
  const seconds = (performance.now() - started) / 1000;

  const { rows: over } = await client.query<{ count: string }>(
    `SELECT count(*) FROM (
       SELECT p.resource_id, p.starts_at, count(*) AS held, r.places FROM order_places p
       JOIN orders o ON o.id = p.order_id JOIN capacity_resources r ON r.id = p.resource_id
       WHERE o.status IN (0, 1, 3) GROUP BY p.resource_id, p.starts_at, r.places) windows
     WHERE held > places`,
  );
  const { rows: stored } = await client.query<{ count: string }>(`SELECT count(*) FROM orders WHERE category = 'lab'`);
  await client.end();

  console.log(
    `lab capacity race: ${ROUNDS} rounds × ${CLIENTS} concurrent bookings for the last of ${PLACES} places of a home-collection window, 2 instances, PostgreSQL — ${cpuNote()}`,
  );
  console.log(`succeeded per round: ${winnersPerRound.join(' ')}`);
  console.log(`most in a round: ${Math.max(...winnersPerRound)} (never more than the 1 place left)`);
  console.log(
    `answers to the races: ${[...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ')}`,
  );
  console.log(`lab orders stored: ${stored[0]?.count} (expected ${ROUNDS * PLACES}), time: ${seconds.toFixed(1)} s`);
  console.log(`windows over capacity: ${over[0]?.count}`);
  const failures = [...new Set(cluster.servers.flatMap((server) => server.output().split('\n')).filter((l) => l.includes('"level":50')))];
  for (const failure of failures.slice(0, 5)) console.log(`server error: ${failure.slice(0, 2000)}`);
} finally {
  await cluster.stop();
  await database.drop();
}
