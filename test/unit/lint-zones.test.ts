// The structure's import rules (scripts/lint-zones.ts, docs/decisions/011-web-boundaries.md): biome.json
// is what the zone lists produce, the zones name real folders, and Biome itself still refuses each
// crossing, probed with files written where they would break a boundary.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIOME_JSON, biomeOverrides, ROOT, WEB_ZONES } from '../../scripts/lint-zones';

const biomeConfig = () => JSON.parse(readFileSync(BIOME_JSON, 'utf8'));

/** A feature folder that does not exist: its files must get the feature rules with no edit anywhere. */
const NEW_FEATURE = 'zz-new-feature';

interface Probe {
  /** Where the probe file is written, from the repository's root. */
  file: string;
  source: string;
  /** A fragment of the message Biome must refuse it with; none: Biome must let it be. */
  refused?: string;
}

const FEATURE_TO_FEATURE = 'A feature may not import another feature';
const probes: Probe[] = [
  // A feature importing another feature, every way it could be written.
  {
    file: 'web/src/features/marketplace/components/p1.tsx',
    source: "import { x } from '@/features/product/api/get-product';",
    refused: FEATURE_TO_FEATURE,
  },
  {
    file: `web/src/features/${NEW_FEATURE}/components/p2.tsx`,
    source: "import { x } from '@/features/marketplace/components/filter-controls';",
    refused: FEATURE_TO_FEATURE,
  },
  {
    file: `web/src/features/${NEW_FEATURE}/p3.ts`,
    source: "import { x } from '../marketplace/components/filter-controls';",
    refused: 'A file at the top of a feature',
  },
  {
    file: `web/src/features/${NEW_FEATURE}/hooks/p4.ts`,
    source: "import { x } from '../../marketplace/components/filter-controls';",
    refused: 'instead of climbing two or more folders',
  },
  {
    file: 'web/src/features/product/api/p5.ts',
    source: "import { x } from '@/features/marketplace/api/get-products';",
    refused: FEATURE_TO_FEATURE,
  },
  // A feature importing the app or the server render.
  {
    file: 'web/src/features/product/components/p6.tsx',
    source: "import { x } from '@/app/router';",
    refused: 'may not import web/src/app',
  },
  {
    file: `web/src/features/${NEW_FEATURE}/components/p7.tsx`,
    source: "import { x } from '@/server/document';",
    refused: 'may not import web/src/server',
  },
  // Shared code and test helpers importing a feature, the app or the server render.
  {
    file: 'web/src/lib/p8.ts',
    source: "import { x } from '@/features/product/api/get-product';",
    refused: 'Shared code',
  },
  {
    file: 'web/src/lib/p9.ts',
    source: "import { x } from '../features/product/api/get-product';",
    refused: 'Shared code',
  },
  {
    file: 'web/src/components/ui/p10.tsx',
    source: "import { x } from '@/app/provider';",
    refused: 'may not import web/src/app',
  },
  {
    file: 'web/src/hooks/p11.ts',
    source: "import { x } from '@/server/entry-server';",
    refused: 'may not import web/src/server',
  },
  {
    file: 'web/src/lib/api/p12.ts',
    source: "import { x } from '@/features/product/api/get-product';",
    refused: 'Shared code',
  },
  {
    file: 'web/src/testing/p13.tsx',
    source: "import { x } from '@/features/product/api/get-product';",
    refused: 'Test helpers',
  },
  // First-paint code imports only its own files.
  {
    file: 'web/src/first-paint/p14.ts',
    source: "import { x } from '@/lib/session';",
    refused: 'First-paint code',
  },
  {
    file: 'web/src/first-paint/p15.ts',
    source: "import { x } from '../app/router';",
    refused: 'First-paint code',
  },
  // The rules of all of web/src.
  {
    file: 'web/src/components/p16.tsx',
    source: "import { apiCall } from '@/lib/api-client';",
    refused: 'Only api/ files call the API client',
  },
  {
    file: 'web/src/app/p17.tsx',
    source: "import { Link } from 'react-router-dom';",
    refused: "Use Link from '@/components/ui/link'",
  },
  { file: 'web/src/server/p18.ts', source: "import * as z from 'zod';", refused: 'zod/mini' },
  // functions/ in layers.
  {
    file: 'functions/ports/p19.ts',
    source: "import { x } from '../adapters/dynamodb/products';",
    refused: 'Only the composition root',
  },
  {
    file: 'functions/commons/p20.ts',
    source: "import { x } from '@aws-sdk/client-s3';",
    refused: 'Only adapters talk to AWS',
  },
  {
    file: 'functions/services/p21.ts',
    source: "import type { x } from 'aws-lambda';",
    refused: 'Services know no Lambda',
  },
  {
    file: 'functions/services/p22.ts',
    source: "import { x } from '../http/router';",
    refused: 'Handlers and event-source',
  },
  {
    file: 'functions/adapters/p23.ts',
    source: "import { x } from '../services/products';",
    refused: 'they never call services',
  },
  {
    file: 'functions/handlers/p24.ts',
    source: "import { x } from '../app/context';",
    refused: 'nothing imports it',
  },
  {
    file: 'functions/http/p25.ts',
    source: "import { x } from '../adapters/dynamodb/products';",
    refused: 'Only the composition root',
  },
  {
    file: 'shared/p26.ts',
    source: "import { x } from '../web/src/lib/session';",
    refused: 'imports neither',
  },
  {
    file: 'shared/p27.ts',
    source: "import { x } from '@aws-sdk/client-s3';",
    refused: 'runs in the browser too',
  },

  // What the zones allow.
  { file: 'web/src/features/product/components/p28.tsx', source: "import { x } from '../hooks/use-x';" },
  {
    file: 'web/src/features/product/components/p29.tsx',
    source: "import { x } from '@/first-paint/app-scripts';",
  },
  { file: `web/src/features/${NEW_FEATURE}/p30.ts`, source: "import { x } from './components/x';" },
  { file: 'web/src/features/product/api/p31.ts', source: "import { apiCall } from '@/lib/api-client';" },
  { file: 'web/src/lib/api/p32.ts', source: "import { apiCall } from '../api-client';" },
  { file: 'web/src/app/p33.tsx', source: "import { x } from '@/features/product/routes/product';" },
  { file: 'web/src/server/p34.ts', source: "import { x } from '../features/product/api/get-product';" },
  { file: 'web/src/testing/p35.tsx', source: "import { x } from '@/app/router';" },
  { file: 'web/src/p36.tsx', source: "import type { x } from './server/entry-server';" },
  { file: 'web/src/first-paint/p37.ts', source: "import { x } from './app-scripts';" },
  { file: 'functions/handlers/p38.ts', source: "import { x } from '../adapters/dynamodb/stream-records';" },
];

/** Two files that import each other's types only: still a cycle. */
const CYCLE = {
  'web/src/lib/cycle-a.ts': "import type { B } from './cycle-b';\nexport type A = { b: B };\n",
  'web/src/lib/cycle-b.ts': "import type { A } from './cycle-a';\nexport type B = { a?: A };\n",
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let workspace: string;
let diagnostics: Diagnostic[];
const diagnosticsOf = (file: string, category: string) =>
  diagnostics.filter((d) => d.location.path === file && d.category === category);

// One Biome run over every probe, in a copy of the workspace that holds biome.json and the probes only.
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'lint-zones-'));
  const config = biomeConfig();
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(workspace, 'biome.json'), JSON.stringify(config));
  const files: Record<string, string> = { ...CYCLE };
  for (const probe of probes) files[probe.file] = `${probe.source}\nexport {};\n`;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(workspace, dirname(file)), { recursive: true });
    writeFileSync(join(workspace, file), text);
  }
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: workspace, encoding: 'utf8' },
  );
  diagnostics = JSON.parse(r.stdout).diagnostics;
});

afterAll(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
});

describe('biome.json', () => {
  it('has the overrides scripts/lint-zones.ts produces (run `npx tsx scripts/lint-zones.ts` after editing it)', () => {
    expect(biomeConfig().overrides).toEqual(biomeOverrides());
  });

  it('refuses import cycles, of types too', () => {
    const cycles = biomeConfig().linter.rules.suspicious.noImportCycles;
    expect(cycles).toEqual({ level: 'error', options: { ignoreTypes: false } });
    for (const file of Object.keys(CYCLE))
      expect(diagnosticsOf(file, 'lint/suspicious/noImportCycles')).toHaveLength(1);
  });

  it('names only files and folders that exist', () => {
    const messages = biomeOverrides().flatMap((o) =>
      o.linter.rules.style.noRestrictedImports.options.patterns.map((p) => p.message),
    );
    const named = new Set(
      messages.flatMap((m) => m.match(/\b(?:web|functions|shared|docs)\/[\w./-]*[\w]/g) ?? []),
    );
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});

describe('the web zones', () => {
  it('hold every folder of web/src, each in one zone, and every folder they name exists', () => {
    const folders = readdirSync(join(ROOT, 'web/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const zoned = WEB_ZONES.flatMap((zone) => zone.folders);
    expect([...zoned].sort()).toEqual([...folders].sort());
  });

  it('cover every feature with one rule: biome.json names no feature', () => {
    // The probes below write files into a feature folder that exists nowhere (NEW_FEATURE).
    expect(existsSync(join(ROOT, 'web/src/features', NEW_FEATURE))).toBe(false);
    const text = readFileSync(BIOME_JSON, 'utf8');
    const features = readdirSync(join(ROOT, 'web/src/features'));
    expect(features.length).toBeGreaterThan(10);
    expect(features.filter((feature) => text.includes(`features/${feature}`))).toEqual([]);
  });
});

describe('Biome on probe imports', () => {
  it.each(probes.filter((p): p is Required<Probe> => p.refused !== undefined))(
    'refuses $file: $source',
    ({ file, refused }) => {
      const found = diagnosticsOf(file, 'lint/style/noRestrictedImports');
      expect(found.map((d) => d.message)).toEqual([expect.stringContaining(refused)]);
    },
  );

  it.each(probes.filter((p) => !p.refused))('lets $file be: $source', ({ file }) => {
    expect(diagnosticsOf(file, 'lint/style/noRestrictedImports')).toEqual([]);
  });
});
