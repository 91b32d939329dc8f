import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { DOCTOR_JOB_ID, JOB_IDS, vietnamDay } from '@rhc/domain';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/platform/security/secrets.ts';
import { createScratchDatabase } from '../../apps/server/test/scratch-database.ts';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/server-process.ts';

/**
 * What the bench scripts share: a PostgreSQL database of their own (dropped at the end), doctors with working time
 * and patients written straight into it (an operator's seed, not what is measured), RHC server processes started as
 * `npm start` starts them, and the figures.
 */

export function adminUrl(): string {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test');
    process.exit(2);
  }
  return url;
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  return createScratchDatabase(adminUrl(), 'rhc_bench');
}

/** Starts `count` RHC instances on one database; the first one migrates and seeds the reference data. */
export async function startServers(
  databaseUrl: string,
  count: number,
  workers = 1,
): Promise<{ servers: ServerProcess[]; stop(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rhc-bench-'));
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_POOL_SIZE: '20',
    WORKERS: String(workers),
    // Each bench person comes from an address of its own (X-Forwarded-For, see logIn), as real patients do: from one
    // address, the per-IP login limit (decision 014) would refuse most of them.
    TRUST_PROXY: 'true',
  };
  const servers: ServerProcess[] = [];
  for (let i = 0; i < count; i += 1) servers.push(await startServerProcess(env));
  return {
    servers,
    async stop() {
      await Promise.all(servers.map((server) => server.stop('SIGTERM')));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const BENCH_PASSWORD = 'Bench12345';

export interface BenchPeople {
  doctorIds: string[];
  /** Doctors with a clinic's week: Mon–Fri 07:30–11:30 and 13:30–16:30 (14 half-hour slots a day). */
  clinicDoctorIds: string[];
  patients: { id: string; phone: string }[];
}

/**
 * `doctors` verified doctors in internal medicine, each working every day 00:00–24:00 in person at work unit 2 from
 * `firstDay` for `days` days (48 half-hour slots a day), `clinicDoctors` more with a clinic's week over the same days,
 * and `patients` patients. Phones are 09xxxxxxxx.
 */
export async function seedPeople(
  databaseUrl: string,
  options: { doctors: number; patients: number; firstDay: string; days: number; clinicDoctors?: number },
): Promise<BenchPeople> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const insertUser = async (index: number, jobId: number) => {
      const phone = `09${String(index).padStart(8, '0')}`;
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO users (phone, email, password_hash, full_name, address, gender, date_of_birth, job_id)
         VALUES ($1, $2, $3, $4, 'Hà Nội', 'female', '1990-01-01', $5) RETURNING id`,
        [phone, `bench${index}@example.vn`, passwordHash, jobId === DOCTOR_JOB_ID ? 'Bác sĩ Thử' : 'Bệnh nhân Thử', jobId],
      );
      return { id: at(rows, 0).id, phone };
    };
    const insertDoctor = async (index: number) => {
      const { id } = await insertUser(index, DOCTOR_JOB_ID);
      await client.query(
        `INSERT INTO doctor_profiles (user_id, degree, specialty_names, bank_name, bank_account, work_place, verified_at)
         VALUES ($1, 'specialist_1', '{Nội tổng quát}', 'Vietcombank', '0071000123456', 'Bệnh viện Chợ Rẫy', now())`,
        [id],
      );
      await client.query('INSERT INTO doctor_specialties (doctor_id, specialty_id) VALUES ($1, 1)', [id]);
      return id;
    };
    const doctorIds: string[] = [];
    for (let i = 0; i < options.doctors; i += 1) {
      const id = await insertDoctor(1_000_000 + i);
      await client.query(
        `INSERT INTO doctor_work_times (doctor_id, mode, first_day, start_minute, end_minute, recurrence_type, recurrence_interval, until_day, work_unit_id)
         VALUES ($1, 'direct', $2, 0, 1440, 'day', 1, ($2::date + $3::int), 2)`,
        [id, options.firstDay, options.days - 1],
      );
      doctorIds.push(id);
    }
    const clinicDoctorIds: string[] = [];
    for (let i = 0; i < (options.clinicDoctors ?? 0); i += 1) {
      const id = await insertDoctor(1_500_000 + i);
      for (const [start, end] of [
        [450, 690],
        [810, 990],
      ])
        await client.query(
          `INSERT INTO doctor_work_times (doctor_id, mode, first_day, start_minute, end_minute, recurrence_type, recurrence_interval, weekdays, until_day, work_unit_id)
           VALUES ($1, 'direct', $2, $3, $4, 'week', 1, '{1,2,3,4,5}', ($2::date + $5::int), 2)`,
          [id, options.firstDay, start, end, options.days - 1],
        );
      clinicDoctorIds.push(id);
    }
    const patients: { id: string; phone: string }[] = [];
    for (let i = 0; i < options.patients; i += 1) patients.push(await insertUser(2_000_000 + i, JOB_IDS.other));
    return { doctorIds, clinicDoctorIds, patients };
  } finally {
    await client.end();
  }
}

/**
 * An address of a person's own, from their phone number's last digits, in the IPv4 documentation ranges (762 of
 * them; IPv6 addresses would share a /64, which the limits count as one client).
 */
function addressOf(phone: string): string {
  const n = Number(phone.slice(-6)) % 762;
  const [network, host] = n < 254 ? ['192.0.2', n] : n < 508 ? ['198.51.100', n - 254] : ['203.0.113', n - 508];
  return `${network}.${host + 1}`;
}

/** Logs a person in, from an address of their own, and answers the bearer header. */
export async function logIn(baseUrl: string, phone: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(phone) },
    body: JSON.stringify({ phone, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed for ${phone}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { data: { accessToken: string } };
  return `Bearer ${body.data.accessToken}`;
}

/** The half-hour slot `index` counted from 00:00 Vietnam time on `firstDay` (48 a day): its day and HH:mm. */
export function slotAt(firstDay: string, index: number): { checkDay: string; checkHour: string } {
  const day = new Date(Date.parse(`${firstDay}T00:00:00Z`) + Math.floor(index / 48) * 86_400_000).toISOString().slice(0, 10);
  const minutes = (index % 48) * 30;
  return { checkDay: day, checkHour: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}

export function examBody(doctorId: string, slot: { checkDay: string; checkHour: string }) {
  return { mode: 'direct', specialtyId: 1, examTypeId: 1, doctorId, ...slot, reasonForExamination: 'Khám sức khỏe định kỳ' };
}

/** The p-th percentile (0–100) of a list of milliseconds. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Tomorrow's calendar day in Vietnam, so every slot is in the future. */
export function tomorrowInVietnam(now = new Date()): string {
  return vietnamDay(new Date(now.getTime() + 86_400_000));
}

export function cpuNote(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`;
}

/** list[index], which must exist (the scripts index lists they built themselves). */
export function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`no item ${index}`);
  return value;
}
