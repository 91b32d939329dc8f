/**
 * Relatives, follows and consent (spec §1, §3, §4, §6; issue 14, decision 022). Pure facts and rules, no I/O.
 */
import { ageInYears } from './accounts.ts';

/**
 * The sections a person shares with a follower (spec §1): health info, exam info, imaging, test results,
 * prescriptions, vaccines, history. `all` is its own explicit choice and also covers sections added later.
 */
export const SHARE_SECTIONS = ['health_info', 'exam_info', 'imaging', 'test_results', 'prescriptions', 'vaccines', 'history'] as const;
export type ShareSection = (typeof SHARE_SECTIONS)[number];
export const ALL_SECTIONS = 'all' as const;
export type GrantedSection = ShareSection | typeof ALL_SECTIONS;
export const GRANTED_SECTIONS = [...SHARE_SECTIONS, ALL_SECTIONS] as const;

/** Whether a grant of `granted` sections lets its holder read `section`. */
export function coversSection(granted: readonly string[], section: ShareSection): boolean {
  return granted.includes(ALL_SECTIONS) || granted.includes(section);
}

/** The sections a grant gives, spelled out (`all` becomes every section). */
export function expandSections(granted: readonly string[]): ShareSection[] {
  return SHARE_SECTIONS.filter((section) => coversSection(granted, section));
}

/**
 * Law 91/2025/QH15 on personal data protection, art. 24 (children's data): processing the data of a child aged 7
 * or more needs the consent of the parent or guardian and the child's own agreement. A managed profile of a person
 * under 16 is treated as a child's (the law's scope: under 16).
 */
/**
 * Who holds a profile (decision 022): the person, when it is their account's own profile; otherwise the relative who
 * manages it. Every profile has one or the other (a database CHECK).
 */
export function profileHolder(profile: { accountId: string | null; managerId: string | null }): string {
  return (profile.accountId ?? profile.managerId) as string;
}

export const CHILD_ASSENT_MIN_AGE = 7;
export const CHILD_MAX_AGE_EXCLUSIVE = 16;

/** Whether sharing the profile of someone born on `dateOfBirth` needs the child's recorded agreement on `today`. */
export function needsChildAssent(dateOfBirth: string, today: string): boolean {
  const age = ageInYears(dateOfBirth, today);
  return age >= CHILD_ASSENT_MIN_AGE && age < CHILD_MAX_AGE_EXCLUSIVE;
}

/** Spec §4: an invitation is sent, then accepted or denied (or withdrawn by its sender). */
export const INVITATION_STATUSES = ['pending', 'accepted', 'denied', 'cancelled'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * Both directions of spec §1 "follow and follower requests": `invite` — the holder of a profile invites someone to
 * follow it, choosing the sections; `request` — someone asks to follow a profile and its holder answers, choosing them.
 */
export const INVITATION_KINDS = ['invite', 'request'] as const;
export type InvitationKind = (typeof INVITATION_KINDS)[number];

/** Spec §5: the response note is required; its length is bounded like other free text. */
export const RESPONSE_NOTE_MAX_LENGTH = 500;

/** Spec §3/§5: a group of followed people has a name and a type from a list. */
export const GROUP_TYPES = ['family', 'patients', 'friends', 'colleagues', 'other'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const GROUP_NAME_MAX_LENGTH = 60;
/**
 * The most profiles one account manages at once (issue 54): a large family — children, parents, grandparents, a
 * spouse's parents — stays well under 20, while every managed profile is one more person whose bookings, records and
 * SMS one account can create. The records quota (`STORAGE_QUOTA_BYTES`) is the account's across them all, so the cap
 * bounds people, not storage. Past it: 409 `MANAGED_PROFILE_LIMIT`, naming the cap.
 */
export const MAX_MANAGED_PROFILES = 20;
/** Bounds what one person can make the server hold (R8): groups, pending invitations sent. */
export const MAX_GROUPS = 50;
export const MAX_GROUP_MEMBERS = 200;
export const MAX_PENDING_INVITATIONS_SENT = 50;
/**
 * Invitations one account may send per day (sent ones, whatever their fate): each may cost an SMS, so a person cannot
 * make the service text many phones (R6 "SMS pumping", R8). Far above what a family needs.
 */
export const INVITATIONS_PER_DAY = 20;
