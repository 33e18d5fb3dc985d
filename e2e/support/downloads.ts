/**
 * Files the app hands the user: wait for the browser's download, keep a copy under
 * e2e/artifacts/<run label>/downloads/, and read CSV back as rows (RFC 4180).
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './harness.ts';

export type TDownloaded = { filename: string; file: string; text: string };

/** Runs `trigger` (a click) and returns the file the page downloads because of it. */
export async function download(page: Page, trigger: () => Promise<void>): Promise<TDownloaded> {
  const [event] = await Promise.all([page.waitForEvent('download', { timeout: 15_000 }), trigger()]);
  const dir = path.join(ARTIFACTS_DIR, 'downloads');
  mkdirSync(dir, { recursive: true });
  const filename = event.suggestedFilename();
  const file = path.join(dir, filename);
  await event.saveAs(file);
  const failure = await event.failure();
  if (failure) throw new Error(`download of ${filename} failed: ${failure}`);
  return { filename, file, text: await readFile(file, 'utf8') };
}

/** CSV text as rows of cells: quoted cells, doubled quotes, CRLF or LF; a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
