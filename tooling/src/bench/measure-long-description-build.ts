import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import type { Ranker } from 'tool-disclosure/search';
import { createSeededRandom, utf8ByteLength } from 'tool-disclosure/util';
import { RANKERS } from '../search/rankers.js';
import { exposeGc } from './expose-gc.js';
import { median } from './percentile.js';
import { timeAlternately } from './time-alternately.js';

/** The default ranker's index build over tools with long descriptions, against the same tools as they are. */
export interface LongDescriptionBuild {
  tools: number;
  /** UTF-8 bytes of each long description. */
  description_bytes: number;
  /** Median index build, the tools as they are. */
  ordinary_build_ms: number;
  /** Median index build, every description made `description_bytes` long. */
  long_build_ms: number;
  /** `long_build_ms / ordinary_build_ms`. */
  ratio: number;
}

export interface MeasureLongDescriptionBuildOptions {
  definitions: readonly ToolDefinition[];
  /** @default 65_536 */
  descriptionBytes?: number;
  /** Builds of each, alternated. @default 3 */
  builds?: number;
}

/**
 * Times the default ranker's index build (index only: both catalogs are built
 * first) over `definitions` and over the same tools with each description
 * grown to `descriptionBytes` by prose, the two alternating after one untimed
 * build of each,
 * each from a collected heap. An MCP server whose tools carry long manuals
 * must not stall a cold start: the index reads a bounded prefix of each field.
 *
 * @example
 * const { ratio } = await measureLongDescriptionBuild({ definitions: padWithDistractors([], 1000) });
 */
export async function measureLongDescriptionBuild({
  definitions,
  descriptionBytes = 65_536,
  builds = 3,
}: MeasureLongDescriptionBuildOptions): Promise<LongDescriptionBuild> {
  const ordinary = (await createCatalog({ definitions })).entries;
  const long = (
    await createCatalog({
      definitions: definitions.map((definition, position) => ({
        ...definition,
        description: longDescription(definition.description ?? '', position, descriptionBytes),
      })),
    })
  ).entries;
  const ranker = (RANKERS.default as () => Ranker)();
  const collect = exposeGc();
  const timeBuild = (entries: typeof ordinary) => async () => {
    collect();
    const start = performance.now();
    await ranker.createIndex(entries);
    return performance.now() - start;
  };
  // One untimed build of each, so the first timed one does not pay for compiling its code.
  await timeBuild(ordinary)();
  await timeBuild(long)();
  const times = await timeAlternately(builds, timeBuild(ordinary), timeBuild(long));
  const ordinaryMs = median(times.first);
  const longMs = median(times.second);
  return {
    tools: definitions.length,
    description_bytes: descriptionBytes,
    ordinary_build_ms: ordinaryMs,
    long_build_ms: longMs,
    ratio: ordinaryMs > 0 ? longMs / ordinaryMs : 0,
  };
}

/** Words a long manual is written in: 3,000 pseudo-words of two to four syllables, shared by every tool. */
const manualWords: readonly string[] = (() => {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'te', 'vo', 'zi', 'po', 'da', 'gu'];
  const random = createSeededRandom(64);
  const pick = () => syllables[Math.floor(random() * syllables.length)] as string;
  return Array.from({ length: 3000 }, (_, index) =>
    Array.from({ length: 2 + (index % 3) }, pick).join(''),
  );
})();

/**
 * `description`, then sentences of words drawn (by a PRNG seeded with the
 * tool's position) from one shared vocabulary, to exactly `bytes` UTF-8 bytes
 * (ASCII): a long manual uses a few thousand distinct words, not one per line.
 */
function longDescription(description: string, tool: number, bytes: number): string {
  const random = createSeededRandom(tool + 1);
  const parts = [description];
  let length = utf8ByteLength(description);
  while (length < bytes) {
    const words = Array.from(
      { length: 8 },
      () => manualWords[Math.floor(random() * manualWords.length)] as string,
    );
    const text = ` ${words.join(' ')}.`;
    parts.push(text);
    length += text.length;
  }
  return parts.join('').slice(0, bytes);
}
