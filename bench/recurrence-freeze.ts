/**
 * Finding 1 of "Hardening what exists": a doctor's long recurrences must not hold the event loop. Saves online work
 * times repeating daily, and meanwhile asks GET /api/health, through one server process on PostgreSQL:
 *  1. three asking to repeat until 9999-12-31 (now refused, 400),
 *  2. next to two stored before the bound existed (until 9999-12-31, written straight into the table), a third
 *     repeating as long as allowed (MAX_RECURRENCE_YEARS), and the doctor's month and free slots of December 2100.
 * Prints milliseconds; asserts nothing.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/recurrence-freeze.ts
 */
import { latestRecurrenceUntil, vietnamInstant } from '@rhc/domain';
import pg from 'pg';
import { at, cpuNote, createBenchDatabase, logIn, seedPeople, startServers, tomorrowInVietnam } from './support/bench-env.ts';

const database = await createBenchDatabase();
const cluster = await startServers(database.url, 1);

async function timed(url: string, init?: RequestInit): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Runs `call` and, 5 ms after it starts, GET /api/health; answers both timings. */
async function withHealth(baseUrl: string, call: () => Promise<{ status: number; ms: number }>) {
  const saving = call();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const health = await timed(`${baseUrl}/api/health`);
  return { call: await saving, health };
}

const fmt = (x: { status: number; ms: number }) => `${x.status} in ${x.ms.toFixed(1)} ms`;

try {
  const seedDay = tomorrowInVietnam();
  const people = await seedPeople(database.url, { doctors: 1, patients: 1, firstDay: seedDay, days: 1 });
  const doctorId = at(people.doctorIds, 0);
  const baseUrl = at(cluster.servers, 0).url;
  const phone = await (async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ phone: string }>('select phone from users where id = $1', [doctorId]);
      return at(rows, 0).phone;
    } finally {
      await client.end();
    }
  })();
  const authorization = await logIn(baseUrl, phone);
  const patientAuthorization = await logIn(baseUrl, at(people.patients, 0).phone);
  // Ten days after the seeded (in-person, all-day) working day, so nothing overlaps it.
  const firstDay = new Date(Date.parse(`${seedDay}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10);
  const save = (start: string, end: string, until: string) => () =>
    timed(`${baseUrl}/api/user-time-doctor-online`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({
        startsAt: vietnamInstant(firstDay, start).toISOString(),
        endsAt: vietnamInstant(firstDay, end).toISOString(),
        recurrence: { type: 'day', interval: 1, until },
      }),
    });

  console.log(`recurrence freeze — ${cpuNote()}`);
  console.log('1. three online work times repeating daily until 9999-12-31 (the issue: 11.8 s, 24.6 s; health 24.5 s)');
  for (const [i, [start, end]] of [
    ['08:00', '09:00'],
    ['09:00', '10:00'],
    ['10:00', '11:00'],
  ].entries()) {
    const { call, health } = await withHealth(baseUrl, save(start ?? '', end ?? '', '9999-12-31'));
    console.log(`   save ${i + 1}: ${fmt(call)}; GET /api/health meanwhile: ${fmt(health)}`);
  }

  console.log('2. two stored before the bound (daily until 9999-12-31), then a third as long as allowed');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    for (const [startMinute, endMinute] of [
      [12 * 60, 13 * 60],
      [13 * 60, 14 * 60],
    ])
      await client.query(
        `insert into doctor_work_times (doctor_id, mode, first_day, start_minute, end_minute, recurrence_type, recurrence_interval, weekdays, until_day)
         values ($1, 'online', $2, $3, $4, 'day', 1, '{}', '9999-12-31')`,
        [doctorId, firstDay, startMinute, endMinute],
      );
  } finally {
    await client.end();
  }
  const third = await withHealth(baseUrl, save('14:00', '15:00', latestRecurrenceUntil(firstDay)));
  console.log(
    `   third save (until ${latestRecurrenceUntil(firstDay)}): ${fmt(third.call)}; GET /api/health meanwhile: ${fmt(third.health)}`,
  );
  const clash = await withHealth(baseUrl, save('12:30', '13:30', latestRecurrenceUntil(firstDay)));
  console.log(`   overlapping save (409 expected): ${fmt(clash.call)}; GET /api/health meanwhile: ${fmt(clash.health)}`);
  const month = await withHealth(baseUrl, () =>
    timed(`${baseUrl}/api/doctor-schedule/${doctorId}?month=12&year=2100`, { headers: { authorization } }),
  );
  console.log(`   doctor's month 12/2100: ${fmt(month.call)}; GET /api/health meanwhile: ${fmt(month.health)}`);
  const free = await withHealth(baseUrl, () =>
    timed(`${baseUrl}/api/user-freetime-in-month-online/${doctorId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: patientAuthorization },
      body: JSON.stringify({ month: 12, year: 2100 }),
    }),
  );
  console.log(`   free slots 12/2100: ${fmt(free.call)}; GET /api/health meanwhile: ${fmt(free.health)}`);
} finally {
  await cluster.stop();
  await database.drop();
}
