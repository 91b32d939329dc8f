import { z } from 'zod/mini';
import { AccountDeletionBodySchema, AccountDeletionSchema } from '../account-deletion.ts';
import { UserIdParamSchema } from '../accounts.ts';
import { defineEndpoints } from '../endpoint.ts';

/** Deleting one's own account with a grace period (issue 53, decision 052). */
export const accountDeletionEndpoints = defineEndpoints('accountDeletion', {
  state: {
    method: 'GET',
    path: '/account-deletion/:userId',
    summary: 'Whether my account is to be deleted, and when',
    auth: true,
    access: { audit: 'account.delete', owner: 'userId' },
    params: UserIdParamSchema,
    response: AccountDeletionSchema,
  },
  request: {
    method: 'POST',
    path: '/account-deletion/:userId',
    summary: 'Ask for my account to be deleted after the grace period; ends my other sessions (asking again changes nothing)',
    auth: true,
    access: { audit: 'account.delete', owner: 'userId' },
    stepUp: true,
    params: UserIdParamSchema,
    body: z.nullish(AccountDeletionBodySchema),
    response: AccountDeletionSchema,
  },
  cancel: {
    method: 'DELETE',
    path: '/account-deletion/:userId',
    summary: 'Keep my account: cancel its pending deletion',
    auth: true,
    access: { audit: 'account.delete', owner: 'userId' },
    params: UserIdParamSchema,
    response: AccountDeletionSchema,
  },
});
