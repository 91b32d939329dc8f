import { DEGREES, type Degree } from '@rhc/domain';

/** Whether a doctor's degree is one of the known codes (translated as `booking:degrees.<code>`). */
export function isDegree(value: string): value is Degree {
  return (DEGREES as readonly string[]).includes(value);
}
