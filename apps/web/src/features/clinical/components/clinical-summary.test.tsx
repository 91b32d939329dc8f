import type { ClinicalRecord, Order } from '@rhc/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock.ts';
import { doctor, logInAs, patient } from '../../../test/auth.ts';
import { bookedOrder } from '../../../test/orders.ts';
import { renderApp } from '../../../test/render-app.tsx';

const order: Order = {
  ...bookedOrder,
  kind: 2,
  status: 1,
  userId: patient.userId,
  doctor: { id: doctor.userId, fullName: doctor.fullName, urlImage: null },
  specialty: { id: 4, name: 'Nội tổng quát' },
};

function record(reExamDate: string): ClinicalRecord {
  return {
    orderId: order.id,
    examination: {
      diagnostic: 'Viêm họng cấp',
      medicalHistory: 'Không dị ứng thuốc',
      reExamDate,
      advice: 'Uống nhiều nước',
      doctor: { id: doctor.userId, fullName: doctor.fullName },
      createdAt: '2026-11-25T02:20:00.000Z',
      updatedAt: '2026-11-25T02:20:00.000Z',
    },
    prescriptions: [],
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T03:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe("the examination result on the patient's order page", { timeout: 60_000 }, () => {
  it('offers booking the re-examination with the same doctor on the re-exam day, and labels a doctor’s order', async () => {
    mockApi({
      [`/api/order/detail/${order.id}`]: ok(order),
      [`/api/order-clinical/${order.id}`]: ok(record('2026-12-02')),
    });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);

    const link = await screen.findByRole('link', { name: 'Đặt lịch tái khám' });
    const target = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe(order.mode === 'online' ? '/healthcare-online/' : '/healthcare/');
    expect(Object.fromEntries(target.searchParams)).toEqual({ doctor: doctor.userId, day: '2026-12-02', specialty: '4' });
    expect(screen.getByText('Do bác sĩ đặt')).toBeVisible();
  });

  it('does not offer a re-exam date that has passed', async () => {
    mockApi({
      [`/api/order/detail/${order.id}`]: ok(order),
      [`/api/order-clinical/${order.id}`]: ok(record('2026-11-20')),
    });
    logInAs(patient);
    renderApp(`/all-orders/${order.id}`);
    expect(await screen.findByText('Viêm họng cấp')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Đặt lịch tái khám' })).not.toBeInTheDocument();
  });
});
