import type { DoctorCard, FreeTime, Order } from '@rhc/contracts';
import { VACCINATION_SPECIALTY_ID } from '@rhc/domain';
import { ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { makeOrder } from '../../../test/orders.ts';

/** The vaccinator of the registration tests: a nurse-doctor of the vaccination specialty. */
export const vaccinator: DoctorCard = {
  id: '5c6d7e8f-9a0b-4c1d-8e2f-3a4b5c6d7e8f',
  fullName: 'Nguyễn Thu Hà',
  degree: 'master',
  urlImage: null,
  workPlace: 'Phòng khám Đa khoa Hòa Bình',
  specialties: [{ id: VACCINATION_SPECIALTY_ID, name: 'Tiêm chủng' }],
};

export const clinic = { id: 1, name: 'Phòng khám Đa khoa Hòa Bình', address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh' };

const at = (hour: string) => ({ hour, clinicId: clinic.id });

/** Free on Thursday 14/05/2026 at 08:00 and 08:30, and Friday 15/05 at 14:00. */
export const mayFreeTime: FreeTime = {
  days: [
    { day: '2026-05-14', slots: [at('08:00'), at('08:30')] },
    { day: '2026-05-15', slots: [at('14:00')] },
  ],
  holidays: [],
  clinics: [clinic],
};

export const freeTimePath = `/api/user-freetime-in-month/${vaccinator.id}`;
export const registerPath = `/api/vaccine-order/${patient.userId}`;
export const profileId = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b';

/** A child profile the demo patient manages. */
export const childProfile = {
  id: profileId,
  info: {
    fullName: 'Trần Minh An',
    phone: '0912345678',
    callingCodes: '+84',
    nameCountry: 'Việt Nam',
    gender: 'male',
    dateOfBirth: '2026-02-01',
    email: null,
    address: '45 Nguyễn Trãi, Thanh Xuân, Hà Nội',
  },
  needsChildAssent: false,
  sharedWith: 0,
  createdAt: '2026-05-01T03:00:00.000Z',
};

/** The lists every registration page reads. */
export const catalogReplies = {
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
  '/api/doctors': ok([vaccinator]),
  '/api/workunit': ok([clinic]),
  [`/api/relatives/${patient.userId}`]: ok([childProfile]),
  [freeTimePath]: ok(mayFreeTime),
};

/** The vaccine order the server answers: dose 2 of the 5-in-1 for the child, 14/05/2026 08:00. */
export function vaccineOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
    code: 'RHC-260514-0007',
    category: 'vaccine',
    kind: 1,
    profileId,
    doctor: { id: vaccinator.id, fullName: vaccinator.fullName, urlImage: null },
    specialty: { id: VACCINATION_SPECIALTY_ID, name: 'Tiêm chủng' },
    examType: null,
    workUnit: clinic,
    checkDay: '2026-05-14',
    checkHour: '08:00',
    startsAt: '2026-05-14T01:00:00.000Z',
    endsAt: '2026-05-14T01:30:00.000Z',
    reasonForExamination: '',
    vaccine: { vaccineId: 'dtp_hepb_hib', vaccineDoseId: 'dtp_hepb_hib.2', scheduleId: 'VN-TT10-2024' },
    infomation: { ...childProfile.info, gender: 'male', email: null },
    ...overrides,
  });
}
