/**
 * Shopify's product CSV without the database (src/server/modules/catalog/shopify-csv.ts, shopify-csv-read.ts): the
 * export neutralises cells a spreadsheet would run as formulas (OWASP "CSV Injection") and the import reads them back
 * as they were; a description's HTML reads as plain text (entities decoded, lists as lines, scripts and styles
 * dropped); a money
 * cell is read as the amount it spells or refused, never guessed (decision 111); stock is a whole number from 0.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import {
  EXPORT_COLUMNS,
  htmlToText,
  parseMoneyCell,
  textToHtml,
  writeCsv,
  type ExportRow,
} from '../../src/server/modules/catalog/shopify-csv.js';
import { readShopifyCsv } from '../../src/server/modules/catalog/shopify-csv-read.js';

const row = (over: ExportRow): ExportRow => ({
  Handle: 'taza',
  Title: 'Taza de barro',
  'Option1 Name': 'Title',
  'Option1 Value': 'Default Title',
  'Variant SKU': 'TAZA-1',
  'Variant Price': '349.50',
  'Variant Inventory Qty': '4',
  ...over,
});
const cells = (csv: string) => parse(csv, { relax_column_count: true }) as string[][];
const col = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name);

describe('catalogue export: CSV injection', () => {
  const dangerous = ['=HYPERLINK("http://x.test","clic")', '+52 55 1234', '-20% oferta', '@SUM(A1)', '\tTab', '\rCR'];

  it('prefixes every text cell that starts with =, +, -, @, tab or CR with a quote, inside double quotes', () => {
    const csv = writeCsv(
      dangerous.map((d, i) =>
        row({ Handle: `p${i}`, Title: d, Vendor: d, Tags: d, 'Variant SKU': `S${i}`, 'Option1 Value': d }),
      ),
    );
    const lines = csv.split('\r\n');
    dangerous.forEach((d, i) => {
      const r = cells(csv)[i + 1]!;
      for (const c of ['Title', 'Vendor', 'Tags', 'Option1 Value'] as const) expect(r[col(c)]).toBe(`'${d}`);
    });
    // Quoted on the line itself: a spreadsheet sees a quoted string, not a formula.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.test"",""clic"")"`);
    expect(lines[3]).toContain(`"'-20% oferta"`);
  });

  it('keeps numeric columns numeric', () => {
    const csv = writeCsv([row({ 'Variant Price': '349.50', 'Variant Inventory Qty': '0', 'Variant Grams': '250' })]);
    const r = cells(csv)[1]!;
    expect(r[col('Variant Price')]).toBe('349.50');
    expect(r[col('Variant Inventory Qty')]).toBe('0');
    expect(r[col('Variant Grams')]).toBe('250');
    expect(csv.split('\r\n')[1]).toContain(',349.50,');
  });

  it('reads its own neutralised cells back as written (a title starting with "=" or "-" survives a round trip)', () => {
    const titles = ['=Taza mágica', '-20% playera', "'=ya con comilla", '+Más', '@tienda'];
    const csv = writeCsv(
      titles.map((t, i) =>
        row({ Handle: `p${i}`, Title: t, Vendor: t, Tags: `${t}, otra`, 'Variant SKU': `S-${i}`, 'Option1 Value': '' }),
      ),
    );
    const { products, problems } = readShopifyCsv(Buffer.from(csv));
    expect(problems).toEqual([]);
    expect(products.map((p) => p.title)).toEqual(titles);
    expect(products.map((p) => p.vendor)).toEqual(titles);
    expect(products.map((p) => p.tags?.[0])).toEqual(titles.map((t) => t.toLowerCase()));
  });

  it('is written by csv-stringify: CRLF records, RFC 4180 quoting', () => {
    const csv = writeCsv([row({ Title: 'Taza "grande", roja' })]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv).toContain('"Taza ""grande"", roja"');
  });
});

/** Spellings of `cents` a seller's spreadsheet may write; each is the amount or refused, never another number. */
function spellings(cents: number) {
  const pesos = Math.floor(cents / 100);
  const dec = String(cents % 100).padStart(2, '0');
  const group = (n: number, sep: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const accepted = [
    `${pesos}.${dec}`,
    `${pesos},${dec}`,
    `${group(pesos, ',')}.${dec}`,
    `${group(pesos, '.')},${dec}`,
    `$${pesos}.${dec}`,
    `$ ${group(pesos, ',')}.${dec}`,
    ` ${pesos}.${dec} `,
  ];
  if (cents % 100 === 0) accepted.push(`${pesos}`, `$${pesos}`, ` ${pesos} `);
  if (cents % 10 === 0) accepted.push(`${pesos}.${dec[0]}`, `${pesos},${dec[0]}`);
  if (cents % 100 === 0 && pesos >= 1_000_000) accepted.push(group(pesos, ','), group(pesos, '.'));
  // Written some other way a spreadsheet might: may be refused, must never give another amount.
  const other = [`${group(pesos, ',')},${dec}`, `${group(pesos, '.')}.${dec}`, `${pesos}.${dec}0`, `${pesos},${dec}0`];
  if (cents % 100 === 0) other.push(group(pesos, ','), group(pesos, '.'), `${group(pesos, ' ')}`);
  return { accepted, other };
}

describe('money cells (decision 111)', () => {
  it('reads the spellings of the table', () => {
    const table: [string, number][] = [
      ['349.50', 34950],
      ['349,50', 34950],
      ['1,349.50', 134950],
      ['1.349,50', 134950],
      ['$349', 34900],
      [' 349 ', 34900],
      ['349.5', 34950],
      ['349,5', 34950],
      ['$ 1,349.50', 134950],
      ['1,349,000', 134900000],
      ['1.349.000,00', 134900000],
      ['0.99', 99],
    ];
    for (const [input, cents] of table) expect(parseMoneyCell(input), input).toEqual({ cents });
  });

  it('refuses ambiguous and malformed spellings with a reason', () => {
    for (const input of ['1,349', '1.349', '12,345', '0.349', '349.505'])
      expect(parseMoneyCell(input), input).toEqual({ error: 'ambiguous_price' });
    for (const input of [
      'doce',
      '1.349.50',
      '1,34,950',
      '-349',
      '349.5055',
      '1234,567',
      '3 49',
      '$',
      '1e3',
      '349 MXN',
      '١٢٣',
    ])
      expect(parseMoneyCell(input), input).toEqual({ error: 'invalid_price' });
  });

  it('every accepted spelling of a random amount reads as that amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        for (const s of spellings(cents).accepted) expect(parseMoneyCell(s), s).toEqual({ cents });
      }),
      { numRuns: 2000 },
    );
  });

  it('no spelling reads as an amount other than the one it was written for', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (cents) => {
        const { accepted, other } = spellings(cents);
        for (const s of [...accepted, ...other]) {
          const r = parseMoneyCell(s);
          if ('cents' in r) expect(r.cents, s).toBe(cents);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('random text is refused, never read as a number; digits are never dropped or added', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 16 }), (s) => {
        const r = parseMoneyCell(s);
        if (/[^\d.,$ ]/.test(s) || !/\d/.test(s)) expect(r, JSON.stringify(s)).toHaveProperty('error');
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\$?[\d.,]{1,14}$/), (s) => {
        const r = parseMoneyCell(s);
        if (!('cents' in r)) return;
        const digits = s.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
        const decimals = /[.,](\d{1,2})$/.exec(s)?.[1]?.length ?? 0;
        expect(String(r.cents), s).toBe(String(BigInt(digits) * 10n ** BigInt(2 - decimals)));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('import: money and stock are bad lines, not guesses', () => {
  const file = (price: string, qty: string, compare = '') =>
    Buffer.from(
      [
        'Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty',
        `taza,Taza de barro,Title,Default Title,TAZA-1,"${price}","${compare}",${qty}`,
      ].join('\n'),
    );

  it('reads "349,50" as $349.50 and "1.349,50" as $1,349.50', () => {
    expect(readShopifyCsv(file('349,50', '3')).products[0]!.variants[0]!.priceCents).toBe(34950);
    expect(readShopifyCsv(file('1.349,50', '3', '1.500,00')).products[0]!.variants[0]).toMatchObject({
      priceCents: 134950,
      compareAtCents: 150000,
    });
  });

  it('refuses an ambiguous price at its line with the value', () => {
    expect(readShopifyCsv(file('1,349', '3')).problems).toEqual([
      { line: 2, field: 'Variant Price', reason: 'ambiguous_price', value: '1,349' },
    ]);
    expect(readShopifyCsv(file('349.50', '3', '1.349')).problems).toEqual([
      { line: 2, field: 'Variant Compare At Price', reason: 'ambiguous_price', value: '1.349' },
    ]);
  });

  it('refuses negative and fractional stock at its line', () => {
    expect(readShopifyCsv(file('349.50', '-2')).problems).toEqual([
      { line: 2, field: 'Variant Inventory Qty', reason: 'negative_stock', value: '-2' },
    ]);
    expect(readShopifyCsv(file('349.50', '2.5')).problems).toEqual([
      { line: 2, field: 'Variant Inventory Qty', reason: 'invalid_integer', value: '2.5' },
    ]);
  });
});

describe('Body (HTML) as plain text', () => {
  it('decodes entities, keeps <br> and blocks as lines, lists as "• " lines, drops scripts, styles and tags', () => {
    const html = [
      '<style>p { color: red }</style><h2>Taza &amp; plato</h2>',
      '<p>Barro&nbsp;negro de Oaxaca &mdash; &quot;hecho&quot; a mano &#233;&#x301; &lt;3<br>Lavar a mano.<br/><br>',
      '<script>document.title = "<p>no</p>"</script>Apto para café.</p>',
      '<ul><li>Medidas<ul><li>Alto: <b>10</b> cm</li><li>Ancho: 8 cm</li></ul></li><li>Peso: 300 g</li></ul>',
      '<ol><li>Uno</li><li>Dos</li></ol><a href="https://x.test/y">Más</a><img src="/a.png" alt="foto">',
      '<table><tr><th>Talla</th><th>cm</th></tr><tr><td>M</td><td>40</td></tr></table>',
    ].join('\n\t ');
    expect(htmlToText(html)).toBe(
      [
        'Taza & plato',
        'Barro negro de Oaxaca \u2014 "hecho" a mano \u00e9\u0301 <3',
        'Lavar a mano.',
        '',
        'Apto para café.',
        '• Medidas',
        '• Alto: 10 cm',
        '• Ancho: 8 cm',
        '• Peso: 300 g',
        '1. Uno',
        '2. Dos',
        'Más',
        'Talla cm',
        'M 40',
      ].join('\n'),
    );
  });

  it('leaves unknown entities and control characters harmless', () => {
    expect(htmlToText('a &bogus; b\u0001c\u007f')).toBe('a &bogus; b c');
    expect(htmlToText('')).toBe('');
  });

  it("reads the export's own HTML back as the text it was written from", () => {
    const line = fc.stringMatching(/^[a-zA-Z0-9áéñ&<>"' .,;:!?()$%-]{0,30}$/);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), (lines) => {
        // What the admin's form stores: trimmed lines, single spaces, at most one blank line in a row.
        const text = lines
          .map((l) => l.replace(/ {2,}/g, ' ').trim())
          .join('\n')
          .replace(/\n{3,}/g, '\n\n')
          .trim();
        expect(htmlToText(textToHtml(text))).toBe(text);
      }),
    );
  });
});
