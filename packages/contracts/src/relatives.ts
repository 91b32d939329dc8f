import {
  GRANTED_SECTIONS,
  GROUP_NAME_MAX_LENGTH,
  GROUP_TYPES,
  INVITATION_KINDS,
  INVITATION_STATUSES,
  RESPONSE_NOTE_MAX_LENGTH,
  SHARE_SECTIONS,
  VN_CALLING_CODE,
} from '@rhc/domain';
import { z } from 'zod/mini';
import { invalid, required, tooLong } from './text.ts';
import { OtpCodeSchema } from './accounts.ts';
import { pageSchema, PageQuerySchema } from './envelope.ts';
import { PatientInfoSchema } from './orders.ts';
import { lazySchema } from './lazy-schema.ts';

/*
 * Relatives, follows, groups and consent (spec §1, §3 "Customer/patient info", "Group of followed people", §4, §5, §7;
 * issue 14, decision 022). A "person" id is a profile id: a person's own profile has the id of their account, a profile
 * they manage (a child, an elderly parent) has its own. Another person's id without a grant answers 404.
 */

/** A profile id (a person's own id, or a managed profile's). */
export const PersonIdSchema = lazySchema(() => z.uuid(invalid));
export const PersonParamsSchema = lazySchema(() => z.object({ id: PersonIdSchema }));

/** One section a person shares (spec §1), or `all` as its own explicit choice. */
export const SharedSectionSchema = lazySchema(() => z.enum(GRANTED_SECTIONS, { error: 'validation.choose' }));
export const ShareSectionSchema = lazySchema(() => z.enum(SHARE_SECTIONS, { error: 'validation.choose' }));
/** The sections of a grant: at least one, nothing pre-ticked; `all` alone or named sections, each once. */
export const SharedSectionsSchema = lazySchema(() =>
  z.array(SharedSectionSchema, { error: 'validation.sections_required' }).check(
    z.minLength(1, { error: 'validation.sections_required' }),
    z.maxLength(GRANTED_SECTIONS.length, invalid),
    z.refine((sections) => new Set(sections).size === sections.length, invalid),
    z.refine((sections) => !sections.includes('all') || sections.length === 1, invalid),
  ),
);

/* ---------- profiles I manage (spec §3 "Customer/patient info") ---------- */

/**
 * POST /relative/{userId}, PUT /relative/{id}: the fields of spec §3 (name, phone with calling code and country,
 * gender — default male —, birthday, e-mail, address). For a young child, the phone is the guardian's.
 */
export const ProfileBodySchema = lazySchema(() => PatientInfoSchema);
export type ProfileBody = z.input<typeof ProfileBodySchema>;

/** The information of a person, as far as the reader may see it (`info` null: "health info" is not shared with them). */
export const PersonInfoSchema = lazySchema(() =>
  z.object({
    fullName: z.string(),
    phone: z.string(),
    callingCodes: z.string(),
    nameCountry: z.string(),
    gender: z.string(),
    dateOfBirth: z.string(),
    email: z.nullable(z.string()),
    address: z.string(),
  }),
);
export type PersonInfo = z.infer<typeof PersonInfoSchema>;

/** How the reader stands to a person: it is them, they manage the profile, or the person shares sections with them. */
export const RelationSchema = lazySchema(() => z.enum(['self', 'manager', 'watcher']));
export type Relation = z.infer<typeof RelationSchema>;

/** GET /relative/{id}. */
export const PersonSchema = lazySchema(() =>
  z.object({
    id: PersonIdSchema,
    fullName: z.string(),
    relation: RelationSchema,
    /** Whether the person has an account of their own (a managed profile has none). */
    hasAccount: z.boolean(),
    /** The sections the reader may see, spelled out (`all` becomes every section). */
    sections: z.array(ShareSectionSchema),
    /** Null when the reader may not see "health info". */
    info: z.nullable(PersonInfoSchema),
    /** Set when a managed profile was deleted while it had bookings or records: kept, no longer offered. */
    archivedAt: z.nullable(z.iso.datetime()),
  }),
);
export type Person = z.infer<typeof PersonSchema>;

/** A managed profile in my list. */
export const ManagedProfileSchema = lazySchema(() =>
  z.object({
    id: PersonIdSchema,
    info: PersonInfoSchema,
    /** Whether sharing it needs the child's recorded agreement (aged 7–15, decision 022). */
    needsChildAssent: z.boolean(),
    /** Followers it is shared with. */
    sharedWith: z.int().check(z.gte(0)),
    createdAt: z.iso.datetime(),
  }),
);
export type ManagedProfile = z.infer<typeof ManagedProfileSchema>;
export const ManagedProfileListSchema = lazySchema(() => z.array(ManagedProfileSchema));

/** DELETE /relative/{id}: a profile with bookings or records is archived, not erased. */
export const ProfileDeletedSchema = lazySchema(() => z.object({ archived: z.boolean() }));

/* ---------- follows (who I follow, who follows me) ---------- */

/** One active grant: `watcher` follows `person` and sees `sections`. */
export const ShareSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    person: z.object({ id: PersonIdSchema, fullName: z.string(), hasAccount: z.boolean() }),
    watcher: z.object({ id: z.uuid(), fullName: z.string() }),
    sections: z.array(SharedSectionSchema),
    childAssent: z.boolean(),
    grantedAt: z.iso.datetime(),
    changedAt: z.iso.datetime(),
  }),
);
export type Share = z.infer<typeof ShareSchema>;

/** GET /follows/{userId}: the people I follow, and who follows me or a profile I manage. */
export const FollowsSchema = lazySchema(() => z.object({ following: z.array(ShareSchema), followers: z.array(ShareSchema) }));
export type Follows = z.infer<typeof FollowsSchema>;

export const ShareParamsSchema = lazySchema(() => z.object({ shareId: z.uuid(invalid) }));

/**
 * PUT /follows/share/{shareId}: the holder changes the sections. `consentText` is the wording the person was shown,
 * kept with the grant; `childAssent` is the recorded confirmation that the child agreed (required for a child aged 7–15).
 */
export const ShareChangeBodySchema = lazySchema(() =>
  z.strictObject({
    sections: SharedSectionsSchema,
    childAssent: z._default(z.boolean(), false),
    consentText: z.string(required).check(z.trim(), z.minLength(1, required), z.maxLength(2000, tooLong)),
  }),
);
export type ShareChangeBody = z.input<typeof ShareChangeBodySchema>;

/* ---------- invitations (spec §4: sent, then accepted or denied with a note) ---------- */

export const InvitationKindSchema = lazySchema(() => z.enum(INVITATION_KINDS, invalid));
export const InvitationStatusSchema = lazySchema(() => z.enum(INVITATION_STATUSES));

const CallingCodeSchema = lazySchema(() => z._default(z.string().check(z.regex(/^\+\d{1,4}$/, invalid)), VN_CALLING_CODE));

/**
 * POST /invitations/{userId}.
 * - `invite`: I (or a profile I manage, `personId`) invite the owner of `phone` to follow, with `sections`, `consentText`
 *   and, for a child aged 7–15, `childAssent`.
 * - `request`: I ask to follow `personId` (someone who already shares with me, asking for more) or the owner of `phone`,
 *   naming the `sections` I ask for.
 * The answer never says whether a phone has an account: an unknown one gets an SMS invitation to join.
 */
export const InvitationBodySchema = lazySchema(() =>
  z
    .strictObject({
      kind: InvitationKindSchema,
      personId: z.optional(PersonIdSchema),
      phone: z.optional(z.string().check(z.trim(), z.maxLength(20, invalid))),
      callingCodes: CallingCodeSchema,
      sections: SharedSectionsSchema,
      childAssent: z._default(z.boolean(), false),
      consentText: z.optional(z.string().check(z.trim(), z.maxLength(2000, tooLong))),
      note: z.optional(z.string().check(z.trim(), z.maxLength(RESPONSE_NOTE_MAX_LENGTH, tooLong))),
    })
    .check(
      z.superRefine((value, context) => {
        if (!value.personId && !value.phone) context.addIssue({ code: 'custom', path: ['phone'], message: 'validation.required' });
        if (value.kind === 'invite' && !value.consentText)
          context.addIssue({ code: 'custom', path: ['consentText'], message: 'validation.required' });
      }),
    ),
);
export type InvitationBody = z.input<typeof InvitationBodySchema>;

/** One invitation, as its sender or its addressee sees it. */
export const InvitationSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: InvitationKindSchema,
    status: InvitationStatusSchema,
    /** Whether it is addressed to me (I answer it) or sent by me. */
    direction: z.enum(['incoming', 'outgoing']),
    /** The person whose sections are shared (for `request` sent to a phone, null until answered). */
    person: z.nullable(z.object({ id: PersonIdSchema, fullName: z.string() })),
    /** The other party: the sender for an incoming one; the addressee for an outgoing one (their phone masked until answered). */
    counterpart: z.object({ fullName: z.nullable(z.string()), phoneMasked: z.string() }),
    sections: z.array(SharedSectionSchema),
    note: z.nullable(z.string()),
    responseNote: z.nullable(z.string()),
    /** Whether accepting needs the child's recorded agreement (an `invite` of a child's profile, or a `request` for one). */
    needsChildAssent: z.boolean(),
    createdAt: z.iso.datetime(),
    answeredAt: z.nullable(z.iso.datetime()),
  }),
);
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /invitations/{userId}?type=incoming|outgoing — pending first, then the answered ones, newest first. */
export const InvitationsQuerySchema = lazySchema(() =>
  z.extend(PageQuerySchema, {
    type: z._default(z.enum(['incoming', 'outgoing'], invalid), 'incoming'),
  }),
);
export const InvitationPageSchema = lazySchema(() =>
  z.extend(pageSchema(InvitationSchema), {
    /** Pending invitations addressed to me (the bell's and home notice's count). */
    pending: z.int().check(z.gte(0)),
  }),
);
export type InvitationPage = z.infer<typeof InvitationPageSchema>;

export const InvitationParamsSchema = lazySchema(() => z.object({ id: z.uuid(invalid) }));

/**
 * POST /invitations/{id}/answer: accept or deny, with a non-empty note (spec §4/§5). Accepting a `request` names the
 * sections granted (the holder chooses; nothing pre-ticked) with the wording shown and, for a child, `childAssent`.
 */
export const InvitationAnswerBodySchema = lazySchema(() =>
  z.strictObject({
    accept: z.boolean(required),
    note: z
      .string({ error: 'validation.response_note_required' })
      .check(z.trim(), z.minLength(1, { error: 'validation.response_note_required' }), z.maxLength(RESPONSE_NOTE_MAX_LENGTH, tooLong)),
    sections: z.optional(SharedSectionsSchema),
    childAssent: z._default(z.boolean(), false),
    consentText: z.optional(z.string().check(z.trim(), z.maxLength(2000, tooLong))),
  }),
);
export type InvitationAnswerBody = z.input<typeof InvitationAnswerBodySchema>;

/* ---------- groups of followed people (spec §3, §4, §5) ---------- */

export const GroupTypeSchema = lazySchema(() => z.enum(GROUP_TYPES, { error: 'validation.choose' }));
export const GroupBodySchema = lazySchema(() =>
  z.strictObject({
    name: z.string(required).check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(GROUP_NAME_MAX_LENGTH, tooLong),
      z.refine((value) => ![...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f), invalid),
    ),
    type: GroupTypeSchema,
  }),
);
export type GroupBody = z.input<typeof GroupBodySchema>;

export const GroupSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    type: GroupTypeSchema,
    memberCount: z.int().check(z.gte(0)),
    members: z.array(z.object({ id: PersonIdSchema, fullName: z.string() })),
  }),
);
export type Group = z.infer<typeof GroupSchema>;
export const GroupListSchema = lazySchema(() => z.array(GroupSchema));
export const GroupParamsSchema = lazySchema(() => z.object({ id: z.uuid(invalid) }));
export const GroupMemberParamsSchema = lazySchema(() => z.object({ id: z.uuid(invalid), personId: PersonIdSchema }));

/* ---------- privileges and the access log ---------- */

/** GET /privilege-relative/privileges/{infoId}/{userId}: the sections `userId` (only oneself) may see of `infoId`. */
export const PrivilegeParamsSchema = lazySchema(() => z.object({ infoId: PersonIdSchema, userId: z.uuid(invalid) }));
export const PrivilegesSchema = lazySchema(() => z.object({ relation: RelationSchema, sections: z.array(ShareSectionSchema) }));
export type Privileges = z.infer<typeof PrivilegesSchema>;

/** GET /vaccine-privilege-relative: the people whose vaccinations I may see (me, my profiles, those who share "vaccines"). */
export const VaccinePeopleSchema = lazySchema(() =>
  z.array(z.object({ id: PersonIdSchema, fullName: z.string(), dateOfBirth: z.nullable(z.string()), relation: RelationSchema })),
);

/** GET /access-log/{id}: who read a person's data (only the person or the profile's manager may look). */
export const AccessLogQuerySchema = lazySchema(() => PageQuerySchema);
export const ACCESS_LOG_ACTIONS = ['read', 'write', 'mail'] as const;
export const AccessLogEntrySchema = lazySchema(() =>
  z.object({
    at: z.iso.datetime(),
    reader: z.object({ id: z.uuid(), fullName: z.string() }),
    section: ShareSectionSchema,
    /**
     * What they did (issue 17): read the section, or wrote into it (a doctor's diagnosis, prescription or files); or
     * e-mailed the examination result to an address not the person's (issue 54).
     */
    action: z.enum(ACCESS_LOG_ACTIONS),
  }),
);
export const AccessLogPageSchema = lazySchema(() => pageSchema(AccessLogEntrySchema));
export type AccessLogPage = z.infer<typeof AccessLogPageSchema>;

/* ---------- a booking's patient kept as a profile; a profile linked to its own account ---------- */

/** POST /patients/{orderId}: the booking whose typed-in patient becomes a profile I manage. */
export const KeepPatientParamsSchema = lazySchema(() => z.object({ orderId: z.uuid(invalid) }));

/**
 * GET /profile-claims/{userId}: a profile someone keeps for me — a managed profile whose phone and calling code are
 * my account's (verified at sign-up). Only what I need to recognise it: the name, the birthday, who keeps it.
 */
export const ClaimableProfileSchema = lazySchema(() =>
  z.object({
    id: PersonIdSchema,
    fullName: z.string(),
    dateOfBirth: z.string(),
    manager: z.object({ fullName: z.string() }),
    /** False for a person under 16 on Vietnam's today: the guardian keeps a child's profile (decision 025). */
    claimable: z.boolean(),
  }),
);
export type ClaimableProfile = z.infer<typeof ClaimableProfileSchema>;
export const ClaimableProfileListSchema = lazySchema(() => z.array(ClaimableProfileSchema));

/** POST /profile-claims/{id}/claim: a fresh code sent to my phone, and what the former manager may still see. */
export const ClaimBodySchema = lazySchema(() =>
  z.object({
    verificationId: z.uuid({ error: 'validation.otp_invalid' }),
    code: OtpCodeSchema,
    /** Sections the former manager keeps seeing, as a grant I consent to: nothing pre-ticked, none by default. */
    managerSections: z._default(
      z.array(SharedSectionSchema).check(
        z.maxLength(GRANTED_SECTIONS.length, invalid),
        z.refine((sections) => new Set(sections).size === sections.length, invalid),
        z.refine((sections) => !sections.includes('all') || sections.length === 1, invalid),
      ),
      [],
    ),
  }),
);
export type ClaimBody = z.input<typeof ClaimBodySchema>;

/** What a claim did: the data now belongs to my own profile (my account's id). */
export const ClaimResultSchema = lazySchema(() =>
  z.object({
    profileId: PersonIdSchema,
    /** Bookings that became mine. */
    orders: z.int().check(z.gte(0)),
    /** The sections the former manager still sees (empty: none). */
    managerSections: z.array(SharedSectionSchema),
  }),
);
export type ClaimResult = z.infer<typeof ClaimResultSchema>;
