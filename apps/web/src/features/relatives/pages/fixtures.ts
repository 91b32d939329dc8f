import type { Follows, Group, Invitation, InvitationPage, ManagedProfile, Person, Share } from '@rhc/contracts';
import { patient } from '../../../test/auth.ts';
import { child, childId } from '../../../test/profiles.ts';

export { child, childId };

export const elderId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
export const watcherId = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
export const ownerId = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';

export const elder: ManagedProfile = {
  id: elderId,
  info: { ...child.info, fullName: 'Nguyễn Văn Bình', dateOfBirth: '1950-07-15', gender: 'male' },
  needsChildAssent: false,
  sharedWith: 1,
  createdAt: '2026-11-02T02:00:00.000Z',
};

export const followedShare: Share = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b',
  person: { id: ownerId, fullName: 'Trần Thị Hoa', hasAccount: true },
  watcher: { id: patient.userId, fullName: patient.fullName },
  sections: ['health_info', 'vaccines'],
  childAssent: false,
  grantedAt: '2026-11-10T03:00:00.000Z',
  changedAt: '2026-11-10T03:00:00.000Z',
};

export const followerShare: Share = {
  id: '6f7a8b9c-0d1e-4f2a-9b3c-5d6e7f8a9b0c',
  person: { id: patient.userId, fullName: patient.fullName, hasAccount: true },
  watcher: { id: watcherId, fullName: 'Lê Quang Huy' },
  sections: ['all'],
  childAssent: false,
  grantedAt: '2026-11-12T03:00:00.000Z',
  changedAt: '2026-11-12T03:00:00.000Z',
};

export const follows: Follows = { following: [followedShare], followers: [followerShare] };

export const requestForChild: Invitation = {
  id: '7a8b9c0d-1e2f-4a3b-8c4d-6e7f8a9b0c1d',
  kind: 'request',
  status: 'pending',
  direction: 'incoming',
  person: { id: childId, fullName: child.info.fullName },
  counterpart: { fullName: 'Lê Quang Huy', phoneMasked: '090****321' },
  sections: ['vaccines'],
  note: 'Cho tôi xem lịch tiêm của cháu nhé.',
  responseNote: null,
  needsChildAssent: true,
  createdAt: '2026-11-20T01:30:00.000Z',
  answeredAt: null,
};

export const outgoingInvite: Invitation = {
  ...requestForChild,
  id: '8b9c0d1e-2f3a-4b4c-9d5e-7f8a9b0c1d2e',
  kind: 'invite',
  direction: 'outgoing',
  person: { id: patient.userId, fullName: patient.fullName },
  counterpart: { fullName: null, phoneMasked: '098****111' },
  sections: ['health_info'],
  note: null,
  needsChildAssent: false,
};

export function invitationPage(items: Invitation[]): InvitationPage {
  return { items, total: items.length, page: 0, size: 20, pending: items.filter((item) => item.status === 'pending').length };
}

export const family: Group = {
  id: '9c0d1e2f-3a4b-4c5d-8e6f-8a9b0c1d2e3f',
  name: 'Gia đình nội',
  type: 'family',
  memberCount: 1,
  members: [{ id: ownerId, fullName: 'Trần Thị Hoa' }],
};

export const hoa: Person = {
  id: ownerId,
  fullName: 'Trần Thị Hoa',
  relation: 'watcher',
  hasAccount: true,
  sections: ['health_info', 'vaccines'],
  info: {
    fullName: 'Trần Thị Hoa',
    phone: '0912345678',
    callingCodes: '+84',
    nameCountry: 'Việt Nam',
    gender: 'female',
    dateOfBirth: '1965-09-09',
    email: null,
    address: '5 Trần Phú, Đà Nẵng',
  },
  archivedAt: null,
};
