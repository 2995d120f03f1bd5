/** Types of artifacts.mjs (plain JavaScript: scripts/ensure.mjs runs it before anything is installed). */
export interface OpenSearchArtifacts {
  /** The cache folder of this pom.xml and launcher. */
  dir: string;
  version: string;
  /** The launcher's jar first, then the jars Maven resolved. */
  classPath: string[];
  /** The class-data archive of a warm-up start, or null (findOpenSearchArtifacts: not written yet). */
  archive: string | null;
}
export const LAUNCHER_CLASS: string;
export const OPENSEARCH_JVM_OPTIONS: string[];
export const CACHE: string;
export class OpenSearchArtifactsError extends Error {}
export function openSearchVersion(): string;
export function openSearchArtifactsDir(): string;
export function findOpenSearchArtifacts(): OpenSearchArtifacts | null;
export function ensureOpenSearchArtifacts(options?: { log?: (message: string) => void }): OpenSearchArtifacts;
