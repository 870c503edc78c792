import PDFDocument from 'pdfkit';
import type { FreightCarrier, FreightGoods, FreightNote, FreightParty } from '@fragtbud/contracts';

/**
 * The freight note as an A4 PDF: header 'Fragtbrev' with the task id and the date, then the seven numbered boxes of
 * the consignment tab (spec section 2). pdfkit's built-in Helvetica writes WinAnsi, which holds æøåÆØÅ; characters
 * outside it are replaced so a stray emoji cannot break the page.
 */

const goodsTypeLabels: Record<string, string> = { general: 'Almindeligt gods' };
const statusLabels: Record<string, string> = {
  draft: 'Kladde',
  locked: 'Låst',
  approved: 'Godkendt',
  final: 'Endelig',
  finalized: 'Færdiggjort',
  closed: 'Lukket',
};

/** The cp1252 characters above 0x7f that are not Latin-1. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** WinAnsi (cp1252) has Latin-1 plus a few; anything else becomes '?'. Control characters other than tab and newline go. */
export function winAnsiSafe(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 9 || code === 10 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)) out += char;
    else if (code > 0xff) out += '?';
  }
  return out;
}

const daDate = (date: Date) =>
  new Intl.DateTimeFormat('da-DK', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Copenhagen' }).format(date);
const daNumber = (value: number) => new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 }).format(value);

function partyLines(party: FreightParty): [string, string][] {
  const streetLine = [party.street, party.houseNo].filter(Boolean).join(' ');
  const placeLine = [party.postalCode, party.city].filter(Boolean).join(' ');
  const lines: [string, string][] = [
    ['Navn', party.name ?? ''],
    ['Firma', party.company ?? ''],
    ['CVR', party.cvr ?? ''],
    ['Adresse', streetLine || party.address || ''],
    ['Postnr. og by', placeLine],
    ['Land', party.country ?? ''],
    ['E-mail', party.email ?? ''],
    ['Telefon', party.phone ?? ''],
  ];
  return lines;
}

function carrierLines(carrier: FreightCarrier): [string, string][] {
  return [
    ['Navn', carrier.name ?? ''],
    ['Firma', carrier.company ?? ''],
    ['CVR', carrier.cvr ?? ''],
    ['Adresse', carrier.address ?? ''],
    ['E-mail', carrier.email ?? ''],
    ['Telefon', carrier.phone ?? ''],
  ];
}

/** The goods box's short fields; the description comes first, wrapped over as many lines (and pages) as it takes. */
function goodsLines(goods: FreightGoods): [string, string][] {
  return [
    ['Antal kolli', goods.packages === null ? '' : String(goods.packages)],
    ['Vægt (kg)', goods.weightKg === null ? '' : daNumber(goods.weightKg)],
    ['Volumen (m³)', goods.volumeM3 === null ? '' : daNumber(goods.volumeM3)],
    ['Godstype', goods.type ? (goodsTypeLabels[goods.type] ?? goods.type) : ''],
  ];
}

/**
 * `text` broken into lines no wider than `maxWidth` at the current font (its own line breaks kept; a word longer than
 * a line is broken inside), so nothing is cut off.
 */
export function wrapText(doc: PDFKit.PDFDocument, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (doc.widthOfString(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (doc.widthOfString(rest) > maxWidth) {
        let cut = rest.length - 1;
        while (cut > 1 && doc.widthOfString(rest.slice(0, cut)) > maxWidth) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  while (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.length > 0 ? lines : [''];
}

interface GoodsLayout {
  note: FreightNote;
  left: number;
  width: number;
  top: number;
  bottom: number;
  safe: (value: string) => string;
}

/**
 * Box 7 (Gods): the description in full, wrapped onto as many lines as it needs and carried over to further pages
 * ('7. Gods (fortsat)'), each page's part framed; then the short fields. Leaves `doc.y` under the box.
 */
function goodsBox(doc: PDFKit.PDFDocument, { note, left, width, top, bottom, safe }: GoodsLayout, startY: number): void {
  const labelWidth = 70;
  const valueX = left + 78;
  const valueWidth = width - 84;
  const lineStep = 12;
  doc.font('Helvetica').fontSize(8.5);
  const description = wrapText(doc, safe(note.goods.description ?? ''), valueWidth);
  const rows: [string, string][] = [
    ...description.map((line, index): [string, string] => [index === 0 ? 'Beskrivelse' : '', line]),
    ...goodsLines(note.goods).map(([label, value]): [string, string] => [label, safe(value)]),
  ];

  let segmentTop = startY;
  let lineY = startY;
  const title = (text: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(safe(text), left + 6, segmentTop + 6, { width: width - 12 });
    lineY = segmentTop + 22;
  };
  const frame = (minHeight: number) => {
    const height = Math.max(lineY - segmentTop + 4, minHeight);
    doc.lineWidth(0.8).strokeColor('#000000').rect(left, segmentTop, width, height).stroke();
    return segmentTop + height;
  };

  // A box that would start with less than its title and two lines on this page begins on the next one.
  if (segmentTop + 22 + 2 * lineStep > bottom) {
    doc.addPage();
    segmentTop = top;
  }
  title('7. Gods');
  let first = true;
  for (const [label, value] of rows) {
    if (lineY + lineStep > bottom) {
      frame(0);
      doc.addPage();
      segmentTop = top;
      title('7. Gods (fortsat)');
      first = false;
    }
    if (label) doc.font('Helvetica').fontSize(7.5).fillColor('#555555').text(safe(label), left + 6, lineY, { width: labelWidth });
    doc.font('Helvetica').fontSize(8.5).fillColor('#000000').text(value, valueX, lineY - 0.5, { width: valueWidth, lineBreak: false });
    lineY += lineStep;
  }
  const end = frame(first ? 90 : 0);
  doc.x = left;
  doc.y = end;
}

export interface FreightPdfOptions {
  /** The date printed in the header (default now). */
  now?: Date;
  /** Short proof summaries (optional), printed under the boxes, with the signature and photos where given. */
  proofs?: { label: string; lines: { text: string; signature?: Buffer | null; photos?: Buffer[] }[] }[];
}

const signatureSize = { width: 160, height: 60 };
const photoSize = { width: 110, height: 82 };

export function renderFreightNotePdf(note: FreightNote, options: FreightPdfOptions = {}): Promise<Buffer> {
  const now = options.now ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Fragtbrev ${note.task_id}`, Author: 'Fragtbud', Subject: `Fragtbrev for opgave ${note.task_id}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const safe = (value: string) => winAnsiSafe(value);

  // Header
  doc.font('Helvetica-Bold').fontSize(22).text('Fragtbrev', left, 40);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(safe(`Opgave #${note.task_id}   ·   Dato: ${daDate(now)}   ·   Status: ${statusLabels[note.status] ?? note.status}`), left, 68);
  doc.moveTo(left, 86).lineTo(left + width, 86).lineWidth(1).stroke();

  const gap = 10;
  const colWidth = (width - gap) / 2;
  const box = (number: number, title: string, lines: [string, string][], x: number, y: number, w: number, h: number) => {
    doc.lineWidth(0.8).rect(x, y, w, h).stroke();
    doc.font('Helvetica-Bold').fontSize(10).text(safe(`${number}. ${title}`), x + 6, y + 6, { width: w - 12 });
    let lineY = y + 22;
    for (const [label, value] of lines) {
      doc.font('Helvetica').fontSize(7.5).fillColor('#555555').text(safe(label), x + 6, lineY, { width: 70 });
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('#000000')
        .text(safe(value), x + 78, lineY - 0.5, { width: w - 84, height: 11, ellipsis: true, lineBreak: false });
      lineY += 12;
    }
  };

  const partyHeight = 124;
  let y = 96;
  const rows: [number, string, [string, string][], number, string, [string, string][]][] = [
    [1, 'Afsender', partyLines(note.sender), 2, 'Afhentningssted', partyLines(note.pickup)],
    [3, 'Modtager', partyLines(note.recipient), 4, 'Leveringssted', partyLines(note.delivery)],
    [5, 'Betaler', partyLines(note.bill_to), 6, 'Fragtfører', carrierLines(note.carrier)],
  ];
  for (const [n1, t1, l1, n2, t2, l2] of rows) {
    box(n1, t1, l1, left, y, colWidth, partyHeight);
    box(n2, t2, l2, left + colWidth + gap, y, colWidth, partyHeight);
    y += partyHeight + gap;
  }
  const bottom = doc.page.height - doc.page.margins.bottom - 20;
  goodsBox(doc, { note, left, width, top: doc.page.margins.top, bottom, safe }, y);
  y = doc.y + gap;
  /** Room for `height` more points, on a new page when this one is full. */
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = doc.page.margins.top;
  };
  /** An image the viewer can draw (JPEG or PNG, as uploads are stored); bytes pdfkit cannot read are left out. */
  const image = (data: Buffer, x: number, size: { width: number; height: number }): boolean => {
    try {
      doc.image(data, x, y, { fit: [size.width, size.height] });
      doc.lineWidth(0.5).strokeColor('#bbbbbb').rect(x, y, size.width, size.height).stroke().strokeColor('#000000');
      return true;
    } catch {
      return false;
    }
  };

  for (const section of options.proofs ?? []) {
    room(26);
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(safe(section.label), left, y);
    y += 14;
    for (const line of section.lines) {
      room(12);
      doc.font('Helvetica').fontSize(8.5).fillColor('#000000').text(safe(line.text), left, y, { width });
      y += doc.heightOfString(safe(line.text), { width }) + 2;
      const photos = line.photos ?? [];
      if (line.signature || photos.length > 0) {
        room(photoSize.height + 16);
        doc.font('Helvetica').fontSize(7.5).fillColor('#555555');
        let x = left;
        if (line.signature) {
          doc.text('Underskrift', x, y, { lineBreak: false });
          x += signatureSize.width + gap;
        }
        if (photos.length > 0) doc.text(photos.length === 1 ? 'Billede' : 'Billeder', x, y, { lineBreak: false });
        y += 10;
        x = left;
        if (line.signature && image(line.signature, x, signatureSize)) x += signatureSize.width + gap;
        else if (line.signature) x += signatureSize.width + gap;
        for (const photo of photos) {
          if (x + photoSize.width > left + width) break;
          if (image(photo, x, photoSize)) x += photoSize.width + gap;
        }
        y += photoSize.height + 6;
      }
    }
    y += 6;
  }

  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor('#555555')
    .text(safe(`Udskrevet fra Fragtbud ${daDate(now)}`), left, doc.page.height - doc.page.margins.bottom - 12, { width, lineBreak: false });
  doc.end();
  return done;
}
