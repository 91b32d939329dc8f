import {
  IMAGING_SPECIALTY_CODE,
  IMAGING_SPECIALTY_ID,
  LAB_SPECIALTY_CODE,
  LAB_SPECIALTY_ID,
  VACCINATION_SPECIALTY_CODE,
  VACCINATION_SPECIALTY_ID,
} from '@rhc/domain';

/**
 * The clinic network's catalog: specialties (as Vietnamese hospitals name their departments), examination types
 * and the requested-time grids. Ids are fixed so that a later seed run, or another instance, lands on the same rows.
 */
export const SPECIALTIES = [
  { id: 1, code: 'internal', names: { vi: 'Nội tổng quát', en: 'Internal medicine', zh: '内科' } },
  { id: 2, code: 'paediatrics', names: { vi: 'Nhi khoa', en: 'Paediatrics', zh: '儿科' } },
  { id: 3, code: 'obstetrics', names: { vi: 'Sản phụ khoa', en: 'Obstetrics and gynaecology', zh: '妇产科' } },
  { id: 4, code: 'cardiology', names: { vi: 'Tim mạch', en: 'Cardiology', zh: '心血管科' } },
  { id: 5, code: 'dermatology', names: { vi: 'Da liễu', en: 'Dermatology', zh: '皮肤科' } },
  { id: 6, code: 'ent', names: { vi: 'Tai Mũi Họng', en: 'Ear, nose and throat', zh: '耳鼻喉科' } },
  { id: 7, code: 'ophthalmology', names: { vi: 'Mắt', en: 'Ophthalmology', zh: '眼科' } },
  { id: 8, code: 'dentistry', names: { vi: 'Răng Hàm Mặt', en: 'Dentistry', zh: '口腔科' } },
  { id: 9, code: 'endocrinology', names: { vi: 'Nội tiết', en: 'Endocrinology', zh: '内分泌科' } },
  { id: 10, code: 'gastroenterology', names: { vi: 'Tiêu hóa', en: 'Gastroenterology', zh: '消化内科' } },
  { id: 11, code: 'neurology', names: { vi: 'Thần kinh', en: 'Neurology', zh: '神经内科' } },
  { id: 12, code: 'orthopaedics', names: { vi: 'Chấn thương chỉnh hình', en: 'Orthopaedics', zh: '骨科' } },
  /** Whose doctors and nurses give vaccines: a vaccine order is booked with one of them (VACCINATION_SPECIALTY_ID, decision 043). */
  { id: VACCINATION_SPECIALTY_ID, code: VACCINATION_SPECIALTY_CODE, names: { vi: 'Tiêm chủng', en: 'Vaccination', zh: '疫苗接种' } },
  /** A clinic's lab staff: a lab order is confirmed and completed by one of them (LAB_SPECIALTY_ID, decision 044). */
  { id: LAB_SPECIALTY_ID, code: LAB_SPECIALTY_CODE, names: { vi: 'Xét nghiệm', en: 'Laboratory', zh: '检验科' } },
  /** A clinic's imaging staff: an imaging order is reviewed, confirmed and completed by one of them (IMAGING_SPECIALTY_ID, decision 045). */
  { id: IMAGING_SPECIALTY_ID, code: IMAGING_SPECIALTY_CODE, names: { vi: 'Chẩn đoán hình ảnh', en: 'Diagnostic imaging', zh: '影像科' } },
] as const;

export const EXAM_TYPES = [
  { id: 1, code: 'first_visit', mode: 'direct', slotMinutes: 30, names: { vi: 'Khám lần đầu', en: 'First visit', zh: '初诊' } },
  { id: 2, code: 'follow_up', mode: 'direct', slotMinutes: 30, names: { vi: 'Tái khám', en: 'Follow-up visit', zh: '复诊' } },
  {
    id: 3,
    code: 'specialist',
    mode: 'direct',
    slotMinutes: 60,
    names: { vi: 'Khám chuyên gia theo yêu cầu', en: 'Specialist consultation on request', zh: '专家特需门诊' },
  },
  {
    id: 4,
    code: 'online_consultation',
    mode: 'online',
    slotMinutes: 30,
    names: { vi: 'Tư vấn trực tuyến', en: 'Online consultation', zh: '在线问诊' },
  },
  {
    id: 5,
    code: 'online_follow_up',
    mode: 'online',
    slotMinutes: 30,
    names: { vi: 'Tái khám trực tuyến', en: 'Online follow-up', zh: '在线复诊' },
  },
] as const;

/** Hours a person may ask for: examinations 07:00–17:00 in half hours, imaging 07:00–16:00 in hours (minutes after midnight). */
export const EXAM_TIME_SLOTS = [
  ...Array.from({ length: 20 }, (_, i) => ({ id: i + 1, kind: 'exam' as const, startMinute: 420 + i * 30, endMinute: 450 + i * 30 })),
  ...Array.from({ length: 9 }, (_, i) => ({ id: 101 + i, kind: 'imaging' as const, startMinute: 420 + i * 60, endMinute: 480 + i * 60 })),
];
