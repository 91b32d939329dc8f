/**
 * Earlier slot wanted (issue 12, decision 021): 50 patients with later bookings all wait for an earlier slot of one
 * doctor, through two server instances on one PostgreSQL. The booking holding the early slot is cancelled; at once all
 * 50 try to take it (the one it is offered to accepts, the 49 others book it directly) → exactly one gets it, the
 * offered one. Their old slot is then offered on; each next person declines (or lets the offer expire) in turn, and
 * the offers must arrive strictly in queue order. Prints the figures; asserts nothing.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run waitlist -w @rhc/bench
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
  percentile,
  seedPeople,
  slotAt,
  startServers,
  tomorrowInVietnam,
} from './support/bench-env.ts';

const WAITING = Number(process.env.WAITLIST_PATIENTS ?? 50);
/** Every n-th person in the chain lets the offer expire instead of declining (the sweep runs every 30 s). */
const EXPIRE_EVERY = Number(process.env.WAITLIST_EXPIRE_EVERY ?? 20);

type Client = { baseUrl: string; id: string; authorization: string };

async function call(client: Client, method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${client.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: client.authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'POST' && path.startsWith('/order/') ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as { data?: unknown } | null;
  return { status: response.status, data: json?.data, ms: performance.now() - started };
}

const database = await createBenchDatabase();
const cluster = await startServers(database.url, 2);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
try {
  const firstDay = tomorrowInVietnam();
  const people = await seedPeople(database.url, { doctors: 1, patients: WAITING + 1, firstDay, days: 3 });
  const doctorId = at(people.doctorIds, 0);
  const urls = cluster.servers.map((server) => server.url);
  const clients: Client[] = await Promise.all(
    people.patients.map(async (patient, i) => {
      const baseUrl = at(urls, i % urls.length);
      return { baseUrl, id: patient.id, authorization: await logIn(baseUrl, patient.phone) };
    }),
  );
  const [holder, ...waiting] = clients as [Client, ...Client[]];
  // The early slot: 08:00 tomorrow. The waiting: one booking each on the day after, 00:00, 00:30, … in queue order.
  const early = slotAt(firstDay, 16);
  const held = await call(holder, 'POST', `/order/${holder.id}`, examBody(doctorId, early));
  if (held.status !== 201) throw new Error(`the early booking failed: ${held.status}`);
  const earlyOrderId = (held.data as { id: string }).id;
  const orderOf = new Map<string, string>();
  for (const [i, client] of waiting.entries()) {
    const later = slotAt(firstDay, 48 + i);
    const booked = await call(client, 'POST', `/order/${client.id}`, examBody(doctorId, later));
    if (booked.status !== 201) throw new Error(`booking ${i} failed: ${booked.status}`);
    const orderId = (booked.data as { id: string }).id;
    orderOf.set(client.id, orderId);
    const joined = await call(client, 'PUT', `/order/waitlist/${orderId}`, { fromDay: firstDay, toDay: later.checkDay });
    if (joined.status !== 200) throw new Error(`join ${i} failed: ${joined.status} ${JSON.stringify(joined.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 2)); // distinct created_at: the queue order is the join order
  }
  const queue = waiting.map((client) => client.id);

  // The slot frees: the first in line is offered it, in the cancel's own transaction.
  const cancelled = await call(holder, 'PATCH', `/order/cancel/${holder.id}/${earlyOrderId}`, {});
  if (cancelled.status !== 200) throw new Error(`cancel failed: ${cancelled.status}`);
  const first = at(waiting, 0);
  const firstState = await call(first, 'GET', `/order/waitlist/${orderOf.get(first.id)}`);
  const offerId = (firstState.data as { offer: { id: string } | null }).offer?.id;
  if (!offerId) throw new Error('no offer made to the first in line');

  // All 50 at once: the offered one accepts, the others book the freed time directly.
  const race = await Promise.all(
    waiting.map((client, i) =>
      i === 0
        ? call(client, 'POST', `/offers/${offerId}/accept`).then((r) => ({ ...r, who: client.id, how: 'accept' }))
        : call(client, 'POST', `/order/${client.id}`, examBody(doctorId, early)).then((r) => ({ ...r, who: client.id, how: 'book' })),
    ),
  );
  const winners = race.filter((r) => r.status === 200 || r.status === 201);
  const statusCounts = new Map<number, number>();
  for (const r of race) statusCounts.set(r.status, (statusCounts.get(r.status) ?? 0) + 1);

  // The chain: the first's old time is offered on; each next person declines it (every EXPIRE_EVERY-th lets it expire).
  const declineLatencies: number[] = [];
  const expiryLatencies: number[] = [];
  for (let turn = 1; turn < waiting.length; turn += 1) {
    const { rows } = await db.query<{ id: string; user_id: string }>(
      `select id, user_id from slot_offers where status = 'open' order by created_at desc limit 1`,
    );
    const open = rows[0];
    if (!open) break;
    const client = clients.find((c) => c.id === open.user_id);
    if (!client) throw new Error('offer to an unknown person');
    if (turn % EXPIRE_EVERY === 0) {
      // Let it expire: move its end into the past and wait for an instance's sweep to pass it on.
      await db.query(`update slot_offers set expires_at = now() - interval '1 second' where id = $1`, [open.id]);
      const started = performance.now();
      for (;;) {
        const { rows: still } = await db.query<{ status: string }>('select status from slot_offers where id = $1', [open.id]);
        if (still[0]?.status !== 'open') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expiryLatencies.push(performance.now() - started);
    } else {
      const declined = await call(client, 'POST', `/offers/${open.id}/decline`);
      if (declined.status !== 200) throw new Error(`decline failed: ${declined.status}`);
      declineLatencies.push(declined.ms);
    }
  }

  const { rows: offers } = await db.query<{ user_id: string; starts_at: Date; status: string }>(
    'select user_id, starts_at, status from slot_offers order by created_at, id',
  );
  const { rows: doubles } = await db.query<{ count: string }>(
    `SELECT count(*) FROM orders a JOIN orders b ON a.doctor_id = b.doctor_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     WHERE a.status = ANY($1) AND b.status = ANY($1)`,
    [SLOT_HOLDING_STATUSES],
  );
  const { rows: earlyNow } = await db.query<{ user_id: string }>(
    `select user_id from orders where doctor_id = $1 and starts_at = (select starts_at from orders where id = $2) and status in (0, 3)`,
    [doctorId, earlyOrderId],
  );
  // The chain's offers (all but the first) must go to the 2nd, 3rd, … in line, each once.
  const chain = offers.slice(1).map((offer) => offer.user_id);
  const expected = queue.slice(1, 1 + chain.length);
  const inOrder = chain.length === queue.length - 1 && chain.every((id, i) => id === expected[i]);
  const latencies = race.map((r) => r.ms);
  const expiries = expiryLatencies.length;

  console.log(`waitlist race: ${WAITING} patients waiting for one freed slot, 2 instances, PostgreSQL — ${cpuNote()}`);
  console.log(
    `concurrent attempts on the freed slot: ${[...statusCounts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n}×${status}`)
      .join(', ')}`,
  );
  console.log(
    `winners: ${winners.length} (${winners.map((w) => (w.who === first.id ? 'the offered patient, by accepting' : `another patient (${w.how})`)).join(', ')}); the early slot is now ${earlyNow.length === 1 && earlyNow[0]?.user_id === first.id ? "the offered patient's ✓" : `held by ${earlyNow.length} bookings ✗`}`,
  );
  console.log(
    `race latency: p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
  );
  console.log(
    `offers in queue order: ${inOrder ? '✓' : '✗'} (${chain.length} offers after the first: ${chain.length - expiries} passed on by decline, ${expiries} by expiry)`,
  );
  console.log(
    `decline → next offer (one request): p50 ${percentile(declineLatencies, 50).toFixed(0)} ms, p95 ${percentile(declineLatencies, 95).toFixed(0)} ms; expiry → next offer: ${expiryLatencies.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} (sweep every 30 s)`,
  );
  console.log(`double bookings: ${doubles[0]?.count}`);
  const failures = [...new Set(cluster.servers.flatMap((server) => server.output().split('\n')).filter((l) => l.includes('"level":50')))];
  for (const failure of failures.slice(0, 5)) console.log(`server error: ${failure.slice(0, 2000)}`);
} finally {
  await db.end();
  await cluster.stop();
  await database.drop();
}
