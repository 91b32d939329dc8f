import { sql } from 'drizzle-orm';
import type { MessageRecipient } from '../platform/messaging/person-messages.ts';
import { users } from './schema/index.ts';

/**
 * The columns of an account a message to that person needs — who, where (phone, e-mail), in which language and by
 * which channels they want to be told, whether their phone is verified — selected alike by every repository that tells people of a change (bookings,
 * invitations, examination results). The row fits `MessageRecipient` (platform/messaging/person-messages.ts).
 */
export const recipientColumns = {
  id: users.id,
  fullName: users.fullName,
  phone: users.phone,
  email: users.email,
  language: users.language,
  notifySms: users.notifySms,
  notifyEmail: users.notifyEmail,
  /** No SMS goes to a phone not proven by an SMS code (decision 048). */
  phoneVerified: sql<boolean>`${users.phoneVerifiedAt} is not null`,
};

/** An account as `recipientColumns` reads it: who it is, and how to tell them. */
export interface RecipientRow extends MessageRecipient {
  id: string;
  phoneVerified: boolean;
  fullName: string;
}
