import type { ImagingFreeTimes, Order } from '@rhc/contracts';
import { IMAGING_SPECIALTY_ID } from '@rhc/domain';
import { ok } from '../../../test/api-mock.ts';
import { patient } from '../../../test/auth.ts';
import { makeOrder } from '../../../test/orders.ts';

/** Chợ Rẫy has every kind of machine (two MRIs); Bạch Mai too. */
export const clinic = { id: 2, name: 'Bệnh viện Chợ Rẫy', address: '201B Nguyễn Chí Thanh, Quận 5, TP. Hồ Chí Minh' };
export const otherClinic = { id: 1, name: 'Bệnh viện Bạch Mai', address: '78 Giải Phóng, Đống Đa, Hà Nội' };
export const freeTimesPath = '/api/imageanalysation/free-times';
export const registerPath = `/api/imageanalysation/${patient.userId}`;

const MINUTES = { ULTRASOUND: 20, XRAY: 10, CT: 15, MRI: 45 } as const;

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The free machines the server answers: slots of the type's length from 07:00 to 11:00; at Chợ Rẫy on Thursday
 * 14/05/2026 the 07:45 slot has both machines taken, the others 2 free; the next day every slot is free.
 */
export function freeTimesReply({ url }: { url: URL }) {
  const type = (url.searchParams.get('type') ?? 'MRI') as keyof typeof MINUTES;
  const day = url.searchParams.get('day') ?? '';
  const served = url.searchParams.get('workUnitId') === String(clinic.id) || url.searchParams.get('workUnitId') === String(otherClinic.id);
  const length = MINUTES[type];
  const times: ImagingFreeTimes['times'] = [];
  for (let start = 7 * 60; start + length <= 11 * 60; start += length) {
    const full = day === '2026-05-14' && clock(start) === '07:45';
    times.push({ start: clock(start), end: clock(start + length), free: !served || full ? 0 : 2 });
  }
  const workUnit = url.searchParams.get('workUnitId') === String(clinic.id) ? clinic : served ? otherClinic : null;
  const data: ImagingFreeTimes = { workUnit, machines: served ? 2 : 0, times, workUnits: [otherClinic, clinic] };
  return ok(data);
}

/** The lists every imaging page reads. */
export const catalogReplies = {
  [`/api/dashboard/${patient.userId}`]: ok({ countInvites: 0 }),
  '/api/workunit': ok([otherClinic, clinic]),
  [`/api/relatives/${patient.userId}`]: ok([]),
  [freeTimesPath]: freeTimesReply,
};

/** A head MRI with contrast, every answer "no" but a metal implant: as the booking sends it and the order keeps it. */
export const headMri = {
  type: 'MRI',
  items: ['head'],
  contrast: true,
  render: {
    pacemaker: false,
    metal_implant: true,
    metal_fragments: false,
    cochlear_implant: false,
    pregnancy: false,
    claustrophobia: false,
  },
  contrastAnswers: { kidney_disease: false, contrast_allergy: false, metformin: false },
} satisfies Partial<NonNullable<Order['imaging']>>;

/** The imaging order the server answers: a head MRI with contrast at Chợ Rẫy, 14/05/2026 08:30–09:15, to be reviewed (a metal implant). */
export function imagingOrder(overrides: Partial<Order> = {}): Order {
  return makeOrder({
    id: '6d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
    code: 'RHC-260514-0077',
    category: 'imaging',
    doctor: { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', fullName: 'Trần Văn Hải', urlImage: null },
    specialty: { id: IMAGING_SPECIALTY_ID, name: 'Chẩn đoán hình ảnh' },
    examType: null,
    workUnit: clinic,
    checkDay: '2026-05-14',
    checkHour: '08:30',
    startsAt: '2026-05-14T01:30:00.000Z',
    endsAt: '2026-05-14T02:15:00.000Z',
    reasonForExamination: '',
    service: 'Chụp MRI: Sọ não, có thuốc cản quang',
    imaging: {
      ...headMri,
      review: ['screening.metal_implant'],
      needsReview: true,
      fasting: true,
      totalVnd: 3_500_000,
      endHour: '09:15',
    },
    ...overrides,
  });
}
