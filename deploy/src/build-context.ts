import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What `docker build .` would send as its context, judged the way Docker reads `.dockerignore` (moby's
 * patternmatcher): patterns relative to the context root, `*` and `?` within one path segment, `**` across any
 * number of them, `!` re-includes, the last matching pattern wins, and a pattern matching a folder covers
 * everything below it. Lets CI refuse a context holding secrets without running Docker.
 */
export interface IgnoreRule {
  negated: boolean;
  /** The pattern's literal start (no wildcards), to know which excluded folders a `!` rule may reach into. */
  literalPrefix: string;
  regex: RegExp;
}

export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = path.posix.normalize((negated ? line.slice(1) : line).trim()).replace(/^\/+/, '').replace(/\/+$/, '');
      const literalPrefix = pattern.split(/[*?[]/)[0] ?? '';
      return { negated, literalPrefix, regex: patternRegex(pattern) };
    });
}

function patternRegex(pattern: string): RegExp {
  let source = '';
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (char === '*' && pattern[index + 1] === '*') {
      // `**/` (zero or more folders), `/**` at the end (anything below) or a bare `**` (anything)
      if (pattern[index + 2] === '/') {
        source += '(?:.*/)?';
        index += 2;
      } else {
        source += '.*';
        index += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** True when `relativePath` (posix, relative to the context root) is left out of the context. */
export function isIgnored(rules: readonly IgnoreRule[], relativePath: string): boolean {
  const parts = relativePath.split('/');
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.regex.test(candidate))) ignored = !rule.negated;
  }
  return ignored;
}

/** Every file that would be sent (relative, posix, sorted). */
export function buildContextFiles(root: string, rules: readonly IgnoreRule[] = readRules(root)): string[] {
  const files: string[] = [];
  const reIncluders = rules.filter((rule) => rule.negated);
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(path.join(root, relativeDir), { withFileTypes: true })) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        // An excluded folder is skipped unless a `!` rule could bring something back from inside it.
        const reachable = reIncluders.some((rule) => rule.literalPrefix.startsWith(`${relative}/`) || rule.literalPrefix === '' || relative.startsWith(rule.literalPrefix));
        if (isIgnored(rules, relative) && !reachable) continue;
        walk(relative);
      } else if (!isIgnored(rules, relative)) {
        files.push(relative);
      }
    }
  };
  walk('');
  return files.sort();
}

function readRules(root: string): IgnoreRule[] {
  try {
    return parseDockerignore(readFileSync(path.join(root, '.dockerignore'), 'utf8'));
  } catch {
    return [];
  }
}

/** File names that hold secrets: environment files, keys and certificates, credential stores. */
const secretLookingNames: readonly RegExp[] = [
  /^\.env(\..*)?$/i, // .env, .env.local, .env.example (examples are kept out too: nothing named .env* is sent)
  /\.env$/i, // secrets.env, production.env
  /\.(pem|key|p12|pfx|jks|keystore|kdbx)$/i,
  /^id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/i,
  /^\.(npmrc|netrc|pgpass|htpasswd)$/i,
  /^kubeconfig/i,
  /^(secrets?|credentials?)(\.[a-z]+)?$/i,
  /(^|[-_.])(secrets?|credentials?)\.(json|ya?ml|txt|ini|toml|conf)$/i,
  /^service-account.*\.json$/i,
];

export const isSecretLookingName = (relativePath: string): boolean =>
  secretLookingNames.some((pattern) => pattern.test(path.posix.basename(relativePath)));

/** The files of the build context whose names look like secrets; empty when the context is clean. */
export function secretsInBuildContext(root: string): string[] {
  return buildContextFiles(root).filter(isSecretLookingName);
}
