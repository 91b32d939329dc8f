import { GENDERS, GRANTED_SECTIONS, GROUP_TYPES, INVITATION_KINDS, INVITATION_STATUSES } from '@rhc/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { sqlList } from './sql-list.ts';
import { cascadingRef, randomId } from './columns.ts';

/*
 * Relatives, follows, groups and consent (issue 14, decision 022).
 */

/**
 * A person whose health data the product keeps. Every account has one, with the account's own id (made by a trigger on
 * `users`, migration 0012), whose personal fields stay on `users`; a person without a login of their own (a child, an
 * elderly parent) is a profile managed by the account that created it, with the fields of spec §3 "Customer/patient
 * info". Health data of every later domain belongs to a profile id.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: randomId(),
    /** The person's own account (then `id` equals it); null for a managed profile. */
    accountId: uuid('account_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who manages a profile without a login of its own; null for an account's own profile. */
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    phone: text('phone'),
    callingCode: text('calling_code'),
    countryName: text('country_name'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    email: text('email'),
    address: text('address'),
    /** A managed profile deleted while it had bookings or records: kept for them, no longer listed or shared. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The account the person later linked this profile to (same phone, a fresh code; decision 025): its data moved to
     * that account's own profile and this one is kept archived, pointing there. Null while managed.
     */
    linkedAccountId: uuid('linked_account_id').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_holder', sql`(${t.accountId} is null) <> (${t.managerId} is null)`),
    check('profiles_own_id', sql`${t.accountId} is null or ${t.id} = ${t.accountId}`),
    check(
      'profiles_managed_fields',
      sql`${t.managerId} is null or (${t.fullName} is not null and ${t.phone} is not null and ${t.callingCode} is not null and ${t.countryName} is not null and ${t.gender} in (${sqlList(GENDERS)}) and ${t.dateOfBirth} is not null and ${t.address} is not null)`,
    ),
    check('profiles_linked_archived', sql`${t.linkedAt} is null or ${t.archivedAt} is not null`),
    index('profiles_manager').on(t.managerId),
    index('profiles_claimable')
      .on(t.callingCode, t.phone)
      .where(sql`${t.managerId} is not null and ${t.archivedAt} is null`),
  ],
);

/**
 * A grant (consent as data): `watcherId` follows `profileId` and sees `sections`. The holder's changes update it and
 * its history is in `consent_events`; a revocation or a stop sets `endedAt` (a new grant is a new row).
 */
export const shares = pgTable(
  'shares',
  {
    id: randomId(),
    profileId: cascadingRef('profile_id', () => profiles.id),
    watcherId: cascadingRef('watcher_id', () => users.id),
    /** The holder who consented (the person, or the profile's manager). */
    grantedBy: uuid('granted_by').notNull(),
    sections: text('sections').array().notNull(),
    /** The recorded confirmation that the child (aged 7–15) agreed, Law 91/2025 art. 24. */
    childAssent: boolean('child_assent').notNull().default(false),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by'),
  },
  (t) => [
    check('shares_sections', sql`cardinality(${t.sections}) >= 1 and ${t.sections} <@ array[${sqlList(GRANTED_SECTIONS)}]::text[]`),
    check('shares_not_self', sql`${t.profileId} <> ${t.watcherId}`),
    uniqueIndex('shares_active')
      .on(t.profileId, t.watcherId)
      .where(sql`${t.endedAt} is null`),
    index('shares_watcher_active')
      .on(t.watcherId)
      .where(sql`${t.endedAt} is null`),
  ],
);

/**
 * Append-only history of consent: each grant, change, revocation and stop, with who did it, the sections, the child's
 * agreement and the wording shown in the language shown. No foreign keys: it outlives what it speaks of.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shareId: uuid('share_id').notNull(),
    profileId: uuid('profile_id').notNull(),
    watcherId: uuid('watcher_id').notNull(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').notNull(),
    sections: text('sections').array().notNull(),
    childAssent: boolean('child_assent').notNull(),
    consentText: text('consent_text'),
    language: text('language').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('consent_events_action', sql`${t.action} in ('granted', 'changed', 'revoked', 'stopped')`),
    index('consent_events_profile').on(t.profileId, t.occurredAt),
  ],
);

/**
 * A follow invitation (spec §4): sent, then accepted or denied with a note, or withdrawn. `invite`: the sender offers
 * `profileId` (theirs or one they manage) with `sections`; `request`: the sender asks to follow `profileId` (the
 * addressee's own profile, or one they manage) for `sections`. The addressee is an account, or only a phone that has
 * none yet (it meets the account made with that phone later).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: randomId(),
    kind: text('kind').notNull(),
    senderId: cascadingRef('sender_id', () => users.id),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id').references(() => users.id, { onDelete: 'cascade' }),
    addresseeCallingCode: text('addressee_calling_code').notNull(),
    addresseePhone: text('addressee_phone').notNull(),
    sections: text('sections').array().notNull(),
    childAssent: boolean('child_assent').notNull().default(false),
    consentText: text('consent_text'),
    language: text('language').notNull(),
    note: text('note'),
    status: text('status').notNull().default('pending'),
    responseNote: text('response_note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The Vietnam day this invitation's SMS went to the addressee's phone; null when it sent none (issue 54: one SMS per
     * sender, number and day, however often it is withdrawn and sent again — `invitations_sms_daily`).
     */
    smsDay: date('sms_day', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('invitations_sms_daily')
      .on(t.senderId, t.addresseeCallingCode, t.addresseePhone, t.smsDay)
      .where(sql`${t.smsDay} is not null`),
    check('invitations_kind', sql`${t.kind} in (${sqlList(INVITATION_KINDS)})`),
    check('invitations_status', sql`${t.status} in (${sqlList(INVITATION_STATUSES)})`),
    check('invitations_sections', sql`cardinality(${t.sections}) >= 1 and ${t.sections} <@ array[${sqlList(GRANTED_SECTIONS)}]::text[]`),
    check('invitations_answer', sql`(${t.status} = 'pending') = (${t.answeredAt} is null)`),
    uniqueIndex('invitations_pending_once')
      .on(
        t.kind,
        t.senderId,
        t.addresseeCallingCode,
        t.addresseePhone,
        sql`coalesce(${t.profileId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`${t.status} = 'pending'`),
    index('invitations_addressee').on(t.addresseeId, t.status),
    index('invitations_addressee_phone').on(t.addresseeCallingCode, t.addresseePhone, t.status),
    index('invitations_sender').on(t.senderId, t.createdAt),
  ],
);

/** A group of followed people (spec §3 "Group of followed people"): name, type, members. */
export const followGroups = pgTable(
  'follow_groups',
  {
    id: randomId(),
    ownerId: cascadingRef('owner_id', () => users.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('follow_groups_type', sql`${t.type} in (${sqlList(GROUP_TYPES)})`), index('follow_groups_owner').on(t.ownerId)],
);

export const followGroupMembers = pgTable(
  'follow_group_members',
  {
    groupId: cascadingRef('group_id', () => followGroups.id),
    profileId: cascadingRef('profile_id', () => profiles.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.profileId] }), index('follow_group_members_profile').on(t.profileId)],
);
