import { ORDER_STATUS, TYPE_EXAM } from '@rhc/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';

/*
 * A person's examination history (spec §3 "Examination history list filters", §7; issue 15, decision 024): the records
 * they keep and their completed orders, in one statement over two domains' tables (records and orders), so it lives
 * here beside the schema, not in either module.
 */

export interface HistoryFilter {
  testDay?: string;
  reason?: string;
  doctorName?: string;
  categoryType?: string;
  resultChecker?: string;
  resultName?: string;
  typeExam?: number;
  displayName?: string;
  hasResultTest?: boolean;
  hasResultImage?: boolean;
  hasPrescription?: boolean;
}

export interface HistoryRow {
  id: string;
  source: 'record' | 'order';
  category: string;
  profileId: string;
  testDay: string;
  doctorName: string;
  reason: string;
  note: string;
  fileCount: number;
  hasResultTest: boolean;
  hasResultImage: boolean;
  hasPrescription: boolean;
}

/** The entries (records and completed orders) of one profile, before filters. */
function entries(profileId: string, only?: string): SQL {
  const onlyRecord = only ? sql`and r.id = ${only}::uuid` : sql``;
  const onlyOrder = only ? sql`and o.id = ${only}::uuid` : sql``;
  return sql`
    select r.id, 'record' as source, 'record' as category, r.profile_id, r.test_day, r.doctor_name, r.reason, '' as note,
      r.created_at
    from health_records r where r.profile_id = ${profileId}::uuid ${onlyRecord}
    union all
    select o.id, 'order' as source, o.category, o.profile_id, d.check_day, coalesce(u.full_name, ''), d.reason, d.note,
      o.created_at
    from orders o join order_details d on d.order_id = o.id left join users u on u.id = o.doctor_id
    where o.profile_id = ${profileId}::uuid and o.status = ${ORDER_STATUS.done} ${onlyOrder}`;
}

/** `text` contains `part`, any case (no LIKE patterns: a person's % or _ is a character, not a wildcard). */
function contains(column: SQL, part: string): SQL {
  return sql`position(lower(${part}) in lower(${column})) > 0`;
}

const filesOfEntry = sql`f.state = 'committed' and (f.record_id = e.id or f.order_id = e.id)`;

function hasType(typeExam: number): SQL {
  return sql`exists (select 1 from documents f where ${filesOfEntry} and f.type_exam = ${typeExam})`;
}

function filterWhere(filter: HistoryFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.testDay) parts.push(sql`e.test_day = ${filter.testDay}::date`);
  if (filter.reason) parts.push(contains(sql`e.reason`, filter.reason));
  if (filter.doctorName) parts.push(contains(sql`e.doctor_name`, filter.doctorName));
  if (filter.categoryType) parts.push(sql`e.category = ${filter.categoryType}`);
  if (filter.typeExam !== undefined) parts.push(hasType(filter.typeExam));
  if (filter.displayName)
    parts.push(sql`exists (select 1 from documents f where ${filesOfEntry} and ${contains(sql`f.display_name`, filter.displayName)})`);
  if (filter.resultName)
    parts.push(sql`exists (select 1 from documents f where ${filesOfEntry} and ${contains(sql`f.original_name`, filter.resultName)})`);
  if (filter.resultChecker)
    parts.push(
      sql`exists (select 1 from documents f join users up on up.id = f.uploaded_by where ${filesOfEntry} and ${contains(sql`up.full_name`, filter.resultChecker)})`,
    );
  const flag = (value: boolean | undefined, typeExam: number) => {
    if (value === undefined) return;
    parts.push(value ? hasType(typeExam) : sql`not ${hasType(typeExam)}`);
  };
  flag(filter.hasResultTest, TYPE_EXAM.test);
  flag(filter.hasResultImage, TYPE_EXAM.image);
  flag(filter.hasPrescription, TYPE_EXAM.prescription);
  return sql.join(parts, sql` and `);
}

interface RawRow {
  id: string;
  source: 'record' | 'order';
  category: string;
  profile_id: string;
  test_day: string | Date;
  doctor_name: string;
  reason: string;
  note: string;
  file_count: number | string;
  has_test: boolean;
  has_image: boolean;
  has_prescription: boolean;
  total?: number | string;
}

function dayText(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

function toRow(raw: RawRow): HistoryRow {
  return {
    id: raw.id,
    source: raw.source,
    category: raw.category,
    profileId: raw.profile_id,
    testDay: dayText(raw.test_day),
    doctorName: raw.doctor_name,
    reason: raw.reason,
    note: raw.note,
    fileCount: Number(raw.file_count),
    hasResultTest: raw.has_test,
    hasResultImage: raw.has_image,
    hasPrescription: raw.has_prescription,
  };
}

const summaryColumns = sql`e.id, e.source, e.category, e.profile_id, e.test_day::text as test_day, e.doctor_name, e.reason, e.note,
  (select count(*) from documents f where ${filesOfEntry}) as file_count,
  ${hasType(TYPE_EXAM.test)} as has_test, ${hasType(TYPE_EXAM.image)} as has_image,
  ${hasType(TYPE_EXAM.prescription)} as has_prescription`;

/** One page of a profile's history with the filters, newest day first; and how many entries match. */
export async function historyPage(
  db: Db,
  profileId: string,
  filter: HistoryFilter,
  page: number,
  size: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const result = await db.execute(sql`
    select ${summaryColumns}, count(*) over () as total
    from (${entries(profileId)}) e
    where ${filterWhere(filter)}
    order by e.test_day desc, e.created_at desc, e.id
    limit ${size} offset ${page * size}`);
  const raw = rowsOf<RawRow>(result);
  if (raw.length === 0 && page > 0) {
    const counted = await db.execute(sql`select count(*) as total from (${entries(profileId)}) e where ${filterWhere(filter)}`);
    return { rows: [], total: Number(rowsOf<{ total: string | number }>(counted)[0]?.total ?? 0) };
  }
  return { rows: raw.map(toRow), total: Number(raw[0]?.total ?? 0) };
}

/** The profile a history entry (a record, or a completed order) belongs to; undefined when there is no such entry. */
export async function historyEntryProfile(db: Db, id: string): Promise<string | undefined> {
  const result = await db.execute(sql`
    select profile_id from health_records where id = ${id}::uuid
    union all
    select profile_id from orders where id = ${id}::uuid and profile_id is not null and status = ${ORDER_STATUS.done}
    limit 1`);
  return rowsOf<{ profile_id: string }>(result)[0]?.profile_id;
}

/** One entry of a profile's history. */
export async function historyEntry(db: Db, profileId: string, id: string): Promise<HistoryRow | undefined> {
  const result = await db.execute(sql`select ${summaryColumns} from (${entries(profileId, id)}) e`);
  const raw = rowsOf<RawRow>(result)[0];
  return raw ? toRow(raw) : undefined;
}

/** A profile's entries between two days (inclusive) that have a test or imaging result, oldest first (at most 500). */
export async function entriesWithResults(db: Db, profileId: string, from: string, to: string): Promise<HistoryRow[]> {
  const result = await db.execute(sql`
    select ${summaryColumns}
    from (${entries(profileId)}) e
    where e.test_day between ${from}::date and ${to}::date and (${hasType(TYPE_EXAM.test)} or ${hasType(TYPE_EXAM.image)})
    order by e.test_day, e.created_at, e.id
    limit 500`);
  return rowsOf<RawRow>(result).map(toRow);
}

/** The conclusion of a lab or imaging order's results (decision 046), or null. */
export async function resultConclusion(db: Db, orderId: string): Promise<string | null> {
  const result = await db.execute(sql`select conclusion from order_results where order_id = ${orderId}::uuid`);
  return rowsOf<{ conclusion: string | null }>(result)[0]?.conclusion ?? null;
}
