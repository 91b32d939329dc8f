import { endpointPath, type ExportFormat, type SentMailBody, orderExportEndpoints } from '@rhc/contracts';
import { apiRequest } from '../../lib/api-client.ts';

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
