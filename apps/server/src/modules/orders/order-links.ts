/*
 * The web app's links a booking's messages and calendar file carry, under its public origin (PUBLIC_BASE_URL): the public
 * tracking page, and the booking's own page (web paths.allOrders), where it is added to a calendar, changed or cancelled.
 */

function origin(publicBaseUrl: string): string {
  return publicBaseUrl.replace(/\/+$/, '');
}

export function trackingLink(publicBaseUrl: string, secureCode: string): string {
  return `${origin(publicBaseUrl)}/order-tracking/${secureCode}`;
}

export function bookingLink(publicBaseUrl: string, orderId: string): string {
  return `${origin(publicBaseUrl)}/all-orders/${orderId}`;
}
