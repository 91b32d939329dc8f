import { users } from './schema/index.ts';

/**
 * An account's own details of spec §3 (name, phone, gender, date of birth, e-mail, address), selected alike where a
 * person's details are filled in from their account: a booking for oneself, a managed profile of the account holder.
 */
export const personColumns = {
  fullName: users.fullName,
  phone: users.phone,
  gender: users.gender,
  dateOfBirth: users.dateOfBirth,
  email: users.email,
  address: users.address,
};
