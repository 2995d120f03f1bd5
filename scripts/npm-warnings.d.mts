/** Types of npm-warnings.mjs (plain JavaScript: scripts/ensure.mjs runs it before anything is installed). */
export function dependencyWarnings(output: string): string[];
export function warningKinds(lines: string[]): Map<string, number>;
export function warningsMessage(lines: string[], command?: string): string | undefined;
