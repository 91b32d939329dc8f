import type { DoctorCard, ExamType, Specialty } from '@rhc/contracts';

/** The catalog of the booking tests: two specialties, the online consultation, and the doctor who gives it. */
export const specialties: Specialty[] = [
  { id: 2, code: 'cardiology', name: 'Tim mạch' },
  { id: 3, code: 'dermatology', name: 'Da liễu' },
];
export const examTypes: ExamType[] = [{ id: 5, code: 'teleconsult', name: 'Tư vấn trực tuyến', mode: 'online', slotMinutes: 30 }];
export const doctorCard: DoctorCard = {
  id: '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  fullName: 'Phạm Minh Đức',
  degree: 'master',
  urlImage: null,
  workPlace: 'Bệnh viện Bạch Mai',
  specialties: [{ id: 2, name: 'Tim mạch' }],
};
