// The local OpenSearch node's artifacts (docs/decisions/044-a-real-opensearch-node.md): the Java
// classes of pom.xml, fetched by Maven from Maven Central into the ignored .cache/opensearch/, the
// launcher compiled and packed as a jar, and a class-data archive of a warm-up start, which each
// start maps instead of loading its ~20,000 classes one by one (it maps jars only, hence the jar).
// Plain Node, no dependencies: scripts/ensure.mjs runs it before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..', '..', '..', '..');
const POM = join(HERE, 'pom.xml');
const LAUNCHER_SOURCE = join(HERE, 'OpenSearchLoopback.java');
export const LAUNCHER_CLASS = 'OpenSearchLoopback';
/** Inside the checkout (never the shared temporary directory), ignored by git. */
export const CACHE = join(ROOT, '.cache', 'opensearch');
/** Maven's own repository for these artifacts, so a fetch touches nothing outside the checkout. */
const MAVEN_REPO = join(CACHE, 'maven');
/** Pinned: Maven's default binding of this plugin is a 2013 release. */
const BUILD_CLASSPATH = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath';

/**
 * The JVM's options, the warm-up's and every start's alike: one collector thread and the quick
 * compiler only, for a small node that starts fast on two shared cores (the full compiler's work
 * slowed the suite's short runs down, docs/decisions/044). The heap is the caller's.
 */
export const OPENSEARCH_JVM_OPTIONS = [
  '-XX:+UseSerialGC',
  '-XX:TieredStopAtLevel=1',
  '-XX:-UsePerfData',
  '-Dfile.encoding=UTF-8',
];

export class OpenSearchArtifactsError extends Error {
  name = 'OpenSearchArtifactsError';
}

/** The OpenSearch version pom.xml names. */
export function openSearchVersion() {
  const match = /<opensearch\.version>([^<]+)<\/opensearch\.version>/.exec(readFileSync(POM, 'utf8'));
  if (!match) throw new OpenSearchArtifactsError(`${POM} names no <opensearch.version>`);
  return match[1];
}

/** Where this descriptor's and launcher's artifacts live (a new pom or launcher: a new folder). */
export function openSearchArtifactsDir() {
  const hash = createHash('sha256')
    .update(readFileSync(POM))
    .update(readFileSync(LAUNCHER_SOURCE))
    .digest('hex');
  return join(CACHE, hash.slice(0, 16));
}

/** The artifacts if they are all in place, else null (nothing is fetched). */
export function findOpenSearchArtifacts() {
  const dir = openSearchArtifactsDir();
  const listed = join(dir, 'classpath.txt');
  const launcher = join(dir, 'launcher.jar');
  if (!existsSync(listed) || !existsSync(launcher)) return null;
  const jars = readFileSync(listed, 'utf8').trim().split(delimiter).filter(Boolean);
  // A cleaned Maven repository leaves the list pointing at nothing: fetch again.
  if (jars.length === 0 || !jars.every((jar) => existsSync(jar))) return null;
  const archive = join(dir, 'classes.jsa');
  return {
    dir,
    version: openSearchVersion(),
    classPath: [launcher, ...jars],
    archive: existsSync(archive) && statSync(archive).size > 0 ? archive : null,
  };
}

function tool(name, args) {
  return spawnSync(name, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

/** Maven's boilerplate around its one line of error. */
const NOISE =
  /^\[ERROR\]\s*$|To see the full stack trace|Re-run Maven|For more information about|\[Help \d+\] http/;

function failure(what, r) {
  const said = `${r.stdout ?? ''}${r.stderr ?? ''}`
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours in the tool's output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !NOISE.test(line))
    .slice(-6)
    .join('\n    ');
  return new OpenSearchArtifactsError(`${what}${said ? `:\n    ${said}` : ''}`);
}

/**
 * The artifacts, fetched first when missing: Maven resolves pom.xml into .cache/opensearch/maven and
 * writes the class path; javac and jar build the launcher. Built aside and renamed into place, so a
 * concurrent caller never sees half of it. Throws OpenSearchArtifactsError saying what is missing.
 */
export function ensureOpenSearchArtifacts({ log = () => undefined } = {}) {
  const found = findOpenSearchArtifacts();
  if (found) return found.archive ? found : withArchive(found, log);
  const version = openSearchVersion();
  for (const [name, install] of [
    ['mvn', 'Maven (`sudo apt-get install -y maven`)'],
    ['javac', 'a Java 17 JDK (`sudo apt-get install -y openjdk-17-jdk-headless`)'],
    ['jar', 'a Java 17 JDK (`sudo apt-get install -y openjdk-17-jdk-headless`)'],
  ]) {
    const r = tool(name, ['--version']);
    if (r.error || r.status !== 0)
      throw new OpenSearchArtifactsError(
        `OpenSearch ${version} (the tests' search engine, and SEARCH_ENGINE=opensearch) is assembled from Maven Central with ${name}, which was not found: install ${install}.`,
      );
  }
  const dir = openSearchArtifactsDir();
  mkdirSync(CACHE, { recursive: true });
  const scratch = mkdtempSync(`${dir}.`);
  const started = Date.now();
  try {
    log(`fetching OpenSearch ${version} from Maven Central into ${CACHE} (first use)…`);
    const listed = join(scratch, 'classpath.txt');
    const maven = tool('mvn', [
      '-B',
      '-q',
      '-Dstyle.color=never',
      '-f',
      POM,
      `-Dmaven.repo.local=${MAVEN_REPO}`,
      BUILD_CLASSPATH,
      `-Dmdep.outputFile=${listed}`,
    ]);
    if (maven.error || maven.status !== 0 || !existsSync(listed))
      throw failure(
        `Maven could not fetch OpenSearch ${version} from Maven Central (is the network up?)`,
        maven,
      );
    const classPath = readFileSync(listed, 'utf8').trim();
    const classes = join(scratch, 'classes');
    const javac = tool('javac', ['-nowarn', '-cp', classPath, '-d', classes, LAUNCHER_SOURCE]);
    if (javac.error || javac.status !== 0) throw failure(`javac could not compile ${LAUNCHER_SOURCE}`, javac);
    const jar = tool('jar', ['--create', '--file', join(scratch, 'launcher.jar'), '-C', classes, '.']);
    if (jar.error || jar.status !== 0) throw failure('jar could not pack the launcher', jar);
    rmSync(classes, { recursive: true, force: true });
    writeFileSync(
      join(scratch, 'fetched.txt'),
      `${new Date().toISOString()} in ${Date.now() - started} ms\n`,
    );
    // A folder left incomplete (its jars cleaned away) makes room.
    if (existsSync(dir) && !findOpenSearchArtifacts()) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(scratch, dir);
    } catch (err) {
      // Another process put the same artifacts in place first: theirs serve.
      if (!findOpenSearchArtifacts()) throw err;
      rmSync(scratch, { recursive: true, force: true });
    }
    log(`OpenSearch ${version} fetched in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
  const ready = findOpenSearchArtifacts();
  if (!ready) throw new OpenSearchArtifactsError(`the OpenSearch artifacts in ${dir} are incomplete`);
  return ready.archive ? ready : withArchive(ready, log);
}

/**
 * The artifacts with their class-data archive, written by a warm-up start (the node starts and
 * stops at once; the JVM writes the classes it loaded as it exits). Written aside and renamed into
 * place. Without it (the warm-up failed) every start still works, just slower.
 */
function withArchive(artifacts, log) {
  const target = join(artifacts.dir, 'classes.jsa');
  const scratch = `${target}.${process.pid}`;
  const home = mkdtempSync(join(tmpdir(), 'mercado-opensearch-warm-up-'));
  const started = Date.now();
  log('writing the OpenSearch class-data archive (once; later starts take half the time)…');
  try {
    const r = spawnSync(
      'java',
      [
        '-Xmx256m',
        ...OPENSEARCH_JVM_OPTIONS,
        `-XX:ArchiveClassesAtExit=${scratch}`,
        '-cp',
        artifacts.classPath.join(delimiter),
        LAUNCHER_CLASS,
        home,
        '0',
        '--warm-up',
      ],
      { cwd: home, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 300_000 },
    );
    if (r.status === 0 && existsSync(scratch) && statSync(scratch).size > 0) {
      renameSync(scratch, target);
      log(`class-data archive written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return { ...artifacts, archive: target };
    }
    log(`no class-data archive (the warm-up start failed: ${failure('', r).message.trim() || r.status})`);
    return artifacts;
  } finally {
    rmSync(scratch, { force: true });
    rmSync(home, { recursive: true, force: true });
  }
}
