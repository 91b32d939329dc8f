import { describe, expect, it } from 'vitest';
import { documentText, type ExportBlock } from '../exports/exports.service.ts';
import { sampleSnapshot } from './snapshot-fixture.ts';
import { summaryDocument } from './summary-document.ts';

const now = new Date('2026-12-07T10:00:00Z');
const headings = (blocks: ExportBlock[]) => blocks.flatMap((block) => (block.kind === 'heading' ? [block.text] : []));

describe('the readable summary of a record', () => {
  it('has every section the issue lists, in the requester’s language', () => {
    const vi = summaryDocument(sampleSnapshot(), 'vi', now);
    expect(headings(vi.blocks)).toEqual([
      'Thông tin cá nhân',
      'Lịch hẹn và kết quả',
      'Đơn thuốc',
      'Chỉ số sức khỏe',
      'Đánh giá dinh dưỡng',
      'Hồ sơ khám và tệp',
      'Tiêm chủng',
      'Chia sẻ',
      'Ai đã xem hoặc ghi vào hồ sơ',
    ]);
    expect(vi.fileName).toBe('Hồ sơ sức khỏe Nguyễn Thị Hoà 2026-12-07');
    expect(headings(summaryDocument(sampleSnapshot(), 'zh', now).blocks)[0]).toBe('个人资料');
  });

  it('shows each reading with its band (the domain’s bands), and where each file lies in the archive', () => {
    const vi = summaryDocument(sampleSnapshot(), 'vi', now);
    const readings = vi.blocks.find((block) => block.kind === 'table' && block.rows.some((row) => row[2]?.includes('mmHg')));
    expect(readings?.kind === 'table' && readings.rows.map((row) => [row[2], row[3]])).toEqual([
      ['145/92 mmHg', 'Tăng huyết áp độ 1'],
      ['78 /min', 'Bình thường'],
      ['128 mg/dL (7.1 mmol/L)', 'Mức đái tháo đường'],
      ['24.8 kg/m²', 'Bình thường'],
    ]);
    const text = documentText(vi);
    expect(text).toContain(`files/55555555-5555-4555-8555-555555555555-xét nghiệm máu.pdf`);
    // The replaced prescription is printed with when it was replaced; the share with its history.
    expect(text).toContain('Đã được thay bằng đơn sau lúc 10:00 02/11/2026.');
    expect(text).toContain('cấp quyền: Thông tin sức khỏe');
  });

  it('shows the imaging conclusion, each nutrition assessment with its risk and conclusion, and the access log as a table', () => {
    const vi = summaryDocument(sampleSnapshot(), 'vi', now);
    const text = documentText(vi);
    expect(text).toContain('Phim X-quang ngực thẳng bình thường');
    const tableWith = (needle: string) =>
      vi.blocks.find((block) => block.kind === 'table' && block.rows.some((row) => row.some((cell) => cell.includes(needle))));
    const nutrition = tableWith('44.5 kg');
    expect(nutrition?.kind === 'table' && nutrition.rows).toEqual([
      ['15/11/2026', '158 cm, 44.5 kg, BMI 17.8', '3 điểm — cao', 'Suy dinh dưỡng, nguy cơ dinh dưỡng cao\nSuy dinh dưỡng mức độ vừa'],
    ]);
    const access = tableWith('Nguyễn Văn Bình');
    expect(access?.kind === 'table' && access.rows[0]?.slice(1)).toEqual(['Nguyễn Văn Bình', 'đã xem', 'Thông tin sức khỏe']);
    const zh = documentText(summaryDocument(sampleSnapshot(), 'zh', now));
    expect(zh).toContain('3 分 — 高度');
  });
});
