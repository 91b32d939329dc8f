import type { LabFreeTimes, Order } from '@rhc/contracts';
import { LAB_SPECIALTY_ID, labTimes } from '@rhc/domain';
import { ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { makeOrder } from '../../../test/orders.ts';

/** Chợ Rẫy: its sampling room, and the team that visits District 5 at home. */
export const clinic = { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Quận 5, TP. Hồ Chí Minh' };
export const otherClinic = { id: 1, name: 'Bệnh viện Bạch Mai', address: '78 Giải Phóng, Đống Đa, Hà Nội' };
export const DISTRICTS = ['hcm-q1', 'hcm-q5', 'hn-dong-da'];
export const freeTimesPath = '/api/diagnostictest/free-times';
export const registerPath = `/api/diagnostictest/${patient.userId}`;
export const accountAddress = '45 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh';

/**
 * The free places the server answers: on Thursday 14/05/2026 at home in District 5 the 08:00 window is full, the others
 * have places; at Chợ Rẫy every 15-minute slot has 4 but 07:00 (full); the next day everything is free. An area no team
 * visits (the picker's first read) has none.
 */
export function freeTimesReply({ url }: { url: URL }) {
  const atHome = url.searchParams.get('atHome') === 'true';
  const district = url.searchParams.get('district');
  const day = url.searchParams.get('day') ?? '';
  const served = atHome ? DISTRICTS.includes(district ?? '') : url.searchParams.get('workUnitId') === String(clinic.id);
  const full = day === '2026-05-14' ? (atHome ? '08:00' : '07:00') : '';
  const data: LabFreeTimes = {
    workUnit: served ? clinic : null,
    times: labTimes(atHome).map(({ start, end }) => ({ start, end, free: !served || start === full ? 0 : atHome ? 3 : 4 })),
    districts: DISTRICTS,
  };
  return ok(data);
}

/** The lists every lab page reads. */
export const catalogReplies = {
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
  '/api/workunit': ok([otherClinic, clinic]),
  [`/api/relatives/${patient.userId}`]: ok([]),
  [`/api/user/${patient.userId}`]: ok({
    id: patient.userId,
    fullName: patient.fullName,
    phone: patient.phone,
    email: 'lan.nguyen@example.vn',
    address: accountAddress,
    gender: 'female',
    dateOfBirth: patient.dateOfBirth,
    jobId: 3,
    jobNote: null,
    urlImage: null,
    doctor: null,
    phoneVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  }),
  [freeTimesPath]: freeTimesReply,
};

/** The lab order the server answers: the general check-up and HbA1c at home in District 5, 14/05/2026 06:00–08:00. */
export function labOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: '4b5c6d7e-8f90-4a1b-8c2d-3e4f5a6b7c8d',
    code: 'RHC-260514-0042',
    category: 'lab',
    doctor: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', fullName: 'Lý Thị Thu', urlImage: null },
    specialty: { id: LAB_SPECIALTY_ID, name: 'Xét nghiệm' },
    examType: null,
    workUnit: clinic,
    checkDay: '2026-05-14',
    checkHour: '06:00',
    startsAt: '2026-05-13T23:00:00.000Z',
    endsAt: '2026-05-14T01:00:00.000Z',
    reasonForExamination: '',
    service: 'Xét nghiệm: Gói khám sức khỏe tổng quát, HbA1c',
    lab: {
      atHome: true,
      district: 'hcm-q5',
      orderAdress: '12 Trần Hưng Đạo, Phường 7, Quận 5',
      orderPhone: '0901234567',
      packageTestItems: ['general_checkup'],
      requestTestItems: ['hba1c'],
      totalVnd: 680_000,
      fasting: true,
      preparation: ['fasting', 'first_morning_urine', 'medicines'],
      endHour: '08:00',
    },
    ...overrides,
  });
}
