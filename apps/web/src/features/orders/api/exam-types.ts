import { ExamTypeSchema, type WorkMode } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

const getExamTypes = { method: 'GET', path: '/exam-types', response: z.array(ExamTypeSchema) } as const;

/** GET /api/exam-types?mode=: the kinds of examination offered in person or online. */
export function useExamTypes(mode: WorkMode) {
  const language = currentLanguage();
  return useQuery({
    queryKey: ['booking', 'exam-types', mode, language],
    queryFn: ({ signal }) => apiRequest(getExamTypes, { query: { mode }, signal }),
  });
}
