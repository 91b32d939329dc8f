export * from './system.ts';
export * from './accounts.ts';
export * from './relatives.ts';
export * from './catalog.ts';
export * from './schedules.ts';
export * from './orders.ts';
export * from './messaging.ts';
export * from './notices.ts';
