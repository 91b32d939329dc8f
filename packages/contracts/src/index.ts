export * from './envelope.ts';
export * from './system.ts';
export * from './endpoints.ts';
export * from './accounts.ts';
export * from './schedules.ts';
export * from './orders.ts';
