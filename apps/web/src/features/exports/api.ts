import { clinicalEndpoints, endpointPath, type ExportFormat, type SentMailBody, orderExportEndpoints } from '@rhc/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, endpointQuery } from '../../lib/api-client.ts';

/** Every call of the exports feature, each through its entry of the endpoint table (`orderExportEndpoints`). */
const api = orderExportEndpoints;

/** The address of the order's file: a plain link the browser downloads with the session cookie (an attachment). */
export function orderExportUrl(orderId: string, language: string, format: ExportFormat): string {
  const query = new URLSearchParams({ language, format });
  return `${endpointPath(api.file, { orderId })}?${query.toString()}`;
}

/** POST /sent-mail: the order's PDF by e-mail (queued; the server answers whether it went to the patient's address). */
export function sendOrderByMail(body: SentMailBody) {
  return apiRequest(api.sentMail, { body });
}

/**
 * The order's clinical record, to know whether it has a result to export (issue 54 item 21): the clinical entry of the
 * endpoint table, the same query (and cache) as the result the order page shows, never a second read.
 */
export function useResultRecord(orderId: string, enabled: boolean) {
  return useQuery({ ...endpointQuery(clinicalEndpoints.record, { params: { orderId } }), enabled: enabled && orderId !== '' });
}
