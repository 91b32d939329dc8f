import { and, asc, eq, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { CHECK_VIOLATION, isViolation } from '../../db/errors.ts';
import {
  capacityResources,
  capacityTaken,
  doctorProfiles,
  doctorSpecialties,
  doctorWorkTimes,
  users,
  workUnits,
} from '../../db/schema/index.ts';
import type { PlaceAsk, PlaceFacts, PlaceHold } from './category.ts';

/**
 * Takes a counted place at `place.startsAt` (decision 044), returning the resource taken: of the first of
 * `place.resourceId` and `place.others` with a place left as this statement sees it (a clinic's machines of one
 * modality, decision 045), else of the first, whose CHECK (taken <= places) then fails the statement. `ON CONFLICT DO
 * UPDATE` counts on the latest committed row, so a machine another booking took meanwhile fails it too (the caller
 * tries again: the next statement sees it taken). `after`: a CTE of one row to gate it on (the claimed key).
 */
export function placeInsert(place: PlaceHold, after?: SQL): SQL {
  const ids = [place.resourceId, ...(place.others ?? [])];
  const startsAt = place.startsAt.toISOString();
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`insert into capacity_taken (resource_id, starts_at, places, taken)
    select r.id, ${startsAt}::timestamptz, r.places, 1
    from ${after ? sql`${after} cross join ` : sql``}capacity_resources r
      left join capacity_taken t on t.resource_id = r.id and t.starts_at = ${startsAt}::timestamptz
    where r.id in (${idList})
    order by coalesce(t.taken, 0) < r.places desc, array_position(array[${idList}], r.id)
    limit 1
    on conflict (resource_id, starts_at) do update set taken = capacity_taken.taken + 1, places = excluded.places
    returning resource_id`;
}

/** The orders repository's counted places (decision 044): capacity_resources, capacity_taken and order_places. */
export function createPlaces(db: Db) {
  return {
    /**
     * The resource a capacity category's booking asks for, and who at its clinic confirms and completes it: the first
     * (by id) verified, living holder of `specialtyId` with in-person working time at that clinic.
     */
    async findPlace(ask: PlaceAsk, specialtyId: number): Promise<PlaceFacts> {
      const rows = await db
        .select({
          id: capacityResources.id,
          places: capacityResources.places,
          workUnit: { id: workUnits.id, names: workUnits.names, address: workUnits.address },
        })
        .from(capacityResources)
        .innerJoin(workUnits, eq(workUnits.id, capacityResources.workUnitId))
        .where(
          and(
            eq(capacityResources.kind, ask.kind),
            ask.workUnitId === undefined ? undefined : eq(capacityResources.workUnitId, ask.workUnitId),
            eq(capacityResources.district, ask.district ?? ''),
            eq(capacityResources.modality, ask.modality ?? ''),
          ),
        )
        .orderBy(asc(capacityResources.id));
      const [resource] = rows;
      if (!resource) return { resource: null, resourceIds: [], staffId: null };
      // The first one's clinic's (a district may be visited from two clinics): its machines of a modality, decision 045.
      const resourceIds = rows.filter((row) => row.workUnit.id === resource.workUnit.id).map((row) => row.id);
      const [staff] = await db
        .selectDistinct({ id: users.id })
        .from(users)
        .innerJoin(doctorProfiles, eq(doctorProfiles.userId, users.id))
        .innerJoin(doctorSpecialties, eq(doctorSpecialties.doctorId, users.id))
        .innerJoin(doctorWorkTimes, eq(doctorWorkTimes.doctorId, users.id))
        .where(
          and(
            isNull(users.deletedAt),
            sql`${doctorProfiles.verifiedAt} is not null`,
            eq(doctorSpecialties.specialtyId, specialtyId),
            eq(doctorWorkTimes.mode, 'direct'),
            eq(doctorWorkTimes.workUnitId, resource.workUnit.id),
          ),
        )
        .orderBy(asc(users.id))
        .limit(1);
      return { resource, resourceIds, staffId: staff?.id ?? null };
    },

    /** The areas a kind of resource visits (home collection's districts), in order. */
    async districtsOf(kind: PlaceAsk['kind']): Promise<string[]> {
      const rows = await db
        .selectDistinct({ district: capacityResources.district })
        .from(capacityResources)
        .where(and(eq(capacityResources.kind, kind), ne(capacityResources.district, '')))
        .orderBy(asc(capacityResources.district));
      return rows.map((row) => row.district);
    },

    /** The clinics with a resource of `kind` (and `modality`), in id order: where a kind of imaging is done. */
    async workUnitsWith(kind: PlaceAsk['kind'], modality: string) {
      return db
        .selectDistinct({ id: workUnits.id, names: workUnits.names, address: workUnits.address })
        .from(capacityResources)
        .innerJoin(workUnits, eq(workUnits.id, capacityResources.workUnitId))
        .where(and(eq(capacityResources.kind, kind), eq(capacityResources.modality, modality)))
        .orderBy(asc(workUnits.id));
    },

    /** The places taken of a resource at each start in [from, to). */
    async takenBetween(resourceId: number, from: Date, to: Date): Promise<{ startsAt: Date; taken: number }[]> {
      return db
        .select({ startsAt: capacityTaken.startsAt, taken: capacityTaken.taken })
        .from(capacityTaken)
        .where(and(eq(capacityTaken.resourceId, resourceId), gte(capacityTaken.startsAt, from), lt(capacityTaken.startsAt, to)));
    },

    /**
     * Frees the place the order holds, if it holds one (decision 044), on the caller's transaction: its row in
     * order_places goes and its count falls by one. Run again, it frees nothing: a place is freed once only.
     */
    async releasePlace(orderId: string): Promise<void> {
      await db.execute(sql`
        with freed as (delete from order_places where order_id = ${orderId}::uuid returning resource_id, starts_at)
        update capacity_taken set taken = capacity_taken.taken - 1 from freed
        where capacity_taken.resource_id = freed.resource_id and capacity_taken.starts_at = freed.starts_at`);
    },

    /**
     * Takes a counted place for the order on the caller's transaction (an edit that moves it, decision 044): past the
     * last one, capacity_taken's CHECK (taken <= places) fails the statement.
     */
    async takePlace(orderId: string, place: PlaceHold): Promise<void> {
      const startsAt = place.startsAt.toISOString();
      const take = (on: Db) =>
        on.execute(sql`
        with held as (${placeInsert(place)})
        insert into order_places (order_id, resource_id, starts_at)
        select ${orderId}::uuid, resource_id, ${startsAt}::timestamptz from held`);
      const others = place.others?.length ?? 0;
      if (others === 0) {
        await take(db);
        return;
      }
      // One of several machines (decision 045): one taken meanwhile by a concurrent booking fails the statement; in a
      // savepoint, so the next attempt (which sees it taken) runs in the same transaction. Past the last, every one was.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await db.transaction((savepoint) => take(savepoint));
          return;
        } catch (error) {
          if (attempt >= others || !isViolation(error, CHECK_VIOLATION, 'capacity_taken_within_places')) throw error;
        }
      }
    },
  };
}
