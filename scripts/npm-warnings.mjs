// What npm's install output says about the project's own dependency choices (decision 049): plain
// Node, no dependencies, because scripts/ensure.mjs uses it before anything is installed.

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are what this removes.
const ANSI = /\u001b\[[0-9;]*m/g;
// npm 10+ writes `npm warn`, older npm `npm WARN`.
const WARN = /^npm warn\b/i;
// Warnings about this machine's npm configuration (an unknown key in ~/.npmrc, an env variable),
// not about the packages package.json and the lock choose.
const MACHINE_CONFIG = /^npm warn (?:config\b|Unknown (?:env|user|global|builtin|cli|project) config\b)/i;

/**
 * The `npm warn` lines of an install's output (stdout and stderr together) that come from the
 * dependencies: peer ranges (ERESOLVE), engines (EBADENGINE), deprecations, and anything else npm
 * warns about the tree. An empty list is a quiet install.
 */
export function dependencyWarnings(output) {
  return output
    .replace(ANSI, '')
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => WARN.test(line) && !MACHINE_CONFIG.test(line));
}

/** The kinds among those lines (ERESOLVE, EBADENGINE, deprecated, …), each with its line count. */
export function warningKinds(lines) {
  const kinds = new Map();
  for (const line of lines) {
    const kind = /^npm warn\s+(\S+)/i.exec(line)?.[1] ?? 'other';
    // A block's continuation lines (`npm warn   peer react@…`, a bare `npm warn`) belong to the
    // kind named last; only lines that start a block name one.
    const named = /^(?:[A-Z][A-Z0-9]+|deprecated)$/.test(kind) ? kind : undefined;
    const key = named ?? [...kinds.keys()].at(-1) ?? 'other';
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return kinds;
}

/** A message that says what npm warned about and where it is fixed; undefined when it said nothing. */
export function warningsMessage(lines, command = 'npm ci') {
  if (lines.length === 0) return undefined;
  const kinds = [...warningKinds(lines)].map(([kind, count]) => `${kind} ${count}`).join(', ');
  const shown = lines.slice(0, 20).map((line) => `      ${line}`);
  const more = lines.length > shown.length ? [`      … ${lines.length - shown.length} more`] : [];
  return [
    `\`${command}\` printed ${lines.length} \`npm warn\` line(s) about the project's dependencies (${kinds}).`,
    '    The install must be quiet: fix the cause in package.json (a version that supports this Node and',
    '    these peers, or an `overrides` entry) and the lock, as docs/decisions/049-a-quiet-install.md says:',
    ...shown,
    ...more,
  ].join('\n');
}
