export * from './envelope.ts';
export * from './ids.ts';
export * from './endpoint.ts';
export * from './endpoints/index.ts';
export * from './system.ts';
export * from './accounts.ts';
export * from './schedules.ts';
export * from './orders.ts';
