import fs from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP peer for the journeys: the app sends mail to it over SMTP (SMTP_URL), and every message is
 * written as a file the tests read (tests run in other processes than global setup).
 */
export async function startMailCatcher(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  await fs.mkdir(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        sequence += 1;
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()).join(',');
        const file = path.join(dir, `${String(sequence).padStart(5, '0')}-${to}.eml`);
        // Written under another name and renamed: a test polling the folder sees the whole message or none of it.
        fs.writeFile(`${file}.part`, Buffer.concat(chunks))
          .then(() => fs.rename(`${file}.part`, file))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('SMTP catcher has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The newest message sent to `to`, as raw text (quoted-printable soft breaks undone). */
export async function latestMailTo(dir: string, to: string): Promise<string | undefined> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${to.toLowerCase()}.eml`)).sort();
  const last = files.at(-1);
  if (!last) return undefined;
  return (await fs.readFile(path.join(dir, last), 'utf8')).replace(/=\r?\n/g, '');
}

/** The text of a mail as the catcher stored it (one part, as the app sends), its transfer encoding undone. */
export function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (/Content-Transfer-Encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=), as a header carries a non-ASCII subject. */
function decodeHeader(value: string): string {
  const bytes = value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('latin1')
        : text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every message sent to `to`, oldest first, as a person reads it: its subject (decoded) and text (mailText). */
export async function mailsTo(dir: string, to: string): Promise<{ subject: string; text: string }[]> {
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${to.toLowerCase()}.eml`)).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await fs.readFile(path.join(dir, file), 'utf8');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      return { subject: decodeHeader(head.match(/^Subject: (.*)$/im)?.[1] ?? ''), text: mailText(raw).replace(/\r\n/g, '\n') };
    }),
  );
}

/** The texts of every message sent to `to` so far, oldest first (`mailText` of each). */
export async function mailTextsTo(dir: string, to: string): Promise<string[]> {
  return (await mailsTo(dir, to)).map((mail) => mail.text);
}
