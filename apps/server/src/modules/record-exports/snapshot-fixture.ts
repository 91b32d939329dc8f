import { ORDER_STATUS } from '@rhc/domain';
import { archivePathOf, type RecordSnapshot } from './record-snapshot.ts';

/**
 * A small record with one of everything (tests only): a replaced prescription, an imaging result, a nutrition assessment,
 * a share with its history, a file.
 */
export function sampleSnapshot(): RecordSnapshot {
  const person = '11111111-1111-4111-8111-111111111111';
  const order = '22222222-2222-4222-8222-222222222222';
  const first = '33333333-3333-4333-8333-333333333333';
  const second = '44444444-4444-4444-8444-444444444444';
  const file = '55555555-5555-4555-8555-555555555555';
  const line = { quantity: 10, unit: 'tablet', unitName: null, dose: '1 viên', timesPerDay: 2, days: 5, mealTiming: 'after', note: null };
  return {
    person: {
      id: person,
      fullName: 'Nguyễn Thị Hoà',
      gender: 'female',
      dateOfBirth: '1980-05-04',
      phone: '0901234567',
      email: 'hoa@example.vn',
      address: '12 Lê Lợi, Huế',
      manager: null,
    },
    bookings: [
      {
        id: order,
        code: 'RHC-1A2B3C4D',
        category: 'exam',
        status: ORDER_STATUS.done,
        mode: 'offline',
        startsAt: new Date('2026-11-02T02:00:00Z'),
        endsAt: new Date('2026-11-02T02:30:00Z'),
        reason: 'Đau đầu',
        doctorName: 'BS. Trần Văn An',
        examination: {
          diagnostic: 'Tăng huyết áp độ 1',
          medicalHistory: 'Không',
          reExamDate: '2026-12-02',
          advice: 'Ăn nhạt',
          writtenAt: new Date('2026-11-02T02:40:00Z'),
        },
        conclusion: null,
        concludedAt: null,
      },
      {
        id: '66666666-6666-4666-8666-666666666666',
        code: 'RHC-9Z8Y7X6W',
        category: 'lab',
        status: ORDER_STATUS.cancelled,
        mode: 'offline',
        startsAt: new Date('2026-11-20T01:00:00Z'),
        endsAt: new Date('2026-11-20T01:15:00Z'),
        reason: '',
        doctorName: null,
        examination: null,
        conclusion: null,
        concludedAt: null,
      },
      {
        id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
        code: 'RHC-5E6F7G8H',
        category: 'imaging',
        status: ORDER_STATUS.done,
        mode: 'offline',
        startsAt: new Date('2026-11-25T02:00:00Z'),
        endsAt: new Date('2026-11-25T02:20:00Z'),
        reason: 'Đau ngực',
        doctorName: null,
        examination: null,
        conclusion: 'Phim X-quang ngực thẳng bình thường',
        concludedAt: new Date('2026-11-25T04:00:00Z'),
      },
    ],
    prescriptions: [
      {
        id: first,
        orderId: order,
        doctorName: 'BS. Trần Văn An',
        licenceNumber: '000123/HCM-CCHN',
        createdAt: new Date('2026-11-02T02:41:00Z'),
        supersededAt: new Date('2026-11-02T03:00:00Z'),
        replacedBy: second,
        lines: [{ position: 1, drugName: 'Amlodipin 5 mg', ...line }],
      },
      {
        id: second,
        orderId: order,
        doctorName: 'BS. Trần Văn An',
        licenceNumber: '000123/HCM-CCHN',
        createdAt: new Date('2026-11-02T03:00:00Z'),
        supersededAt: null,
        replacedBy: null,
        lines: [
          { position: 1, drugName: 'Amlodipin 5 mg', ...line, days: 7 },
          { position: 2, drugName: 'Paracetamol 500 mg', ...line, unit: 'other', unitName: 'gói', note: 'khi đau' },
        ],
      },
    ],
    readings: [
      {
        id: '77777777-7777-4777-8777-777777777777',
        measuredAt: new Date('2026-11-10T00:30:00Z'),
        category: 'routine',
        systolic: 145,
        diastolic: 92,
        heartRate: 78,
        bloodSugar: null,
        height: null,
        weight: null,
        bmi: null,
      },
      {
        id: '88888888-8888-4888-8888-888888888888',
        measuredAt: new Date('2026-11-11T00:30:00Z'),
        category: 'fasting',
        systolic: null,
        diastolic: null,
        heartRate: null,
        bloodSugar: 128,
        height: 158,
        weight: 62,
        bmi: 24.8,
      },
    ],
    records: [{ id: '99999999-9999-4999-8999-999999999999', testDay: '2026-10-01', doctorName: 'BS. Lê Hạnh', reason: 'Khám định kỳ' }],
    files: [
      {
        id: file,
        recordId: '99999999-9999-4999-8999-999999999999',
        orderId: null,
        typeExam: 1,
        name: 'xét nghiệm máu.pdf',
        mediaType: 'application/pdf',
        sizeBytes: 1234,
        storageKey: 'k/sample',
        createdAt: new Date('2026-10-01T03:00:00Z'),
        archivePath: archivePathOf(file, 'xét nghiệm máu.pdf'),
      },
    ],
    vaccinations: [
      { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', vaccineId: 'influenza', givenOn: '2026-09-15', place: 'VNVC Huế', note: '' },
    ],
    nutrition: [
      {
        id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
        examinedOn: '2026-11-15',
        heightCm: 158,
        weightKg: 44.5,
        bmi: 17.8,
        riskScore: 3,
        riskLevel: 'high',
        glimSeverity: 'moderate',
        conclusion: 'malnourished.high',
      },
    ],
    shares: [
      {
        id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
        watcher: { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', fullName: 'Nguyễn Văn Bình' },
        sections: ['health_info', 'prescriptions'],
        grantedAt: new Date('2026-08-01T00:00:00Z'),
        endedAt: null,
        history: [
          { action: 'granted', sections: ['health_info'], occurredAt: new Date('2026-08-01T00:00:00Z') },
          { action: 'changed', sections: ['health_info', 'prescriptions'], occurredAt: new Date('2026-09-01T00:00:00Z') },
        ],
      },
    ],
    accessLog: [{ at: new Date('2026-11-12T00:00:00Z'), readerName: 'Nguyễn Văn Bình', section: 'health_info', action: 'read' }],
  };
}
