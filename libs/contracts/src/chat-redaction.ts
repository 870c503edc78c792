/*
 * Chat redaction (spec sections 5 and 9): e-mail addresses and phone numbers never reach the other side of a chat.
 * Matching runs on a normalised copy of the message — Unicode NFKC, invisible characters dropped — so full-width,
 * zero-width and bidi tricks look like what they show; what is replaced is the original's stretch, so the rest of the
 * message stays as it was written. svc-chat stores only the result; the browser's 'Sendes som' preview calls the same
 * function.
 */

export const redactedText = '[redigeret]';

/** Zero-width and bidi controls, soft hyphen, joiners, variation selectors, fillers, BOM: invisible separators. */
const invisibleRanges: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180f],
  [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f], [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];

function isInvisible(char: string | undefined): boolean {
  const code = char?.codePointAt(0);
  return code !== undefined && invisibleRanges.some(([from, to]) => code >= from && code <= to);
}

interface Normalised {
  text: string;
  /** For each UTF-16 unit of `text`: where its character starts and ends in the original. */
  start: number[];
  end: number[];
}

function normalise(original: string): Normalised {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let index = 0;
  for (const char of original) {
    const from = index;
    index += char.length;
    if (isInvisible(char)) continue;
    const folded = char.normalize('NFKC');
    for (let i = 0; i < folded.length; i++) {
      start.push(from);
      end.push(index);
    }
    text += folded;
  }
  return { text, start, end };
}

type Span = readonly [number, number];

// ---- e-mail addresses ----

const local = String.raw`[\p{L}\p{M}\p{N}._%+-]+`;
const label = String.raw`[\p{L}\p{M}\p{N}-]+`;
const atWord = String.raw`(?:at|snabel-?a)`;
/** `@` (also spaced), a bracketed word for it (`(at)`, `[snabel-a]`), or `snabel-a` as a word. */
const at = String.raw`\s*(?:@|[([{]\s*${atWord}\s*[)\]}])\s*|\s+snabel-?a\s+`;
const dotWord = String.raw`(?:dot|punktum|prik)`;
/** `.` or a bracketed/spaced word for it: `[dot]`, `(punktum)`, ` dot `. */
const dot = String.raw`(?:\.|\s*[([{]\s*${dotWord}\s*[)\]}]\s*|\s+${dotWord}\s+)`;
/** `navn (at) firma dk`, `navn @ firma . dk`: the top-level domain after a space (or a spaced-out dot). */
const spacedTld = String.raw`(?:\s+(?:\.\s+)?(?:dk|com|se|no|de|net|org|eu|nu|io|info)\b)?`;
const emailPattern = new RegExp(`${local}(?:${at})${label}(?:${dot}${label})*${spacedTld}`, 'giu');
/**
 * `navn at firma dot dk`: 'at' is also an ordinary Danish word ('Jeg håber at firma kan nå det'), so spelled as a bare
 * word it counts only before a domain with a dot in it.
 */
const bareAtEmailPattern = new RegExp(String.raw`${local}\s+at\s+${label}(?:${dot}${label})+`, 'giu');

function emailSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const pattern of [emailPattern, bareAtEmailPattern]) {
    for (const match of text.matchAll(pattern)) spans.push([match.index, match.index + match[0].length]);
  }
  return spans;
}

// ---- phone numbers ----

/** A phone number: eight or more digits (a Danish number has eight), however they are spelled and spaced. */
const phoneDigits = 8;

const numberWords: Record<string, number> = {
  nul: 1, en: 1, et: 1, een: 1, to: 1, tre: 1, fire: 1, fem: 1, seks: 1, syv: 1, otte: 1, ni: 1,
  ti: 2, elleve: 2, tolv: 2, tretten: 2, fjorten: 2, femten: 2, seksten: 2, sytten: 2, atten: 2, nitten: 2,
  tyve: 2, tredive: 2, fyrre: 2, halvtreds: 2, tres: 2, halvfjerds: 2, firs: 2, halvfems: 2,
};
/** 'enogtyve' … 'nioghalvfems': two digits. */
const compoundNumberWord = /^(?:en|et|to|tre|fire|fem|seks|syv|otte|ni)og(?:tyve|tredive|fyrre|halvtreds|tres|halvfjerds|firs|halvfems)$/;
/** Between two parts of one number: spaces (any number), dots, dashes, underscores, slashes, commas, brackets, `+`. */
const separatorGap = /^[\s._\-/\\,()+*|~\u2010-\u2015\u2212]{1,6}$/u;
const wordPattern = /[\p{L}\p{M}\p{N}]+/gu;
/** A date such as 12.03.2026, 1-3-2026 or 2026-03-12 is not a phone number. */
const datePattern = /(?<!\p{Nd})(?:(\d{1,2})([.\-/])(\d{1,2})\2(?:19|20)\d{2}|(?:19|20)\d{2}-(\d{1,2})-(\d{1,2}))(?!\p{Nd})/gu;

interface Unit {
  from: number;
  to: number;
  digits: number;
  /** Only letters that look like digits ('O', 'l'): counts inside a number, never makes one. */
  lookalike: boolean;
  /** A number word or lookalike rather than digits: trimmed off the ends of a match when the rest is enough. */
  spelled: boolean;
}

function unitOf(word: string, from: number): Unit | null {
  const to = from + word.length;
  if (/^\p{Nd}+$/u.test(word)) return { from, to, digits: word.length, lookalike: false, spelled: false };
  // 'O'/'o' for 0 and 'l'/'I' for 1 inside a digit run: 2O3O4O5O.
  if (/^[\p{Nd}OoIl]+$/u.test(word)) {
    const real = /\p{Nd}/u.test(word);
    return { from, to, digits: word.length, lookalike: !real, spelled: !real };
  }
  const lower = word.toLowerCase();
  const digits = numberWords[lower] ?? (compoundNumberWord.test(lower) ? 2 : 0);
  return digits > 0 ? { from, to, digits, lookalike: false, spelled: true } : null;
}

/**
 * A time span such as 10.00-12.00 (quarter hours, the end after the start) is not a phone number either; a single
 * time is too short to matter, so it never splits a number.
 */
const timeSpanPattern = /(?<![\p{Nd}._/-])([01]?\d|2[0-3])\.(00|15|30|45)\s?[-–]\s?([01]?\d|2[0-3])\.(00|15|30|45)(?![\p{Nd}._/-])/gu;

/** Dates and time spans: their digits are not counted towards a phone number. */
function dateRanges(text: string): Span[] {
  const ranges: Span[] = [];
  for (const match of text.matchAll(datePattern)) {
    const day = Number(match[1] ?? match[5]);
    const month = Number(match[3] ?? match[4]);
    if (day >= 1 && day <= 31 && month >= 1 && month <= 12) ranges.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(timeSpanPattern)) {
    const minutes = (hours: string | undefined, quarter: string | undefined) => Number(hours) * 60 + Number(quarter);
    if (minutes(match[3], match[4]) > minutes(match[1], match[2])) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

function phoneSpans(text: string): Span[] {
  const dates = dateRanges(text);
  const inDate = (from: number) => dates.some(([start, end]) => from >= start && from < end);
  const spans: Span[] = [];
  let run: Unit[] = [];
  const close = () => {
    const span = numberSpan(text, run);
    if (span) spans.push(span);
    run = [];
  };
  for (const match of text.matchAll(wordPattern)) {
    const unit = inDate(match.index) ? null : unitOf(match[0], match.index);
    if (!unit) {
      close();
      continue;
    }
    const previous = run.at(-1);
    if (previous && !separatorGap.test(text.slice(previous.to, unit.from))) close();
    run.push(unit);
  }
  close();
  return spans;
}

const count = (units: Unit[]) => units.reduce((sum, unit) => sum + unit.digits, 0);

/** The stretch a run of number parts covers when it makes a phone number, without spelled parts it does not need. */
function numberSpan(text: string, run: Unit[]): Span | null {
  let units = run;
  if (count(units) < phoneDigits || units.every((unit) => unit.lookalike)) return null;
  // 'vi er to 20304050': the number is the digits; 'to' stays.
  while (units.length > 1 && units[0]!.spelled && count(units.slice(1)) >= phoneDigits && !units.slice(1).every((u) => u.lookalike)) {
    units = units.slice(1);
  }
  while (units.length > 1 && units.at(-1)!.spelled && count(units.slice(0, -1)) >= phoneDigits && !units.slice(0, -1).every((u) => u.lookalike)) {
    units = units.slice(0, -1);
  }
  let from = units[0]!.from;
  let to = units.at(-1)!.to;
  // A country code's '+' and its brackets: (+45) 12 34 56 78.
  const prefix = /[(+]+\s?$/u.exec(text.slice(Math.max(0, from - 3), from));
  if (prefix) from -= prefix[0].length;
  const inside = text.slice(from, to);
  if (inside.split('(').length > inside.split(')').length && text[to] === ')') to += 1;
  return [from, to];
}

// ---- putting it together ----

function merged(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = out.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/**
 * Replaces e-mail addresses (also obfuscated: `navn (at) firma dk`, `navn at firma dot dk`, `navn＠firma.dk`) and
 * phone numbers (eight or more digits, spaced or split by dots, dashes, underscores, slashes or invisible characters,
 * with `+45`, with 'O'/'l' for 0/1, or spelled in Danish words: 'to nul tre nul …') with '[redigeret]'.
 * Dates (12.03.2026) are kept.
 */
export function redactChatText(text: string): string {
  const normalised = normalise(text);
  const spans = merged([...emailSpans(normalised.text), ...phoneSpans(normalised.text)]);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [from, to] of spans) {
    const start = normalised.start[from]!;
    let end = normalised.end[to - 1]!;
    // Invisible characters right after a number or address go with it.
    while (isInvisible(text[end])) end += 1;
    if (start < at) continue;
    out += text.slice(at, start) + redactedText;
    at = end;
  }
  return out + text.slice(at);
}
