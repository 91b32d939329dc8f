import {
  CALENDAR_CATEGORIES,
  CAPACITY_KINDS,
  VACCINE_IDS,
  GRANTED_SECTIONS,
  GROUP_TYPES,
  INVITATION_KINDS,
  INVITATION_STATUSES,
  JOB_IDS,
  ORDER_STATUS_CODES,
  RECURRENCE_UNITS,
  SLOT_HOLDING_STATUSES,
  STORED_PHONE_VN_PATTERN,
  WORK_MODES,
} from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeOnEachTestDatabase } from '../../test/test-app.ts';
import { rowsOf } from './client.ts';

/**
 * The committed migrations spell values out (`status IN (0, 1, 3)`, `mode in ('direct', 'online')`) and are never
 * edited; the domain declares each list once. These tests read the constraints back from the database's catalog, as
 * the migrations left them, and hold them to the declarations, so neither can change without the other.
 */

/** The values of `column = ANY (ARRAY[…])`, as PostgreSQL prints an `IN (…)` list back. */
function listOf(definition: string, column: string): (string | number)[] {
  const match = new RegExp(`\\b${column} = ANY \\(ARRAY\\[([^\\]]*)\\]\\)`).exec(definition);
  if (!match?.[1]) throw new Error(`no list of ${column} in ${definition}`);
  return match[1].split(',').map((item) => {
    const value = item.trim().replace(/::[a-z ]+$/, '');
    return value.startsWith("'") ? value.slice(1, -1).replaceAll("''", "'") : Number(value);
  });
}

const sorted = (values: readonly (string | number)[]) => [...values].sort();

describeOnEachTestDatabase('the migrated constraints', (database) => {
  async function constraint(name: string): Promise<string> {
    const rows = rowsOf<{ definition: string }>(
      await database().db.execute(sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = ${name}`),
    );
    const [row] = rows;
    if (!row || rows.length !== 1) throw new Error(`expected one constraint ${name}, found ${rows.length}`);
    return row.definition;
  }

  it('orders_no_overlap holds the time of exactly the SLOT_HOLDING_STATUSES', async () => {
    const definition = await constraint('orders_no_overlap');
    const predicate = definition.slice(definition.indexOf(' WHERE '));
    expect(sorted(listOf(predicate, 'status'))).toEqual(sorted(SLOT_HOLDING_STATUSES));
  });

  it('orders_no_overlap holds the time of the CALENDAR_CATEGORIES only (a lab order holds a counted place, decision 044)', async () => {
    const definition = await constraint('orders_no_overlap');
    const predicate = definition.slice(definition.indexOf(' WHERE '));
    expect(sorted(listOf(predicate, 'category'))).toEqual(sorted(CALENDAR_CATEGORIES));
  });

  it('capacity_resources_kind allows exactly the CAPACITY_KINDS', async () => {
    expect(sorted(listOf(await constraint('capacity_resources_kind'), 'kind'))).toEqual(sorted(CAPACITY_KINDS));
  });

  it('orders_status allows exactly the ORDER_STATUS codes', async () => {
    expect(sorted(listOf(await constraint('orders_status'), 'status'))).toEqual(sorted(ORDER_STATUS_CODES));
  });

  it.each(['orders_mode', 'work_times_mode', 'exam_types_mode'])('%s allows exactly the WORK_MODES', async (name) => {
    expect(sorted(listOf(await constraint(name), 'mode'))).toEqual(sorted(WORK_MODES));
  });

  it('work_times_recurrence allows none and the RECURRENCE_UNITS', async () => {
    expect(sorted(listOf(await constraint('work_times_recurrence'), 'recurrence_type'))).toEqual(sorted(['none', ...RECURRENCE_UNITS]));
  });

  it('users_job allows exactly the JOB_IDS', async () => {
    expect(sorted(listOf(await constraint('users_job'), 'job_id'))).toEqual(sorted(Object.values(JOB_IDS)));
  });

  it.each(['shares_sections', 'invitations_sections'])('%s allows exactly the GRANTED_SECTIONS, at least one', async (name) => {
    const definition = await constraint(name);
    expect(definition).toContain('cardinality(sections) >= 1');
    const list = /ARRAY\[([^\]]*)\]/.exec(definition)?.[1] ?? '';
    expect(
      sorted(
        list.split(',').map((item) =>
          item
            .trim()
            .replace(/::text$/, '')
            .slice(1, -1),
        ),
      ),
    ).toEqual(sorted(GRANTED_SECTIONS));
  });

  it('invitations_kind and invitations_status allow exactly the INVITATION_KINDS and INVITATION_STATUSES', async () => {
    expect(sorted(listOf(await constraint('invitations_kind'), 'kind'))).toEqual(sorted(INVITATION_KINDS));
    expect(sorted(listOf(await constraint('invitations_status'), 'status'))).toEqual(sorted(INVITATION_STATUSES));
  });

  it('vaccination_history_vaccine allows exactly the VACCINE_IDS', async () => {
    expect(sorted(listOf(await constraint('vaccination_history_vaccine'), 'vaccine_id'))).toEqual(sorted(VACCINE_IDS));
  });

  it('follow_groups_type allows exactly the GROUP_TYPES', async () => {
    expect(sorted(listOf(await constraint('follow_groups_type'), 'type'))).toEqual(sorted(GROUP_TYPES));
  });

  it('users_phone_format is STORED_PHONE_VN_PATTERN, the form normalizeVietnamesePhone stores', async () => {
    expect(await constraint('users_phone_format')).toContain(`'${STORED_PHONE_VN_PATTERN.source}'`);
  });
});
