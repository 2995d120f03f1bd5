/**
 * `npx tsx scripts/lint-zones.ts`: writes biome.json's `overrides` from the lists below.
 *
 * The structure's import rules, declared once (docs/decisions/011-web-boundaries.md): the zones of
 * the web app and the layers of functions/, each with what it may not import and why. Biome's
 * `noRestrictedImports` takes one set of options per file (a later override replaces an earlier
 * one's, never adds to it), so every override has to repeat the rules of its whole area; here each
 * rule is written once and the overrides are produced. test/unit/lint-zones.test.ts fails when
 * biome.json differs from what this produces, and probes each boundary with Biome itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const WEB_DOC = 'docs/decisions/011-web-boundaries.md';

/** One refused group of import texts (gitignore-style globs: `*` one segment, `**` any, `!` excepts). */
export interface Refusal {
  group: string[];
  importNamePattern?: string;
  message: string;
}

interface Override {
  includes: string[];
  linter: { rules: { style: { noRestrictedImports: { level: 'error'; options: RuleOptions } } } };
}
interface RuleOptions {
  patterns: Refusal[];
  paths: Record<string, string>;
}

/** Every file Biome lints in web/, functions/ and shared/ (the only package refused by name). */
const PATHS = {
  zod: 'Lambda and browser code validate with zod/mini (docs/decisions/013-api-areas-lazy-composition-stream-dispatcher.md): classic zod keeps every method in every bundle.',
};

// ── web/src ─────────────────────────────────────────────────────────────────────────────────────────

/** The rules of every file of web/src, whatever its zone. */
const CLIMBING: Refusal = {
  group: ['../..', '../../**'],
  message: `Import from the web root as '@/…' instead of climbing two or more folders (${WEB_DOC}).`,
};
const ROUTER_COMPONENTS: Refusal = {
  group: ['react-router-dom', 'react-router'],
  importNamePattern: '(Link|NavLink|Form)',
  message:
    "Use Link from '@/components/ui/link': react-router's Link, NavLink and Form bring framework-mode code to every first load (docs/decisions/037-router-components-tree-shaken.md).",
};
/** Refused everywhere but in api/ files (`apiFiles` of a zone). */
const API_CALLS: Refusal = {
  group: ['@/lib/api-client', '../lib/api-client', './api-client'],
  importNamePattern: 'apiCall',
  message: `Only api/ files call the API client: use (or add) the hook of an api/ file, in web/src/lib/api/ or the feature's api/ (${WEB_DOC}).`,
};

export type WebZoneName =
  | 'features'
  | 'shared'
  | 'testing'
  | 'app'
  | 'server'
  | 'first-paint'
  | 'service-worker';

export interface WebZone {
  name: WebZoneName;
  /** Its folders directly under web/src: every folder there is in exactly one zone. */
  folders: string[];
  /** How a refusal names the zone's files ("Shared code (…) may not import …"): a zone with mayNotImport. */
  who?: string;
  /** Why another zone may not import this one: a zone that some mayNotImport names. */
  why?: string;
  /** The zones whose folders its files may not import (`@/<folder>`, and `../<folder>` one level up). */
  mayNotImport: WebZoneName[];
  /** Refusals of its own, beyond the zones it may not import. */
  refuses?: Refusal[];
  /** Its files that refuses/mayNotImport leave alone (they keep the rules of all web/src). */
  except?: string[];
  /** Its files that may call the API client (the rest may not). */
  apiFiles?: string[];
  /** Overrides within the zone, after its own: files that refuse more. */
  within?: { files: string[]; refuses: Refusal[] }[];
}

/**
 * The zones of web/src, in the order of their overrides. Files directly in web/src (main.tsx, the
 * browser's entry) keep the rules of all of web/src only.
 */
export const WEB_ZONES: WebZone[] = [
  {
    name: 'shared',
    folders: ['components', 'lib', 'hooks', 'config', 'styles'],
    who: 'Shared code (web/src/components, lib, hooks, config, styles)',
    mayNotImport: ['features', 'app', 'server'],
    apiFiles: ['web/src/lib/api/**', 'web/src/lib/api-client.test.ts'],
  },
  {
    name: 'testing',
    folders: ['testing'],
    who: 'Test helpers (web/src/testing)',
    // It may mount app's providers and router, as main.tsx does (renderApp).
    mayNotImport: ['features', 'server'],
  },
  {
    name: 'features',
    folders: ['features'],
    who: 'A feature (web/src/features/<feature>)',
    why: 'only web/src/app (its route tables) and web/src/server compose the features: move what is needed out of the feature, to web/src/components, lib or hooks',
    // `@/features/…` is refused even for the feature's own files, which it reaches with './' and
    // '../' (a feature is one folder deep): that is what lets one rule cover every feature, a new
    // folder under features/ included. A relative path into another feature is refused too: from a
    // subfolder it climbs two folders (CLIMBING), from a top-level file it is '../<other>' (below).
    mayNotImport: ['app', 'server'],
    refuses: [
      {
        group: ['@/features', '@/features/**'],
        message: `A feature may not import another feature, and reaches its own files with './' and '../', never '@/features/…': move what two features need to web/src/components, lib or hooks, or compose them in web/src/app (${WEB_DOC}).`,
      },
    ],
    apiFiles: ['web/src/features/*/api/**'],
    within: [
      {
        files: ['web/src/features/*/*'],
        refuses: [
          {
            group: ['../**'],
            message: `A file at the top of a feature imports its own folders with './', and may not import another feature (${WEB_DOC}).`,
          },
        ],
      },
    ],
  },
  {
    name: 'app',
    folders: ['app'],
    why: 'the app composes the features and shared code, not the other way round',
    // Router, providers and the route tables (router.tsx, more-routes.tsx): it may import any
    // feature, and a page that combines several features goes here.
    mayNotImport: [],
  },
  {
    name: 'server',
    folders: ['server'],
    why: 'the server render imports the app, and in web/src only the entry, main.tsx, takes its types',
    // The render of the app's pages (decision 052): like the app, it may import any feature.
    mayNotImport: [],
  },
  {
    name: 'first-paint',
    folders: ['first-paint'],
    mayNotImport: [],
    refuses: [
      {
        group: ['@/**', '../**'],
        message:
          'First-paint code (web/src/first-paint) imports only its own files: load-app.ts is a build entry of its own that must stay a few hundred bytes, and early-taps.ts runs in every document before the app (docs/decisions/034-first-paint-before-the-app.md).',
      },
    ],
    except: ['**/*.test.ts', '**/*.test.tsx'],
  },
  {
    name: 'service-worker',
    folders: ['service-worker'],
    // A build entry of its own: the rules of all of web/src only.
    mayNotImport: [],
  },
];

const zoneByName = (name: WebZoneName): WebZone => {
  const zone = WEB_ZONES.find((z) => z.name === name);
  if (!zone) throw new Error(`no web zone ${name}`);
  return zone;
};

/** What `from` is told when it imports `to`. */
function zoneRefusal(from: WebZone, to: WebZone): Refusal {
  const aliases = to.folders.flatMap((f) => [`@/${f}`, `@/${f}/**`]);
  // One level below web/src, '../<folder>' is that folder; deeper, '../../…' is CLIMBING's. Inside
  // a feature '../x' is the feature's own folder: that zone's relative refusals are its `within`.
  const relative = from.name === 'features' ? [] : to.folders.flatMap((f) => [`../${f}`, `../${f}/**`]);
  if (!from.who || !to.why) throw new Error(`web zone ${from.who ? to.name : from.name} lacks a who or why`);
  const folders = to.folders.map((f) => `web/src/${f}`).join(', ');
  return {
    group: [...aliases, ...relative],
    message: `${from.who} may not import ${folders}: ${to.why} (${WEB_DOC}).`,
  };
}

function ruleOf(includes: string[], patterns: Refusal[]): Override {
  return {
    includes,
    linter: {
      rules: {
        style: { noRestrictedImports: { level: 'error', options: { patterns, paths: { ...PATHS } } } },
      },
    },
  };
}

/** web/src's overrides: all of web/src first, then each zone that refuses more (a later one wins). */
export function webOverrides(): Override[] {
  const area = (callsApi: boolean) => [CLIMBING, ROUTER_COMPONENTS, ...(callsApi ? [] : [API_CALLS])];
  const overrides = [ruleOf(['web/src/**'], area(false))];
  for (const zone of WEB_ZONES) {
    const own = [
      ...zone.mayNotImport.map((to) => zoneRefusal(zone, zoneByName(to))),
      ...(zone.refuses ?? []),
    ];
    if (own.length === 0) continue;
    const files = [...zone.folders.map((f) => `web/src/${f}/**`), ...(zone.except ?? []).map((g) => `!${g}`)];
    overrides.push(ruleOf(files, [...area(false), ...own]));
    // An inner override replaces the zone's, so it repeats the zone's refusals after its own.
    for (const inner of zone.within ?? [])
      overrides.push(ruleOf(inner.files, [...area(false), ...inner.refuses, ...own]));
    if (zone.apiFiles) overrides.push(ruleOf(zone.apiFiles, [...area(true), ...own]));
  }
  return overrides;
}

// ── functions/ and shared/ ──────────────────────────────────────────────────────────────────────────

const ADAPTERS: Refusal = {
  group: ['**/adapters/**'],
  message: 'Only the composition root (functions/app) knows the adapters.',
};
const ABOVE: Refusal = {
  group: ['**/handlers/**', '**/http/**', '**/stream/**'],
  message: 'Handlers and event-source routers sit above this layer.',
};
const APP: Refusal = {
  group: ['**/app/**'],
  message: 'The composition root (functions/app) sits above every layer: nothing imports it.',
};
const AWS_SDK: Refusal = {
  group: ['@aws-sdk/*'],
  message: 'Only adapters talk to AWS: this layer works through ports (docs/architecture.md, layers).',
};
const NOT_TESTS = '!**/*.test.ts';

/**
 * functions/ in layers: the composition root (app) → handlers, http, stream → services → ports and
 * commons ← adapters. Each layer may not import the layers above it nor the adapters (but the
 * composition root, which imports everything and is not listed). Tests may reach across.
 */
export const FUNCTION_LAYERS: { files: string[]; refuses: Refusal[] }[] = [
  {
    files: ['functions/commons/**', 'functions/ports/**', NOT_TESTS],
    refuses: [
      ADAPTERS,
      { group: ['**/services/**'], message: 'This layer sits below the services.' },
      ABOVE,
      APP,
      AWS_SDK,
    ],
  },
  {
    // The import script's product reader and the moderation corpus are tools run locally, not rules.
    files: [
      'functions/services/**',
      '!functions/services/publishing/product-import.ts',
      '!functions/services/moderation/corpus.ts',
      NOT_TESTS,
    ],
    refuses: [
      ADAPTERS,
      ABOVE,
      APP,
      AWS_SDK,
      { group: ['aws-lambda'], message: 'Services know no Lambda or HTTP types: handlers translate.' },
    ],
  },
  {
    files: ['functions/adapters/**', NOT_TESTS],
    refuses: [
      {
        group: ['**/services/**'],
        message: 'Adapters implement ports; they never call services (the composition root combines them).',
      },
      ABOVE,
      APP,
    ],
  },
  {
    files: ['functions/handlers/**', 'functions/http/**', 'functions/stream/**', NOT_TESTS],
    // The stream's record decoding is the event's shape, shared with the stream dispatcher.
    refuses: [
      { ...ADAPTERS, group: ['**/adapters/**', '!**/adapters/dynamodb/stream-records'] },
      APP,
      AWS_SDK,
    ],
  },
  {
    files: ['shared/**', NOT_TESTS],
    refuses: [
      {
        group: ['**/functions/**', '**/infra/**', '**/scripts/**', '**/web/**'],
        message: 'shared/ is used by the web app and the functions: it imports neither.',
      },
      { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*'], message: 'shared/ runs in the browser too.' },
    ],
  },
];

/** biome.json's `overrides`, in order. */
export function biomeOverrides(): Override[] {
  return [...webOverrides(), ...FUNCTION_LAYERS.map((layer) => ruleOf(layer.files, layer.refuses))];
}

export const BIOME_JSON = join(ROOT, 'biome.json');

/** Writes the overrides into biome.json (the rest of it is kept) and lets Biome format it. */
export function writeBiomeJson(): void {
  const config = JSON.parse(readFileSync(BIOME_JSON, 'utf8'));
  config.overrides = biomeOverrides();
  writeFileSync(BIOME_JSON, `${JSON.stringify(config, null, 2)}\n`);
  const biome = join(ROOT, 'node_modules', '.bin', 'biome');
  const r = spawnSync(biome, ['format', '--write', BIOME_JSON], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('biome format failed on biome.json');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeBiomeJson();
