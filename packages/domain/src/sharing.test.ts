import { describe, expect, it } from 'vitest';
import { coversSection, expandSections, needsChildAssent, SHARE_SECTIONS } from './sharing.ts';

describe('coversSection', () => {
  it('lets a grant read only the sections it names', () => {
    expect(coversSection(['health_info', 'vaccines'], 'vaccines')).toBe(true);
    expect(coversSection(['health_info', 'vaccines'], 'prescriptions')).toBe(false);
    expect(coversSection([], 'health_info')).toBe(false);
  });

  it('reads "all" as every section', () => {
    for (const section of SHARE_SECTIONS) expect(coversSection(['all'], section)).toBe(true);
    expect(expandSections(['all'])).toEqual([...SHARE_SECTIONS]);
    expect(expandSections(['vaccines', 'health_info'])).toEqual(['health_info', 'vaccines']);
  });
});

describe('needsChildAssent (Law 91/2025 art. 24: a child aged 7 or more agrees too)', () => {
  it('starts on the 7th birthday and ends on the 16th', () => {
    expect(needsChildAssent('2019-11-25', '2026-11-24')).toBe(false);
    expect(needsChildAssent('2019-11-24', '2026-11-24')).toBe(true);
    expect(needsChildAssent('2018-06-01', '2026-11-24')).toBe(true);
    expect(needsChildAssent('2010-11-25', '2026-11-24')).toBe(true);
    expect(needsChildAssent('2010-11-24', '2026-11-24')).toBe(false);
    expect(needsChildAssent('1950-01-01', '2026-11-24')).toBe(false);
  });
});
