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
