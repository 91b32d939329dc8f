import type { ManagedProfile } from '@rhc/contracts';

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
