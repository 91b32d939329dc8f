import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { at, cpuNote, createBenchDatabase, logIn, seedPeople, startServers, tomorrowInVietnam } from './bench-env.ts';

/**
 * What the capacity races share (decisions 044, 045): a bench database and two server instances on it, the bench doctor
 * made the clinic's staff of a capacity category, `clients` patients signed in across the instances; then, for each
 * round, the round's counted place filled up to its last free one and `clients` concurrent bookings for that last one.
 * Prints the successes of each round, the most of any round, every answer counted, and, from the database itself, the
 * places holding more orders than the resource has (must be none).
 */
export interface CapacityRace {
  /** "lab capacity race": how the figures begin. */
  name: string;
  /** What is raced for, after "N rounds × M concurrent bookings for ". */
  what: string;
  /** The orders' category (orders.category), counted at the end. */
  category: string;
  /** The staff's specialty the bench doctor gets (the booking assigns the clinic's holder of it). */
  specialtyId: number;
  /** The booking call, for a patient: `/api/diagnostictest/{id}`… */
  path(patientId: string): string;
  /** The booking body of `round` (a place of its own), `firstDay` being tomorrow in Vietnam. */
  body(round: number, firstDay: string): object;
  /** How many days the rounds spread over (the bench doctor works every one of them). */
  days: number;
  /** The bookings that take the round's places before its last one, one by one. */
  fill: number;
  /** Sets the resources' places before the rounds (the bench's own database). */
  prepare?(client: pg.Client): Promise<void>;
  clients: number;
  rounds: number;
}

export async function runCapacityRace(race: CapacityRace): Promise<void> {
  const database = await createBenchDatabase();
  const cluster = await startServers(database.url, 2);
  try {
    const firstDay = tomorrowInVietnam();
    const people = await seedPeople(database.url, { doctors: 1, patients: race.clients, firstDay, days: race.days });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // The bench doctor (working in person at the clinic every day) is the category's staff there.
    await client.query('INSERT INTO doctor_specialties (doctor_id, specialty_id) VALUES ($1, $2)', [
      at(people.doctorIds, 0),
      race.specialtyId,
    ]);
    await race.prepare?.(client);
    const urls = cluster.servers.map((server) => server.url);
    const clients = await Promise.all(
      people.patients.map(async (patient, i) => {
        const baseUrl = at(urls, i % urls.length);
        return { baseUrl, patient, authorization: await logIn(baseUrl, patient.phone) };
      }),
    );
    const book = async ({ baseUrl, patient, authorization }: (typeof clients)[number], body: string) => {
      const response = await fetch(`${baseUrl}${race.path(patient.id)}`, {
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
    for (let round = 0; round < race.rounds; round += 1) {
      const body = JSON.stringify(race.body(round, firstDay));
      for (let place = 1; place <= race.fill; place += 1) {
        const status = await book(at(clients, place % clients.length), body);
        if (status !== 201) throw new Error(`filling round ${round}: ${status}`);
      }
      const statuses = await Promise.all(clients.map((each) => book(each, body)));
      for (const status of statuses) statusCounts.set(status, (statusCounts.get(status) ?? 0) + 1);
      winnersPerRound.push(statuses.filter((status) => status === 201).length);
    }
    const seconds = (performance.now() - started) / 1000;

    // Per resource and start: the orders holding it against its places (a clinic's machines are one resource each).
    const { rows: over } = await client.query<{ count: string }>(
      `SELECT count(*) FROM (
         SELECT p.resource_id, p.starts_at, count(*) AS held, r.places FROM order_places p
         JOIN orders o ON o.id = p.order_id JOIN capacity_resources r ON r.id = p.resource_id
         WHERE o.status IN (0, 1, 3) GROUP BY p.resource_id, p.starts_at, r.places) held
       WHERE held > places`,
    );
    const { rows: stored } = await client.query<{ count: string }>(`SELECT count(*) FROM orders WHERE category = $1`, [race.category]);
    await client.end();

    console.log(
      `${race.name}: ${race.rounds} rounds × ${race.clients} concurrent bookings for ${race.what}, 2 instances, PostgreSQL — ${cpuNote()}`,
    );
    console.log(`succeeded per round: ${winnersPerRound.join(' ')}`);
    console.log(`most in a round: ${Math.max(...winnersPerRound)} (never more than the 1 place left)`);
    console.log(
      `answers to the races: ${[...statusCounts.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n}×${status}`)
        .join(', ')}`,
    );
    console.log(
      `${race.category} orders stored: ${stored[0]?.count} (expected ${race.rounds * (race.fill + 1)}), time: ${seconds.toFixed(1)} s`,
    );
    console.log(`places over capacity: ${over[0]?.count}`);
    const failures = [...new Set(cluster.servers.flatMap((server) => server.output().split('\n')).filter((l) => l.includes('"level":50')))];
    for (const failure of failures.slice(0, 5)) console.log(`server error: ${failure.slice(0, 2000)}`);
  } finally {
    await cluster.stop();
    await database.drop();
  }
}
