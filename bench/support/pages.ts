import type { DemoPerson } from './demo-login.ts';

/** A page the benches load: `signedIn` as which demo person (none: a visitor's page). */
export interface BenchPage {
  name: string;
  path: string;
  signedIn?: DemoPerson;
}

/**
 * The pages measured (issue 13): the public entry points, and one signed-in page of each domain as it arrives — the
 * patient's bookings, relatives, records, monitoring and orders, the doctor's schedule and month of orders (schedules,
 * clinical work).
 */
const ALL_PAGES: BenchPage[] = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login/' },
  { name: 'alcohol calculator', path: '/alcohol-elimination-time/' },
  { name: 'medical information book', path: '/medical-information/' },
  { name: 'medical information page', path: '/medical-information/vital-signs-blood-pressure' },
  { name: 'healthcare (patient)', path: '/healthcare/', signedIn: 'patient' },
  { name: 'relatives (patient)', path: '/relativemanagement/', signedIn: 'patient' },
  { name: 'records (patient)', path: '/health-record/', signedIn: 'patient' },
  { name: 'monitoring (patient)', path: '/health-monitoring/', signedIn: 'patient' },
  { name: 'nutrition (patient)', path: '/nutrition/', signedIn: 'patient' },
  { name: 'vaccines (patient)', path: '/vaccines/', signedIn: 'patient' },
  { name: 'orders (patient)', path: '/applicationlist/', signedIn: 'patient' },
  { name: 'schedule (doctor)', path: '/schedulemanagement/', signedIn: 'doctor' },
  { name: 'month of orders (doctor)', path: '/order-list-in-month/', signedIn: 'doctor' },
];

/** The pages this run measures: all, or those ONLY=/login/,/health-monitoring/ names. */
export function pagesToMeasure(): BenchPage[] {
  const only = process.env.ONLY?.split(',').filter(Boolean);
  return only ? ALL_PAGES.filter((target) => only.includes(target.path)) : ALL_PAGES;
}
