/**
 * R1: 50 concurrent bookings of one slot, through two server instances on one PostgreSQL, repeated 100 times.
 * Prints the winners and conflicts per round and, from the database itself, the number of double bookings.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run race -w @rhc/bench
 */
import { randomUUID } from 'node:crypto';
import { SLOT_HOLDING_STATUSES } from '@rhc/domain';
import pg from 'pg';
import {
  at,
  cpuNote,
  createBenchDatabase,
  examBody,
  logIn,
  seedPeople,
  slotAt,
  startServers,
  tomorrowInVietnam,
} from './support/bench-env.ts';

const CLIENTS = Number(process.env.RACE_CLIENTS ?? 50);
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 100);

const database = await createBenchDatabase();
const cluster = await startServers(database.url, 2);
try {
  const firstDay = tomorrowInVietnam();
  const people = await seedPeople(database.url, { doctors: 1, patients: CLIENTS, firstDay, days: Math.ceil(ROUNDS / 48) + 1 });
  const doctorId = at(people.doctorIds, 0);
  const urls = cluster.servers.map((server) => server.url);
  // Each patient talks to one of the two instances, alternately.
  const clients = await Promise.all(
    people.patients.map(async (patient, i) => {
      const baseUrl = at(urls, i % urls.length);
      return { baseUrl, patient, authorization: await logIn(baseUrl, patient.phone) };
    }),
  );

  const statusCounts = new Map<number, number>();
  let roundsWithOneWinner = 0;
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) {
    const body = JSON.stringify(examBody(doctorId, slotAt(firstDay, round)));
    const statuses = await Promise.all(
      clients.map(async ({ baseUrl, patient, authorization }) => {
        const response = await fetch(`${baseUrl}/api/order/${patient.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization, 'idempotency-key': randomUUID() },
          body,
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    for (const status of statuses) statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
    if (statuses.filter((status) => status === 201).length === 1) roundsWithOneWinner += 1;
  }
  const seconds = (performance.now() - started) / 1000;

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ count: string }>(
    `SELECT count(*) FROM orders a JOIN orders b ON a.doctor_id = b.doctor_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     WHERE a.status = ANY($1) AND b.status = ANY($1)`,
    [SLOT_HOLDING_STATUSES],
  );
  const { rows: stored } = await client.query<{ count: string }>('SELECT count(*) FROM orders');
  await client.end();

  console.log(`booking race: ${ROUNDS} rounds × ${CLIENTS} concurrent bookings of one slot, 2 instances, PostgreSQL — ${cpuNote()}`);
  console.log(
    `answers: ${[...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ')}`,
  );
  console.log(
    `winners: ${statusCounts.get(201) ?? 0}, conflicts: ${statusCounts.get(409) ?? 0}, rounds with exactly one winner: ${roundsWithOneWinner}/${ROUNDS}`,
  );
  console.log(`orders stored: ${stored[0]?.count}, time: ${seconds.toFixed(1)} s`);
  console.log(`double bookings: ${rows[0]?.count}`);
  // Any server failure is a finding: show what the servers logged for it (errors only, a few distinct ones).
  const failures = [...new Set(cluster.servers.flatMap((server) => server.output().split('\n')).filter((l) => l.includes('"level":50')))];
  for (const failure of failures.slice(0, 5)) console.log(`server error: ${failure.slice(0, 2000)}`);
} finally {
  await cluster.stop();
  await database.drop();
}
