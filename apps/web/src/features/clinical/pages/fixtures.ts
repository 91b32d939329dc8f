import type { Order } from '@rhc/contracts';
import { makeOrder } from '../../../test/orders.ts';

/** The booking a doctor's screens start from: the patient's in-person visit of 25-11-2026 09:00 at Chợ Rẫy. */
export const ORDER_ID = '3d9a1f60-5b2c-4e8d-9f71-2a6b8c0d4e11';

export function clinicalOrder(overrides: Partial<Order> = {}): Order {
  const order = makeOrder({
    id: ORDER_ID,
    code: 'RHC-261125-0001',
    specialty: { id: 1, name: 'Nội tổng quát' },
    examType: { id: 1, name: 'Khám lần đầu' },
    workUnit: { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh' },
    startsAt: '2026-11-25T02:00:00.000Z',
    endsAt: '2026-11-25T02:30:00.000Z',
    checkDay: '2026-11-25',
    reasonForExamination: 'Ho, sốt 3 ngày',
    changeableUntil: null,
    clinicPhone: null,
    createdAt: '2026-11-20T03:00:00.000Z',
    updatedAt: '2026-11-20T03:00:00.000Z',
    ...overrides,
  });
  return { ...order, infomation: { ...order.infomation, address: '45 Nguyễn Huệ' } };
}
