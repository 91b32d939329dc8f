import { CONCLUSION_MAX_LENGTH } from '@rhc/domain';
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { DocumentSchema } from './records.ts';
import { invalid, tooLong } from './text.ts';

/*
 * The results of a lab or imaging order (issue 51 "Results", decision 046; spec §2 `/diagnostictestdoctoredit/{id}`,
 * `/imageanalysationedoctoredit/{id}`). The staff the order is assigned to mark the sample taken or the scan done
 * (`performedAt`), attach the result files through the order's files (POST /document/{orderId}, `typeExams` 1 for a
 * test, 2 for an image) and write a conclusion; then they complete it with the shared call (PATCH
 * /order/complete/…), refused without results (409 ORDER_NOT_PERFORMED, ORDER_RESULTS_REQUIRED).
 */

const noNul = (value: string) => !value.includes('\u0000');

/** PUT /order-results/{orderId}/conclusion: the conclusion, trimmed; an empty one clears it. */
export const ResultConclusionBodySchema = lazySchema(() =>
  z.object({
    conclusion: z.string(invalid).check(z.trim(), z.maxLength(CONCLUSION_MAX_LENGTH, tooLong), z.refine(noNul, invalid)),
  }),
);

/** An order's results as its staff, its patient and a watcher with the section read them. */
export const OrderResultsSchema = lazySchema(() =>
  z.object({
    orderId: z.uuid(),
    category: z.enum(['lab', 'imaging']),
    /** When the sample was taken or the scan done (marked by the staff), or null. */
    performedAt: z.nullable(z.iso.datetime()),
    performedBy: z.nullable(z.object({ id: z.uuid(), fullName: z.string() })),
    conclusion: z.nullable(z.string()),
    concludedAt: z.nullable(z.iso.datetime()),
    concludedBy: z.nullable(z.object({ id: z.uuid(), fullName: z.string() })),
    /** The result files: the order's files of the category's type (1 test, 2 image) added by its staff. */
    files: z.array(DocumentSchema),
    /** Whether the order is completed: its results are final and the patient was told. */
    released: z.boolean(),
    /** Whether the caller is the staff who may record results now (a confirmed order, from its time). */
    canWrite: z.boolean(),
    /**
     * While a confirmed order's time has not come: the instant (ISO) from which results may be recorded (as completing
     * it, and as the doctor's clinical screen says it); null once they may be, or on an order not confirmed.
     */
    writableFrom: z.nullable(z.iso.datetime()),
  }),
);
export type OrderResults = z.infer<typeof OrderResultsSchema>;
