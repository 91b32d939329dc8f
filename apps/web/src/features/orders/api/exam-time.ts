import { ExamTimeSchema } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const getExamTime = { method: 'GET', path: '/exam-time', response: z.array(ExamTimeSchema) } as const;

/** GET /api/exam-time: the hours a person may ask for (the same grid in person and online). */
export function useExamTime(enabled: boolean) {
  return useQuery({
    queryKey: ['booking', 'exam-time'],
    queryFn: ({ signal }) => apiRequest(getExamTime, { signal }),
    enabled,
  });
}
