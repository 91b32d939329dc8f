import { defineEndpoints } from '../endpoint.ts';
import { InfoIdParamsSchema } from '../monitoring.ts';
import {
  VaccinationQuerySchema,
  VaccinationRecordSchema,
  VaccineHistoryBodySchema,
  VaccineHistoryDeletedSchema,
  VaccineHistoryEntrySchema,
  VaccineHistoryParamsSchema,
  VaccineRemindersBodySchema,
} from '../vaccines.ts';

/**
 * Vaccinations (spec §2 "/vaccines/", §4, §8; issue 50). `infoId` is a person, as in health monitoring: my own user id
 * or a profile I manage reads and writes; someone who shares "vaccines" with me reads (the read lands in their access
 * log). Another person's → 404. Registration is a vaccine order (orders endpoints, category `vaccine`).
 */
export const vaccinesEndpoints = defineEndpoints('vaccines', {
  record: {
    method: 'GET',
    path: '/vaccines/:infoId',
    summary: "A person's vaccination record: the status of every vaccine of a schedule, its doses, and the history",
    auth: true,
    access: { audit: 'record.read', view: 'vaccines', profile: { param: 'infoId', section: 'vaccines' } },
    params: InfoIdParamsSchema,
    query: VaccinationQuerySchema,
    response: VaccinationRecordSchema,
  },
  addDose: {
    method: 'POST',
    path: '/vaccine-history/:infoId',
    summary: 'Adds a dose given elsewhere to my history or that of a profile I manage',
    auth: true,
    access: { audit: 'vaccine.write', profile: { param: 'infoId', section: 'manage' } },
    params: InfoIdParamsSchema,
    body: VaccineHistoryBodySchema,
    response: VaccineHistoryEntrySchema,
    status: 201,
  },
  updateDose: {
    method: 'PUT',
    path: '/vaccine-history/:infoId/:id',
    summary: 'Changes a dose of my history or that of a profile I manage',
    auth: true,
    access: { audit: 'vaccine.write', profile: { param: 'infoId', section: 'manage' } },
    params: VaccineHistoryParamsSchema,
    body: VaccineHistoryBodySchema,
    response: VaccineHistoryEntrySchema,
  },
  removeDose: {
    method: 'DELETE',
    path: '/vaccine-history/:infoId/:id',
    summary: 'Deletes a dose of my history or that of a profile I manage',
    auth: true,
    access: { audit: 'vaccine.write', profile: { param: 'infoId', section: 'manage' } },
    params: VaccineHistoryParamsSchema,
    response: VaccineHistoryDeletedSchema,
  },
  reminders: {
    method: 'PUT',
    path: '/vaccine-reminders/:infoId',
    summary: 'Turns the due-dose reminders for me or a profile I manage on or off',
    auth: true,
    access: { audit: 'vaccine.write', profile: { param: 'infoId', section: 'manage' } },
    params: InfoIdParamsSchema,
    body: VaccineRemindersBodySchema,
    response: VaccinationRecordSchema,
  },
});
