import type { Order } from '@rhc/contracts';
import { doctor, patient } from './auth.ts';

/** An online examination the demo patient booked for a relative, as GET /api/order/detail/{id} answers it. */
export const bookedOrder: Order = {
  id: '3d5e7f90-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  code: 'RHC-260504-0001',
  secureCode: 'trk_9Yq2LmN4pR7sT1vW3xZ5',
  kind: 1,
  category: 'exam',
  mode: 'online',
  status: 0,
  userId: patient.userId,
  doctor: { id: '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', fullName: 'Phạm Minh Đức', urlImage: null },
  specialty: { id: 2, name: 'Tim mạch' },
  examType: { id: 5, name: 'Tư vấn trực tuyến' },
  workUnit: null,
  startsAt: '2026-05-14T02:00:00.000Z',
  endsAt: '2026-05-14T02:30:00.000Z',
  checkDay: '2026-05-14',
  checkHour: '09:00',
  timeCustome: false,
  reasonForExamination: 'Hay hồi hộp, khó thở khi leo cầu thang',
  note: '',
  meetingLink: null,
  cancelReason: null,
  infomation: {
    fullName: 'Trần Văn Hùng',
    phone: '0912345678',
    callingCodes: '+84',
    nameCountry: 'Việt Nam',
    gender: 'male',
    dateOfBirth: '1958-03-21',
    email: null,
    address: '45 Nguyễn Trãi, Thanh Xuân, Hà Nội',
  },
  outsideWorkTime: false,
  actions: { edit: true, cancel: true, verify: false, complete: false, delete: false },
  changeableUntil: '2026-05-13T22:00:00.000Z',
  clinicPhone: '02838221234',
  createdAt: '2026-05-04T03:00:00.000Z',
  updatedAt: '2026-05-04T03:00:00.000Z',
};

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
