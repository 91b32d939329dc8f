export * from './system.ts';
export * from './accounts.ts';
