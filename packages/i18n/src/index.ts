export * from './languages.ts';
export * from './resources.ts';
export * from './accounts-resources.ts';
export * from './errors-resources.ts';
export * from './schedules-resources.ts';
export * from './booking-resources.ts';
export * from './orders-resources.ts';
export * from './translator.ts';
