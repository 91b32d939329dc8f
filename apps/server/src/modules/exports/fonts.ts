import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';

/*
 * The fonts of the exported documents come from npm packages (Google's Noto, SIL Open Font Licence), never from the
 * system: Noto Sans (Latin with every Vietnamese diacritic, 0.6 MB) and Noto Sans SC (Chinese, with Latin and Vietnamese
 * too, 10.5 MB). The bytes are read once per process and kept; PDFs embed only the glyphs they use (subset).
 */

export type FontFamily = 'latin' | 'cjk';
export interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

const require = createRequire(import.meta.url);
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

const FILES: Record<FontFamily, { regular: string; bold: string }> = {
  latin: {
    regular: join(packageDir('@expo-google-fonts/noto-sans'), '400Regular', 'NotoSans_400Regular.ttf'),
    bold: join(packageDir('@expo-google-fonts/noto-sans'), '700Bold', 'NotoSans_700Bold.ttf'),
  },
  cjk: {
    regular: join(packageDir('@expo-google-fonts/noto-sans-sc'), '400Regular', 'NotoSansSC_400Regular.ttf'),
    bold: join(packageDir('@expo-google-fonts/noto-sans-sc'), '700Bold', 'NotoSansSC_700Bold.ttf'),
  },
};

/** The names a Word document asks for (the reader's installed Noto, else its own fallback). */
export const DOCX_FONT_NAMES: Record<FontFamily, string> = { latin: 'Noto Sans', cjk: 'Noto Sans SC' };

const cache = new Map<FontFamily, Promise<FontFiles>>();

/** A family's bytes, read from its package the first time and shared by every later document. */
export function fontFiles(family: FontFamily): Promise<FontFiles> {
  let files = cache.get(family);
  if (!files) {
    files = Promise.all([readFile(FILES[family].regular), readFile(FILES[family].bold)]).then(([regular, bold]) => ({
      regular: new Uint8Array(regular),
      bold: new Uint8Array(bold),
    }));
    // A failed read is not kept: the next document tries again.
    files.catch(() => cache.delete(family));
    cache.set(family, files);
  }
  return files;
}

let latinCoverage: Promise<(codePoint: number) => boolean> | undefined;

/** Whether Noto Sans draws every character of `text`; otherwise the document is set in Noto Sans SC. */
export async function latinCovers(text: string): Promise<boolean> {
  latinCoverage ??= fontFiles('latin').then(({ regular }) => {
    const font = fontkit.create(regular);
    return (codePoint: number) => font.hasGlyphForCodePoint(codePoint);
  });
  const has = await latinCoverage;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint > 0x7e && !/\s/.test(char) && !has(codePoint)) return false;
  }
  return true;
}

let subsetsFixed = false;

/**
 * fontkit for pdf-lib, with its TrueType subsets written correctly. @pdf-lib/fontkit 1.1.1 (the fork pdf-lib needs)
 * writes a subset's `loca` table in the short format without padding each glyph to an even length, so every glyph after
 * an odd-length one points into the wrong bytes and is drawn blank (fixed upstream in fontkit 1.8, foliojs/fontkit#191;
 * seen here with Noto Sans and Noto Sans SC). A subset's `loca` is therefore always written in the long format, which
 * needs no padding. The export tests render the PDFs and read the text back from the pixels' source.
 */
export function fixedFontkit(sample: Uint8Array): typeof fontkit {
  if (!subsetsFixed) {
    const subset: object = fontkit.create(sample).createSubset();
    const prototype = Object.getPrototypeOf(subset) as object;
    const store = new WeakMap<object, { version?: number }>();
    Object.defineProperty(prototype, 'loca', {
      configurable: true,
      get(this: object) {
        return store.get(this);
      },
      set(this: object, value: { version?: number }) {
        value.version ??= 1;
        store.set(this, value);
      },
    });
    subsetsFixed = true;
  }
  return fontkit;
}
