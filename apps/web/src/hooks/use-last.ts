import { useState } from 'react';

/**
 * The last value that was not null: a dialog keeps its title and content while its closing transition runs, instead of
 * showing another title (or none) for the frames after its subject was cleared.
 */
export function useLast<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
