import { RUNTIME_CONFIG_PATH, type RuntimeConfig, runtimeConfigSchema } from '#shared/runtime-config';

/**
 * The SPA's runtime configuration (/runtime-config.json), parsed with the shared schema. Only the
 * accounts screens need it, so it is fetched on demand and never blocks the first paint.
 */
export class RuntimeConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Configuración de ejecución no válida (${RUNTIME_CONFIG_PATH}):\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
    this.name = 'RuntimeConfigError';
  }
}

/** Validates a raw value, throwing a readable list of every missing or invalid key. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new RuntimeConfigError(
    parsed.error.issues.map((issue) => `${issue.path.join('.') || '(raíz)'}: ${issue.message}`),
  );
}

let pending: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch(RUNTIME_CONFIG_PATH, { headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw new RuntimeConfigError([`${RUNTIME_CONFIG_PATH}: HTTP ${res.status}`]);
      return parseRuntimeConfig(await res.json());
    })
    .catch((err: unknown) => {
      pending = undefined; // let a later call retry
      throw err;
    });
  return pending;
}

/** Test seam: the next load fetches the config again. */
export function forgetRuntimeConfigForTests(): void {
  pending = undefined;
}
