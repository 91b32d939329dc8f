export * from './patterns.ts';
export * from './dates.ts';
export * from './accounts.ts';
export * from './schedules.ts';
export * from './orders.ts';
export * from './clock-time.ts';
export * from './reminders.ts';
export * from './waitlist.ts';
