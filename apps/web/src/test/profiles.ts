import type { Follows, ManagedProfile, UserProfile } from '@rhc/contracts';
import { patient } from './auth.ts';

/** A child aged 7–15 that the demo patient manages (decision 022: the child's own agreement is asked before sharing). */
export const childId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export const child: ManagedProfile = {
  id: childId,
  info: {
    fullName: 'Nguyễn Minh Khang',
    phone: '0901234567',
    callingCodes: '+84',
    nameCountry: 'Việt Nam',
    gender: 'male',
    dateOfBirth: '2018-03-02',
    email: null,
    address: '12 Lý Thường Kiệt, Hà Nội',
  },
  needsChildAssent: true,
  sharedWith: 0,
  createdAt: '2026-11-01T02:00:00.000Z',
};

/** Someone who shares their health information with the demo patient (a watcher's view: read only). */
export const ownerId = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';

export const noFollows: Follows = { following: [], followers: [] };
export const sharedWithMe: Follows = {
  followers: [],
  following: [
    {
      id: '5e6f7a8b-9c0d-4e1f-8a2b-4c5d6e7f8a9b',
      person: { id: ownerId, fullName: 'Trần Văn Hùng', hasAccount: true },
      watcher: { id: patient.userId, fullName: patient.fullName },
      sections: ['health_info'],
      childAssent: false,
      grantedAt: '2026-11-01T01:00:00.000Z',
      changedAt: '2026-11-01T01:00:00.000Z',
    },
  ],
};

/** The demo patient's own account as GET /user/{id} answers it (the account page's). */
export const accountProfile: UserProfile = {
  id: patient.userId,
  fullName: patient.fullName,
  phone: patient.phone,
  email: 'lan.nguyen@demo.rhc.vn',
  address: '12 Lý Thường Kiệt, Hoàn Kiếm, Hà Nội',
  gender: 'female',
  dateOfBirth: patient.dateOfBirth,
  jobId: 3,
  jobNote: 'Nhân viên văn phòng',
  urlImage: null,
  doctor: null,
  phoneVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
