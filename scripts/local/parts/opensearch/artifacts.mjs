// The local OpenSearch node's artifacts (docs/decisions/044-a-real-opensearch-node.md): the Java
// classes of pom.xml, fetched by Maven from Maven Central into the ignored .cache/opensearch/, and
// the launcher compiled and packed as a jar (the class-data archive that speeds up each start maps
// jars only). Plain Node, no dependencies: scripts/ensure.mjs runs it before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  return {
    dir,
    version: openSearchVersion(),
    classPath: [launcher, ...jars],
    archive: join(dir, 'classes.jsa'),
  };
}

function tool(name, args) {
  return spawnSync(name, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
}

function failure(what, r) {
  const said = `${r.stdout ?? ''}${r.stderr ?? ''}`
    .split('\n')
    .filter((line) => line.trim())
    .slice(-8)
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
  if (found) return found;
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
  return ready;
}
