/** Reads the mails the app wrote to DATA_DIR/outbox (.eml, quoted-printable bodies) as decoded UTF-8 text. */
import fs from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable: soft line breaks and =XX byte escapes, then reads the bytes as UTF-8. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Every mail in the outbox of `dataDir` addressed to `to` (in file-name order, which is not reliable within one ms). */
export function mailsTo(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(outbox, f), 'utf8')))
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m));
}
