import { type AnalysisQuery, type MeasurementBody, monitoringEndpoints } from '@rhc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the health-monitoring feature, each through its entry of the endpoint table (`monitoringEndpoints`). */
const api = monitoringEndpoints;

export const MEASUREMENT_PAGE_SIZE = 10;

export interface MeasurementFilters {
  from?: string;
  to?: string;
  category?: MeasurementBody['category'];
}

/** After a change: the list and the analysis of the domain are read again. */
export async function refreshMonitoring(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: [api.list.domain] });
}

export function useMeasurements(infoId: string, filters: MeasurementFilters, page: number) {
  return useQuery({
    ...endpointQuery(api.list, { params: { infoId }, query: { ...filters, page, size: MEASUREMENT_PAGE_SIZE } }),
    enabled: infoId !== '',
    placeholderData: (previous) => previous,
  });
}

export function useAnalysis(infoId: string, range: AnalysisQuery | null) {
  return useQuery({
    ...endpointQuery(api.analysis, { params: { infoId }, query: range ?? { from: '', to: '' } }),
    enabled: infoId !== '' && range !== null,
  });
}

export function createMeasurement(infoId: string, body: MeasurementBody) {
  return apiRequest(api.create, { params: { infoId }, body });
}

export function updateMeasurement(infoId: string, id: string, body: MeasurementBody) {
  return apiRequest(api.update, { params: { infoId, id }, body });
}

export async function deleteMeasurement(infoId: string, id: string): Promise<void> {
  await apiRequest(api.remove, { params: { infoId, id } });
}

/* ---------- the people whose readings I may see (the relatives domain's calls) ---------- */
