import type { Document, HistoryDetail, HistoryItem, RecordDetail } from '@rhc/contracts';
import { patient } from '../../../test/auth.ts';

export const recordId = '5b2a9c4e-1f3d-4a6b-8c7d-9e0f1a2b3c4d';
export const otherPersonId = '7c3b0d5f-2a4e-4b7c-9d8e-0f1a2b3c4d5e';

function document(id: string, fileName: string, typeExam: 1 | 2 | 3 | 4, type: Document['type'], mediaType: string): Document {
  return {
    id,
    fileId: id,
    fileName,
    displayName: '',
    originalName: fileName,
    typeExam,
    dowloadUri: `/api/document/${id}`,
    type,
    mediaType,
    size: 48_213,
    createdAt: '2026-11-20T03:00:00.000Z',
    canDelete: true,
  };
}

export const prescriptionImage = document('a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', 'don-thuoc.png', 4, 'image', 'image/png');
export const labReport = document('b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e', 'cong-thuc-mau.pdf', 1, 'pdf', 'application/pdf');

export const record: RecordDetail = {
  id: recordId,
  profileId: patient.userId,
  infoStoreDoctorName: 'BS. Lê Văn Tâm',
  dateTest: '2026-11-20',
  reasonForExamination: 'Tái khám viêm họng',
  listResponseDocumentDTO: { documents: [prescriptionImage, labReport] },
  canEdit: true,
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
};

export const historyItem: HistoryItem = {
  id: recordId,
  source: 'record',
  categoryType: 'record',
  profileId: patient.userId,
  testDay: '2026-11-20',
  doctorName: 'BS. Lê Văn Tâm',
  reason: 'Tái khám viêm họng',
  fileCount: 2,
  hasResultTest: true,
  hasResultImage: false,
  hasPrescription: true,
};

export const historyDetail: HistoryDetail = {
  ...historyItem,
  documents: [prescriptionImage, labReport],
  links: [
    {
      id: 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f',
      orderId: recordId,
      link: 'https://ketqua.benhvien.vn/xn/123',
      displayName: 'Kết quả trực tuyến',
      createdAt: '2026-11-20T04:00:00.000Z',
      canDelete: false,
    },
  ],
  note: '',
};
