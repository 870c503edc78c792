import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every style sheet of the front ends speaks in the design tokens of `base.css`: a `var(--x)` that nothing defines
 * falls back silently (an off-brand or missing colour), and a raw colour outside the tokens drifts from the brand.
 */

const repo = resolve(import.meta.dirname, '../../../..');
const TOKEN_FILE = 'libs/web/src/styles/base.css';
const APP_ROOTS = ['shell/src', 'mfe-customer/src', 'mfe-carrier/src', 'mfe-admin/src', 'libs/web/src'];

/**
 * Raw colours allowed outside the tokens, as `file: the colour`, each with why. Keep it short; prefer a token.
 * (Empty today: every colour of the front ends is a token.)
 */
const RAW_COLOUR_EXCEPTIONS: ReadonlySet<string> = new Set<string>([]);

const RAW_COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/gi;
const VAR_USE = /var\(\s*(--[\w-]+)/g;

function cssFilesUnder(dir: string): string[] {
  return readdirSync(resolve(repo, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => relative(repo, resolve(entry.parentPath, entry.name)))
    .filter((file) => !file.split('/').some((part) => part === 'node_modules' || part === 'dist'));
}

interface Declaration {
  selector: string;
  property: string;
  value: string;
}

/** The declarations of a style sheet with the selector of their rule (comments dropped; at-rules unwrap). */
function declarationsOf(css: string): Declaration[] {
  const body = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const declarations: Declaration[] = [];
  for (const [, selector, block] of body.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    for (const text of block!.split(';')) {
      const colon = text.indexOf(':');
      if (colon < 0) continue;
      declarations.push({ selector: selector!.trim(), property: text.slice(0, colon).trim(), value: text.slice(colon + 1).trim() });
    }
  }
  return declarations;
}

const definedIn = (declarations: Declaration[]) => new Set(declarations.filter((d) => d.property.startsWith('--')).map((d) => d.property));
const isTokenDefinition = (file: string, d: Declaration) => file === TOKEN_FILE && d.selector === ':root' && d.property.startsWith('--');

/** `file: --x` for each custom property used in `file` that neither the token file nor `file` defines. */
function undefinedTokens(file: string, css: string, tokens: ReadonlySet<string>): string[] {
  const declarations = declarationsOf(css);
  const local = definedIn(declarations);
  return declarations.flatMap((d) =>
    [...d.value.matchAll(VAR_USE)].map((m) => m[1]!).filter((name) => !tokens.has(name) && !local.has(name)).map((name) => `${file}: ${name}`),
  );
}

/** `file: colour (in 'property: value')` for each raw colour outside the token definitions and the exceptions. */
function rawColours(file: string, css: string): string[] {
  return declarationsOf(css)
    .filter((d) => !isTokenDefinition(file, d))
    .flatMap((d) =>
      [...d.value.matchAll(RAW_COLOUR)]
        .map((m) => m[0].toLowerCase())
        .filter((colour) => !RAW_COLOUR_EXCEPTIONS.has(`${file}: ${colour}`))
        .map((colour) => `${file}: ${colour} (in '${d.property}: ${d.value}')`),
    );
}

const SPACING_PROPERTY = /^(padding|margin|gap|row-gap|column-gap)(-[a-z-]+)?$/;
/** A length written literally; 1–3 px hairlines (a badge's inner padding, a focus offset) are not spacing. */
const LITERAL_LENGTH = /(?<![\w.-])(\d*\.?\d+)(px|rem)\b/g;
const ALLOWED_FONT_SIZE = /^(var\(--fb-text-[\w]+\)|inherit|\d*\.?\d+(em|%)|clamp\(.*\))$/;
/** The agreed breakpoints (base.css says why they are written literally). */
const BREAKPOINTS = new Set([480, 640, 900, 1100]);

/** `file: 'property: value'` for each padding, margin or gap that spells a length instead of a --fb-space token. */
function literalSpacings(file: string, css: string): string[] {
  return declarationsOf(css)
    .filter((d) => SPACING_PROPERTY.test(d.property) && !isTokenDefinition(file, d))
    .filter((d) => [...d.value.matchAll(LITERAL_LENGTH)].some((m) => Number(m[1]) * (m[2] === 'rem' ? 16 : 1) > 3))
    .map((d) => `${file}: '${d.property}: ${d.value}'`);
}

/** `file: 'font-size: value'` for each font size that is neither a --fb-text token nor relative to its parent. */
function literalFontSizes(file: string, css: string): string[] {
  return declarationsOf(css)
    .filter((d) => d.property === 'font-size' && !ALLOWED_FONT_SIZE.test(d.value))
    .map((d) => `${file}: '${d.property}: ${d.value}'`);
}

/** `file: NNNpx` for each media-query width that is not one of the breakpoints. */
function offBreakpoints(file: string, css: string): string[] {
  return [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/@media[^{]*?\((?:max|min)-width:\s*(\d+)px\)/g)]
    .map((m) => Number(m[1]))
    .filter((width) => !BREAKPOINTS.has(width))
    .map((width) => `${file}: ${width}px`);
}

describe('design tokens', () => {
  const files = APP_ROOTS.flatMap(cssFilesUnder);
  const tokens = definedIn(declarationsOf(readFileSync(resolve(repo, TOKEN_FILE), 'utf8')).filter((d) => d.selector === ':root'));
  const read = (file: string) => readFileSync(resolve(repo, file), 'utf8');

  it('when the style sheets are collected, then the token file and those of every app are among them', () => {
    expect(files).toContain(TOKEN_FILE);
    expect(files).toContain('shell/src/features/chat/chat.css');
    expect(files.some((file) => file.startsWith('mfe-admin/'))).toBe(true);
  });

  it('when a style sheet uses var(--x), then the token file or that sheet defines --x', () => {
    expect(files.flatMap((file) => undefinedTokens(file, read(file), tokens))).toEqual([]);
  });

  it('when a style sheet sets a colour, then it is a token, not a raw #hex, rgb() or hsl()', () => {
    expect(files.flatMap((file) => rawColours(file, read(file)))).toEqual([]);
  });

  it('when the token file is read, then it has the spacing and type-size scales', () => {
    for (const step of [1, 2, 3, 4, 5, 6, 7, 8]) expect(tokens).toContain(`--fb-space-${step}`);
    for (const size of ['xs', 'sm', 'base', 'lg', 'xl', '2xl']) expect(tokens).toContain(`--fb-text-${size}`);
  });

  it('when a style sheet sets a padding, margin or gap, then it uses the --fb-space scale (hairlines aside)', () => {
    expect(files.flatMap((file) => literalSpacings(file, read(file)))).toEqual([]);
  });

  it('when a style sheet sets a font size, then it is a --fb-text token (or relative: em, %, a fluid clamp)', () => {
    expect(files.flatMap((file) => literalFontSizes(file, read(file)))).toEqual([]);
  });

  it('when a style sheet has a media query, then its width is one of the four breakpoints', () => {
    expect(files.flatMap((file) => offBreakpoints(file, read(file)))).toEqual([]);
  });

  it('when a sheet spells a spacing, a font size or a breakpoint of its own, then the checks name it', () => {
    const sheet = `
      .a { padding: 10px var(--fb-space-2); margin: 0 auto; gap: 2px; font-size: 0.85rem; }
      .b { margin-top: calc(-1 * var(--fb-space-3)); font-size: 0.9em; }
      @media (max-width: 720px) { .c { padding: 1rem; font-size: var(--fb-text-sm); } }
      @media (max-width: 640px) { .d { gap: var(--fb-space-1); } }
    `;
    expect(literalSpacings('x.css', sheet)).toEqual(["x.css: 'padding: 10px var(--fb-space-2)'", "x.css: 'padding: 1rem'"]);
    expect(literalFontSizes('x.css', sheet)).toEqual(["x.css: 'font-size: 0.85rem'"]);
    expect(offBreakpoints('x.css', sheet)).toEqual(['x.css: 720px']);
  });

  it('when a sheet uses an unknown token, a fallback colour or a raw colour, then the checks name it', () => {
    const sheet = `
      /* a comment with #123456 and var(--commented) is not checked */
      .a { color: var(--fb-primary, #0b5cad); border: 1px solid rgb(0 0 0 / 10%); }
      .b { --local: 4px; padding: var(--local); margin: var(--fb-space-2); background: hsl(10 20% 30%); }
      :root { --own: #fff; }
    `;
    expect(undefinedTokens('x.css', sheet, tokens)).toEqual(['x.css: --fb-primary']);
    expect(rawColours('x.css', sheet).map((found) => found.split(' (')[0])).toEqual([
      'x.css: #0b5cad',
      'x.css: rgb(',
      'x.css: hsl(',
      'x.css: #fff',
    ]);
  });
});
