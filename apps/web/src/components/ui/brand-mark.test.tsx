import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { BrandMark } from './brand-mark.tsx';

/** The header index.html paints before the app's code arrives (its `#root` content), replaced by React's first render. */
const bootHeader = () => {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html');
  const header = page.querySelector('#root > header.boot-header');
  if (!header) throw new Error('index.html has no boot header in #root');
  return header;
};

describe('the header painted before the app loads', () => {
  it('shows the same mark and name as the app’s own header, so nothing changes when React takes over', () => {
    const { container } = render(<BrandMark />);
    const boot = bootHeader();
    expect(boot.querySelector('svg')?.innerHTML.replace(/>\s+</g, '><').trim()).toBe(
      container.querySelector('svg')?.innerHTML.replace(/>\s+</g, '><').trim(),
    );
    expect(boot.querySelector('.boot-brand > span')?.textContent).toBe(container.textContent);
  });

  it('holds nothing a person could act on or that would need translating', () => {
    const boot = bootHeader();
    expect(boot.querySelectorAll('a, button, input, select')).toHaveLength(0);
    expect(boot.textContent?.trim()).toBe('RHC');
  });
});
