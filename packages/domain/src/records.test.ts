import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nameWithExtension,
  checkPickedFiles,
  FILE_MAX_BYTES,
  fileKindOf,
  fileKindOfName,
  FIVE_FILE_TOTAL_MAX_BYTES,
  isDocumentLink,
  isRecordDayAllowed,
  sectionOfTypeExam,
  type PickedFile,
} from './records.ts';

const doc = (size: number | null, typeExam: PickedFile['typeExam'] = 1, mediaType?: string): PickedFile => ({ size, typeExam, mediaType });

describe('checkPickedFiles (spec §5)', () => {
  it('accepts up to 5 documents in 5-file mode whose total is at most 10485760 bytes', () => {
    expect(checkPickedFiles([doc(2_000_000), doc(2_000_000), doc(2_000_000), doc(2_000_000), doc(2_485_760)], 5)).toBeNull();
  });

  it('answers detail.size-of-5-count when the 5-file total passes 10485760 bytes by one byte', () => {
    expect(checkPickedFiles([doc(5_242_880), doc(5_242_881)], 5)).toBe('detail.size-of-5-count');
    expect(checkPickedFiles([doc(5_242_880), doc(5_242_880)], 5)).toBeNull();
  });

  it('checks the total only in 5-file mode', () => {
    expect(checkPickedFiles([doc(6_000_000), doc(6_000_000)], 20)).toBeNull();
  });

  it('refuses a sixth file in 5-file mode, a fourth in 3-file mode, a 21st in 20-file mode', () => {
    expect(
      checkPickedFiles(
        Array.from({ length: 6 }, () => doc(10)),
        5,
      ),
    ).toBe('detail.too-many-files');
    expect(
      checkPickedFiles(
        Array.from({ length: 4 }, () => doc(10)),
        3,
      ),
    ).toBe('detail.too-many-files');
    expect(
      checkPickedFiles(
        Array.from({ length: 21 }, () => doc(10)),
        20,
      ),
    ).toBe('detail.too-many-files');
    expect(
      checkPickedFiles(
        Array.from({ length: 3 }, () => doc(10)),
        5,
        'documents',
        3,
      ),
    ).toBe('detail.too-many-files');
  });

  it('refuses one file over 10485760 bytes, and takes exactly 10485760', () => {
    expect(checkPickedFiles([doc(FILE_MAX_BYTES + 1)], 20)).toBe('detail.file-too-large');
    expect(checkPickedFiles([doc(FILE_MAX_BYTES)], 20)).toBeNull();
    expect(checkPickedFiles([doc(FIVE_FILE_TOTAL_MAX_BYTES)], 5)).toBeNull();
  });

  it('answers record.file-required for a row without a file', () => {
    expect(checkPickedFiles([doc(10), doc(null)], 5)).toBe('record.file-required');
  });

  it('keeps the prescription area to type 4 images, at most 5, and type 4 out of the documents area', () => {
    expect(checkPickedFiles([doc(10, 4, 'image/png')], 5, 'prescription')).toBeNull();
    expect(checkPickedFiles([doc(10, 1, 'image/png')], 5, 'prescription')).toBe('detail.prescription-type-only');
    expect(checkPickedFiles([doc(10, 4, 'application/pdf')], 5, 'prescription')).toBe('detail.prescription-images-only');
    expect(
      checkPickedFiles(
        Array.from({ length: 6 }, () => doc(10, 4)),
        20,
        'prescription',
      ),
    ).toBe('detail.too-many-files');
    expect(checkPickedFiles([doc(10, 4)], 5, 'documents')).toBe('detail.prescription-type-only');
  });

  it('refuses a kind that is not allowed when the media type is known', () => {
    expect(checkPickedFiles([doc(10, 3, 'application/x-msdownload')], 5)).toBe('detail.file-type-not-allowed');
    expect(checkPickedFiles([doc(10, 3, 'application/vnd.rar')], 5)).toBeNull();
  });

  it('never lets through a 5-file pick whose total passes the cap (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: FILE_MAX_BYTES }), { minLength: 1, maxLength: 5 }), (sizes) => {
        const answer = checkPickedFiles(
          sizes.map((size) => doc(size)),
          5,
        );
        const total = sizes.reduce((sum, size) => sum + size, 0);
        expect(answer === null).toBe(total <= FIVE_FILE_TOTAL_MAX_BYTES);
      }),
    );
  });
});

describe('isRecordDayAllowed', () => {
  it('takes today and earlier days from 1900, refuses tomorrow and impossible days', () => {
    expect(isRecordDayAllowed('2026-11-22', '2026-11-22')).toBe(true);
    expect(isRecordDayAllowed('1900-01-01', '2026-11-22')).toBe(true);
    expect(isRecordDayAllowed('2026-11-23', '2026-11-22')).toBe(false);
    expect(isRecordDayAllowed('1899-12-31', '2026-11-22')).toBe(false);
    expect(isRecordDayAllowed('2026-02-30', '2026-11-22')).toBe(false);
    expect(isRecordDayAllowed('0000-01-01', '2026-11-22')).toBe(false);
    expect(isRecordDayAllowed('9999-12-31', '2026-11-22')).toBe(false);
    expect(isRecordDayAllowed('22/11/2026', '2026-11-22')).toBe(false);
  });
});

describe('isDocumentLink', () => {
  it('takes http and https links with a host', () => {
    expect(isDocumentLink('https://pacs.benhvien.vn/study/1?x=2')).toBe(true);
    expect(isDocumentLink('http://localhost:8080/a')).toBe(true);
  });
  it('refuses other schemes, no host, spaces, credentials and overlong links', () => {
    for (const value of [
      'javascript:alert(1)',
      'ftp://a.vn/x',
      'https://',
      'https://a b.vn',
      'https://u:p@a.vn',
      'a.vn',
      '',
      `https://a.vn/${'x'.repeat(2000)}`,
    ])
      expect(isDocumentLink(value), value).toBe(false);
  });
});

describe('file kinds and sections', () => {
  it('names the icon kind of a media type and of a file name', () => {
    expect(fileKindOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('excel');
    expect(fileKindOf('text/html')).toBe('other');
    expect(fileKindOfName('Kết quả.DOCX')).toBe('word');
    expect(fileKindOfName('scan.rar')).toBe('rar');
    expect(fileKindOfName('notes.txt')).toBe('other');
  });
  it('maps each file type to the section a follower needs', () => {
    expect([1, 2, 3, 4].map((type) => sectionOfTypeExam(type as 1 | 2 | 3 | 4))).toEqual([
      'test_results',
      'imaging',
      'exam_info',
      'prescriptions',
    ]);
  });
});

describe('nameWithExtension (a file saved under its display name)', () => {
  it('adds the extension of the media type to a name without one', () => {
    expect(nameWithExtension('Đơn thuốc', 'application/pdf')).toBe('Đơn thuốc.pdf');
    expect(nameWithExtension('Ảnh phim X-quang', 'image/jpeg')).toBe('Ảnh phim X-quang.jpg');
    expect(nameWithExtension('v1.2 kết quả', 'image/png')).toBe('v1.2 kết quả.png');
  });

  it('keeps a name that already ends with an extension of its kind, whatever its case', () => {
    expect(nameWithExtension('kết quả.PDF', 'application/pdf')).toBe('kết quả.PDF');
    expect(nameWithExtension('scan.jpeg', 'image/jpeg')).toBe('scan.jpeg');
    expect(nameWithExtension('bảng.xlsx', 'application/vnd.ms-excel')).toBe('bảng.xlsx');
  });

  it('corrects a name whose extension lies about its content, and leaves an unknown type alone', () => {
    expect(nameWithExtension('ảnh.pdf', 'image/png')).toBe('ảnh.pdf.png');
    expect(nameWithExtension('ghi chú', 'application/octet-stream')).toBe('ghi chú');
  });
});
