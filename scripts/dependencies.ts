// What the code imports, compared with what package.json declares (docs/decisions/010-dependencies.md).
// Used by test/unit/dependencies.test.ts; `npx tsx scripts/dependencies.ts` prints where each declared
// package is used and anything undeclared or unused. Plain Node, no parser dependency: a small lexer
// blanks comments and hides string contents, so only real import statements are read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Source folders and files that are read, and what inside them is not. */
const SOURCES = ['functions', 'shared', 'web', 'scripts', 'test', 'infra', 'vitest.config.ts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.data', 'coverage', 'fixtures']);
const SOURCE_FILE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

export interface FoundImport {
  specifier: string;
  /** `import type`, `export type … from`, `typeof import('…')`: erased, never loaded at run time. */
  typeOnly: boolean;
}

/**
 * The module specifiers a JavaScript/TypeScript source names: static imports and re-exports,
 * side-effect imports, dynamic `import('…')` (also in types) and `require('…')` with a literal.
 * Comments are ignored, and so is anything inside strings or template literals.
 */
export function findImports(source: string): FoundImport[] {
  const strings: string[] = [];
  let code = '';
  let i = 0;
  let last = ''; // last significant character of code, to tell a regular expression from a division
  let word = ''; // last identifier-like word of code
  const templateBraces: number[] = []; // brace depth at each open `${`
  let braces = 0;

  const keepsRegex = /[(,=:[!&|?{};+\-*%<>~^]/;
  const regexAfterWord = new Set([
    'return',
    'typeof',
    'case',
    'do',
    'else',
    'in',
    'of',
    'new',
    'delete',
    'void',
    'throw',
    'yield',
    'await',
  ]);

  const skipTemplate = (): void => {
    // i is just past '`' or just past the '}' closing a `${…}`; consume to the closing '`' or an open '${'.
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        i += 2;
      } else if (c === '`') {
        i++;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        templateBraces.push(braces);
        braces++;
        return;
      } else {
        i++;
      }
    }
  };

  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      code += ' ';
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      while (j < source.length && source[j] !== c && source[j] !== '\n') {
        if (source[j] === '\\') {
          value += source[j + 1] ?? '';
          j += 2;
        } else {
          value += source[j];
          j++;
        }
      }
      strings.push(value);
      code += `"§${strings.length - 1}"`;
      i = j + 1;
      last = '"';
      word = '';
      continue;
    }
    if (c === '`') {
      i++;
      skipTemplate();
      code += '``';
      last = '`';
      word = '';
      continue;
    }
    if (c === '/' && (last === '' || keepsRegex.test(last) || regexAfterWord.has(word))) {
      // A regular expression literal: skip it, classes and escapes included.
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n') {
        const r = source[j];
        if (r === '\\') j++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        j++;
      }
      i = j + 1;
      code += '/re/';
      last = '/';
      word = '';
      continue;
    }
    if (c === '{') braces++;
    if (c === '}') {
      braces--;
      if (templateBraces.length > 0 && templateBraces[templateBraces.length - 1] === braces) {
        templateBraces.pop();
        i++;
        skipTemplate();
        code += '``';
        last = '`';
        word = '';
        continue;
      }
    }
    code += c;
    if (/[\w$]/.test(c)) {
      word = /[\w$]/.test(source[i - 1] ?? '') ? word + c : c;
      last = c;
    } else if (!/\s/.test(c)) {
      last = c;
      word = '';
    }
    i++;
  }

  const found: FoundImport[] = [];
  const at = (index: string) => strings[Number(index)];
  const statement = /\b(import|export)\s+(type\s+)?(?:[\w$*{}\s,]*?\bfrom\s*)?"§(\d+)"/g;
  for (const m of code.matchAll(statement)) found.push({ specifier: at(m[3]), typeOnly: Boolean(m[2]) });
  const dynamic = /(\btypeof\s+)?\bimport\s*\(\s*"§(\d+)"\s*[,)]/g;
  for (const m of code.matchAll(dynamic)) found.push({ specifier: at(m[2]), typeOnly: Boolean(m[1]) });
  const required = /(?<![\w$.])require(?:\.resolve)?\s*\(\s*"§(\d+)"\s*\)/g;
  for (const m of code.matchAll(required)) found.push({ specifier: at(m[1]), typeOnly: false });
  return found;
}

/** The package a bare specifier names, or undefined for relative paths, builtins, `#…` imports and virtual modules. */
export function packageOf(specifier: string): string | undefined {
  // Relative paths, package.json imports (#shared/…), the web's @/ alias, built-ins and Vite's virtual modules.
  if (/^(?:\.|\/|#|@\/|node:|virtual:)/.test(specifier) || isBuiltin(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export interface Use {
  file: string;
  typeOnly: boolean;
}

/** Files that ship: Lambda code and the web app, not their tests and test helpers (`…/testing/`). */
export function isProductionFile(file: string): boolean {
  return /^(?:functions|shared|web\/src)\//.test(file) && !/\.test\.[cm]?[jt]sx?$|\/testing\//.test(file);
}

function sourceFiles(path: string, files: string[] = []): string[] {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const name of readdirSync(path)) {
      if (!SKIP_DIRS.has(name)) sourceFiles(join(path, name), files);
    }
  } else if (SOURCE_FILE.test(path)) {
    files.push(path);
  }
  return files;
}

/** Every package the sources import, with the files (relative to the root) that import it. */
export function collectImports(root = ROOT): Map<string, Use[]> {
  const uses = new Map<string, Use[]>();
  const add = (name: string, use: Use) => {
    const list = uses.get(name) ?? [];
    list.push(use);
    uses.set(name, list);
  };
  for (const entry of SOURCES) {
    for (const path of sourceFiles(join(root, entry))) {
      const file = relative(root, path).split('\\').join('/');
      const source = readFileSync(path, 'utf8');
      for (const { specifier, typeOnly } of findImports(source)) {
        const name = packageOf(specifier);
        if (name) add(name, { file, typeOnly });
      }
      // `// @vitest-environment happy-dom` loads that package for the file's tests.
      for (const m of source.matchAll(/^\s*(?:\/\/|\/?\*+)\s*@vitest-environment\s+(\S+)/gm))
        add(m[1], { file, typeOnly: false });
    }
  }
  return uses;
}

export interface Manifest {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
}

export function readJson<T>(file: string, root = ROOT): T {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
}

/** The command lines the project runs: where a package's CLI counts as used. */
export function commandText(root = ROOT): string {
  const manifest = readJson<Manifest>('package.json', root);
  return [
    ...Object.values(manifest.scripts),
    readFileSync(join(root, 'cdk.json'), 'utf8'),
    readFileSync(join(root, '.ci', 'run'), 'utf8'),
    readFileSync(join(root, 'scripts', 'test.mjs'), 'utf8'),
  ].join('\n');
}

/** The executables a package installs (its package.json `bin`). */
export function binsOf(name: string, root = ROOT): string[] {
  const pkg = readJson<{ bin?: string | Record<string, string> }>(
    join('node_modules', name, 'package.json'),
    root,
  );
  if (!pkg.bin) return [];
  return typeof pkg.bin === 'string' ? [name.split('/').pop()!] : Object.keys(pkg.bin);
}

/** `@types/foo` types `foo`, `@types/scope__name` types `@scope/name`. */
export function typedPackage(typesName: string): string {
  const bare = typesName.slice('@types/'.length);
  return bare.includes('__') ? `@${bare.replace('__', '/')}` : bare;
}

// `npx tsx scripts/dependencies.ts`: where each declared package is used.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const manifest = readJson<Manifest>('package.json');
  const uses = collectImports();
  const declared = { ...manifest.dependencies, ...manifest.devDependencies };
  for (const [section, deps] of [
    ['dependencies', manifest.dependencies],
    ['devDependencies', manifest.devDependencies],
  ] as const) {
    process.stdout.write(`${section}\n`);
    for (const name of Object.keys(deps)) {
      const files = [...new Set((uses.get(name) ?? []).map((u) => u.file))];
      const where = files.length
        ? `${files.slice(0, 3).join(', ')}${files.length > 3 ? `, +${files.length - 3}` : ''}`
        : '(not imported)';
      process.stdout.write(`  ${name.padEnd(44)} ${where}\n`);
    }
  }
  const undeclared = [...uses.keys()].filter((n) => !(n in declared) && !(`@types/${n}` in declared));
  process.stdout.write(`undeclared imports: ${undeclared.length ? undeclared.join(', ') : 'none'}\n`);
}
