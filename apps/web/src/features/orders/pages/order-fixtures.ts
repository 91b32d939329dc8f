import type { Order } from '@rhc/contracts';
import { doctor, patient } from '../../../test/auth.ts';

const noActions = { edit: false, cancel: false, verify: false, complete: false, delete: false };

/** An order as GET /api/order/detail answers it: the patient's in-person booking with the demo doctor, 12-05-2026 09:00 in Vietnam. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '3d9a1f60-5b2c-4e8d-9f71-2a6b8c0d4e11',
    code: 'RHC-260512-0001',
    secureCode: 'k7PqR2sT9vWxY3zA5bC8dE1f',
    kind: 0,
    category: 'exam',
    mode: 'direct',
    status: 0,
    userId: patient.userId,
    doctor: { id: doctor.userId, fullName: doctor.fullName, urlImage: null },
    specialty: { id: 3, name: 'Tim mạch' },
    examType: { id: 1, name: 'Khám tổng quát' },
    workUnit: { id: 1, name: 'Phòng khám Đa khoa Hòa Bình', address: '12 Lê Lợi, Quận 1, TP. Hồ Chí Minh' },
    startsAt: '2026-05-12T02:00:00.000Z',
    endsAt: '2026-05-12T02:30:00.000Z',
    checkDay: '2026-05-12',
    checkHour: '09:00',
    timeCustome: false,
    reasonForExamination: 'Đau ngực khi gắng sức',
    note: '',
    meetingLink: null,
    cancelReason: null,
    infomation: {
      fullName: patient.fullName,
      phone: patient.phone,
      callingCodes: '+84',
      nameCountry: 'Việt Nam',
      gender: 'female',
      dateOfBirth: '1990-05-12',
      email: 'lan.nguyen@example.vn',
      address: '45 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    },
    outsideWorkTime: false,
    changeableUntil: '2026-05-11T22:00:00.000Z',
    clinicPhone: '02838221234',
    actions: noActions,
    createdAt: '2026-05-01T03:00:00.000Z',
    updatedAt: '2026-05-01T03:00:00.000Z',
    ...overrides,
  };
}

/** A page of GET /api/order/page. */
export function orderPage(items: Order[], total = items.length, page = 0, size = 10) {
  return { items, total, page, size };
}
