import { nutritionEndpoints, type NutritionBody } from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the nutrition feature, each through its entry of the endpoint table (`nutritionEndpoints`). */
const api = nutritionEndpoints;

/** Spec §9: nutrition lists start at page 0, 10 a page. */
export const NUTRITION_LIST_SIZE = 10;

/** After a change: the domain's lists are read again. */
export async function refreshNutrition(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: [api.list.domain] });
}

export function useNutritionRecords(infoId: string, page: number) {
  return useQuery({
    ...endpointQuery(api.list, { params: { infoId }, query: { page, size: NUTRITION_LIST_SIZE } }),
    enabled: infoId !== '',
    placeholderData: (previous) => previous,
  });
}

export function createNutrition(infoId: string, body: NutritionBody) {
  return apiRequest(api.create, { params: { infoId }, body });
}

export function updateNutrition(infoId: string, id: string, body: NutritionBody) {
  return apiRequest(api.update, { params: { infoId, id }, body });
}

export async function deleteNutrition(infoId: string, id: string): Promise<void> {
  await apiRequest(api.remove, { params: { infoId, id } });
}
