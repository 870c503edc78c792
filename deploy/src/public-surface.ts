/**
 * The public surface of a versioned library (`@fragtbud/web`, `@fragtbud/contracts`): every name its package.json
 * `exports` entries export, with its kind and its type as TypeScript sees it — what a remote built against one version
 * may rely on in another. It is kept next to the package (`public-surface.txt`, headed by the version it describes),
 * so a change to the surface shows in review and the version must move with it (issue 27):
 *
 * - a name removed → a major bump; a name added or its type changed → at least a minor bump (major when the change
 *   breaks callers: the changeset's author says so, this check cannot tell a narrowed parameter from a widened one);
 * - bumps come from changesets (`npx changeset`, then `npx changeset version`), then `npm run surface:update` records
 *   the new surface under the new version; `surface:update` refuses to record a changed surface under an old version.
 *
 * The Module Federation singletons follow on their own: every app shares `@fragtbud/web` with `requiredVersion`
 * `^<major>` of the version it was built against (libs/web `federatedAppConfig`), so a remote built before a major
 * bump is refused by a shell built after it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import ts from 'typescript';

export const SURFACE_FILE = 'public-surface.txt';

/** The libraries whose versions are promises to separately released front ends. */
export const VERSIONED_LIBRARIES = ['libs/web', 'libs/contracts'] as const;

export interface Surface {
  name: string;
  version: string;
  /** `<entry> <export>` → `<kind> <type>`, one per exported name. */
  entries: Map<string, string>;
}

interface PackageManifest {
  name: string;
  version: string;
  exports: Record<string, string>;
}

function readManifest(packageDir: string): PackageManifest {
  return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as PackageManifest;
}

const TYPE_FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.WriteArrayAsGenericType;

/** A long type text is kept short but still changes when the type does: its head and a hash of the whole. */
function compact(text: string): string {
  // `import("./ui").FieldProps` → `FieldProps`: where a type lives inside the package is not part of its surface.
  const oneLine = text.replace(/import\("[^"]*"\)\./g, '').replace(/\s+/g, ' ');
  if (oneLine.length <= 240) return oneLine;
  return `${oneLine.slice(0, 160)} … #${createHash('sha256').update(oneLine).digest('hex').slice(0, 12)}`;
}

/** An interface's own members (not what it extends from React's DOM types) and what it extends, as written. */
function describeInterface(checker: ts.TypeChecker, declarations: readonly ts.InterfaceDeclaration[]): string {
  const heritage = declarations.flatMap((declaration) =>
    (declaration.heritageClauses ?? []).flatMap((clause) => clause.types.map((type) => type.getText())),
  );
  const members = declarations
    .flatMap((declaration) => [...declaration.members])
    .map((member) => {
      const symbol = (member as { symbol?: ts.Symbol }).symbol;
      if (!symbol) return member.getText().replace(/\/\*\*[\s\S]*?\*\//g, '');
      const optional = symbol.flags & ts.SymbolFlags.Optional ? '?' : '';
      return `${symbol.name}${optional}: ${compact(checker.typeToString(checker.getTypeOfSymbolAtLocation(symbol, member), member, TYPE_FLAGS))}`;
    })
    .sort();
  return `interface ${heritage.length > 0 ? `extends ${heritage.join(', ')} ` : ''}{ ${members.join('; ')} }`;
}

/**
 * A call signature by its parameters' types and its return type, without the parameters' names: renaming or
 * destructuring a parameter differently does not change what a caller may pass.
 */
function describeSignature(checker: ts.TypeChecker, signature: ts.Signature, at: ts.Node): string {
  const typeParameters = signature.getTypeParameters()?.map((parameter) => checker.typeToString(parameter, at, TYPE_FLAGS));
  const parameters = signature.getParameters().map((parameter) => {
    const declaration = parameter.valueDeclaration;
    const optional =
      declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer) ? '?' : '';
    const rest = declaration && ts.isParameter(declaration) && declaration.dotDotDotToken ? '...' : '';
    return `${rest}${optional}${checker.typeToString(checker.getTypeOfSymbolAtLocation(parameter, at), at, TYPE_FLAGS)}`;
  });
  const generics = typeParameters && typeParameters.length > 0 ? `<${typeParameters.join(', ')}>` : '';
  return `${generics}(${parameters.join(', ')}) => ${checker.typeToString(signature.getReturnType(), at, TYPE_FLAGS)}`;
}

/** The kind and type text of one exported symbol. */
function describe(checker: ts.TypeChecker, symbol: ts.Symbol, at: ts.Node): string {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const parts: string[] = [];
  const interfaces = (target.declarations ?? []).filter(ts.isInterfaceDeclaration);
  if (interfaces.length > 0) {
    parts.push(describeInterface(checker, interfaces));
  } else if (target.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(target);
    parts.push(`type ${compact(checker.typeToString(type, at, TYPE_FLAGS | ts.TypeFormatFlags.InTypeAlias))}`);
  }
  if (target.flags & ts.SymbolFlags.Value) {
    const kind = target.flags & ts.SymbolFlags.Function ? 'function' : target.flags & ts.SymbolFlags.Class ? 'class' : 'const';
    const type = checker.getTypeOfSymbolAtLocation(target, at);
    const signatures = type.getCallSignatures();
    const callable = signatures.length > 0 && type.getProperties().length === 0;
    const text = callable
      ? signatures.map((signature) => describeSignature(checker, signature, at)).join(' | ')
      : checker.typeToString(type, at, TYPE_FLAGS);
    parts.push(`${kind} ${compact(text)}`);
  }
  return parts.join(' & ');
}

/** Reads the surface the package's TypeScript exports have now. */
export function currentSurface(packageDir: string): Surface {
  const manifest = readManifest(packageDir);
  const entryFiles = Object.entries(manifest.exports)
    .filter(([, file]) => /\.tsx?$/.test(file))
    .map(([entry, file]) => ({ entry, file: path.resolve(packageDir, file) }));

  const configPath = path.join(packageDir, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    },
  });
  if (!config) throw new Error(`${configPath} cannot be read`);
  const program = ts.createProgram({ rootNames: entryFiles.map(({ file }) => file), options: config.options });
  const checker = program.getTypeChecker();

  const entries = new Map<string, string>();
  for (const { entry, file } of entryFiles) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!source || !moduleSymbol) throw new Error(`${file} (export '${entry}') is not a module`);
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      entries.set(`${entry} ${symbol.name}`, describe(checker, symbol, source));
    }
  }
  return { name: manifest.name, version: manifest.version, entries: new Map([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

export function formatSurface(surface: Surface): string {
  const lines = [...surface.entries].map(([key, description]) => `${key}: ${description}`);
  return [
    `# ${surface.name} ${surface.version}`,
    '# The public surface of this version (deploy/src/public-surface.ts). Do not edit by hand: change the version with a',
    '# changeset (`npx changeset`, `npx changeset version`), then run `npm run surface:update`.',
    ...lines,
    '',
  ].join('\n');
}

export function parseSurface(text: string): Surface {
  const [header = '', ...rest] = text.split('\n');
  const [, name, version] = /^# (\S+) (\S+)$/.exec(header) ?? [];
  if (!name || !version) throw new Error(`not a public surface file: '${header}'`);
  const entries = new Map<string, string>();
  for (const line of rest) {
    if (line === '' || line.startsWith('#')) continue;
    const colon = line.indexOf(': ');
    entries.set(line.slice(0, colon), line.slice(colon + 2));
  }
  return { name, version, entries };
}

export function recordedSurface(packageDir: string): Surface | null {
  const file = path.join(packageDir, SURFACE_FILE);
  return existsSync(file) ? parseSurface(readFileSync(file, 'utf8')) : null;
}

export type Bump = 'none' | 'minor' | 'major';

export interface SurfaceChange {
  bump: Bump;
  added: string[];
  removed: string[];
  changed: string[];
}

/** What moved between two surfaces, and the least version bump it needs. */
export function compareSurfaces(before: Surface, after: Surface): SurfaceChange {
  const added = [...after.entries.keys()].filter((key) => !before.entries.has(key));
  const removed = [...before.entries.keys()].filter((key) => !after.entries.has(key));
  const changed = [...after.entries.keys()].filter(
    (key) => before.entries.has(key) && before.entries.get(key) !== after.entries.get(key),
  );
  // A removed name breaks every caller; whether a changed type breaks callers (a narrowed parameter) or not (a widened
  // one, an added optional prop, a reworded text) only its author can tell, so it needs at least a minor bump and the
  // changeset says major when it breaks.
  const bump: Bump = removed.length > 0 ? 'major' : changed.length > 0 || added.length > 0 ? 'minor' : 'none';
  return { bump, added, removed, changed };
}

function parseVersion(version: string): [number, number, number] {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`'${version}' is not a semantic version`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The bump from one version to the next ('none' for a patch or no change; a downgrade is an error). */
export function bumpBetween(from: string, to: string): Bump | 'patch' {
  const [fromMajor, fromMinor, fromPatch] = parseVersion(from);
  const [toMajor, toMinor, toPatch] = parseVersion(to);
  if (toMajor !== fromMajor) {
    if (toMajor < fromMajor) throw new Error(`version ${to} is lower than ${from}`);
    return 'major';
  }
  if (toMinor !== fromMinor) {
    if (toMinor < fromMinor) throw new Error(`version ${to} is lower than ${from}`);
    // Before 1.0 a minor bump is the breaking one (semver's 0.x rule; `compatibleRange` is `^0.<minor>` there).
    return fromMajor === 0 ? 'major' : 'minor';
  }
  if (toPatch < fromPatch) throw new Error(`version ${to} is lower than ${from}`);
  return toPatch === fromPatch ? 'none' : 'patch';
}

const RANK = { none: 0, patch: 1, minor: 2, major: 3 } as const;

/** The problems, if any, with recording `current` over `recorded` (empty: the version matches the surface). */
export function versionProblems(recorded: Surface, current: Surface): string[] {
  const change = compareSurfaces(recorded, current);
  if (change.bump === 'none') return [];
  const made = bumpBetween(recorded.version, current.version);
  if (RANK[made] >= RANK[change.bump]) return [];
  const listed = [
    ...change.removed.map((key) => `  removed: ${key}`),
    ...change.changed.map((key) => `  changed: ${key}`),
    ...change.added.map((key) => `  added:   ${key}`),
  ];
  return [
    `${current.name}'s public surface changed since ${recorded.version} and needs a ${change.bump} version bump, ` +
      `but the version is ${current.version}. Add a changeset (\`npx changeset\`, pick ${current.name}, ${change.bump}), ` +
      'apply it (`npx changeset version`), then `npm run surface:update`.',
    ...listed.slice(0, 40),
    ...(listed.length > 40 ? [`  … and ${listed.length - 40} more`] : []),
  ];
}
