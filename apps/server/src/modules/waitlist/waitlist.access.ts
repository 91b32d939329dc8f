import type { Db } from '../../db/client.ts';
import type { ObjectResolver } from '../../platform/access/gate.ts';
import { createWaitlistRepository } from './waitlist.repository.ts';

/** A slot offer for the access gate: its `owner` is the person it was made to (their booking's patient). */
export function createOfferResolver(db: Db): ObjectResolver {
  const repository = createWaitlistRepository(db);
  return async (id, actorId) => {
    const offer = await repository.findOffer(id);
    if (!offer) return null;
    return { subjectUserId: offer.userId, sides: offer.userId === actorId ? ['owner'] : [] };
  };
}
