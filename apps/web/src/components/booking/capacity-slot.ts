import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cachedData } from '../../lib/api-client.ts';
import { findNextFreeTimes } from './next-free-times.ts';
import type { SlotChoice } from './next-slots.ts';
import type { ConfirmParts, KitAlternatives, KitDraft } from './order-kit.ts';
import type { SlotAlternatives } from './slot-taken-alert.tsx';

/** A draft of an order counted by capacity: its day and time, and until when the time runs (for the summary). */
type CapacityDraft = KitDraft & { testDay?: string; testTime?: string; endHour?: string };

type FreeTimes = { times: readonly { start: string; end: string; free: number }[] };
/** The free-times read of a place and day (`endpointQuery`'s shape). */
type FreeTimesQuery = { queryKey: readonly unknown[]; queryFn: (context: { signal: AbortSignal }) => Promise<FreeTimes> };

/**
 * The confirm page's slot handling of an order counted by capacity (lab samples, imaging scans): the time in the draft,
 * the next free times at the same place after a 409 (read afresh, one day at a time), a time chosen among them with its
 * end from the read, and the time cleared when it was taken.
 */
export function capacitySlot<Draft extends CapacityDraft, Place>(
  placeOf: (draft: Draft) => Place | null,
  freeTimesQuery: (place: Place, day: string) => FreeTimesQuery,
): ConfirmParts<Draft, unknown>['slot'] {
  return {
    of: (draft) => (draft.testDay && draft.testTime ? { day: draft.testDay, hour: draft.testTime } : null),
    moveTo: (draft: Draft, slot: SlotChoice, queryClient: QueryClient) => {
      const place = placeOf(draft);
      const window = place
        ? cachedData(queryClient, freeTimesQuery(place, slot.day))?.times.find(({ start }) => start === slot.hour)
        : undefined;
      return { ...draft, testDay: slot.day, testTime: slot.hour, endHour: window?.end };
    },
    taken: (draft) => ({ ...draft, testTime: undefined }),
    useAlternatives: function useNextFreeTimes(draft: Draft): KitAlternatives {
      const queryClient = useQueryClient();
      const [alternatives, setAlternatives] = useState<SlotAlternatives>(null);
      const place = placeOf(draft);
      const search = () => {
        if (!place || !draft.testDay || !draft.testTime) return;
        setAlternatives('loading');
        findNextFreeTimes(
          (day) => queryClient.fetchQuery({ ...freeTimesQuery(place, day), staleTime: 0 }),
          draft.testDay,
          draft.testTime,
        ).then(setAlternatives, () => setAlternatives([]));
      };
      return { alternatives, search, clear: () => setAlternatives(null) };
    },
  };
}
