import { fileURLToPath } from 'node:url';
import type { Catalog } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import {
  createDisclosure,
  HEADER_BUDGET_LIMITS,
  type HeaderBudget,
} from 'tool-disclosure/disclosure';
import { InvalidOptionError } from 'tool-disclosure/error';
import { generateText, validateToolDisclosureOptions } from 'tool-disclosure/wrap';
import { describe, expect, it } from 'vitest';
import { generateWideCatalog } from '../../../test/fixtures/wide-catalog.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { loadEvalCorpus } from '../eval/load-eval-corpus.js';

const corpus = await loadEvalCorpus(
  fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url)),
);
const corpusNamespaces = Object.fromEntries(
  Object.entries(corpus.namespaces).map(([name, description]) => [name, { description }]),
);

/** The bench catalog of `size` tools: the judged corpus padded with distractors. */
function benchCatalog(size: number): Promise<Catalog> {
  return createCatalog({
    definitions: padWithDistractors(corpus.tools, size),
    namespaces: corpusNamespaces,
  });
}

function wideCatalog(): Promise<Catalog> {
  const { definitions, descriptions } = generateWideCatalog({ tools: 3000, namespaces: 400 });
  const namespaces = Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [name, { description }]),
  );
  return createCatalog({ definitions, namespaces });
}

/** What the model can see in the header: namespaces named, representative tools listed, surface tokens. */
function measureHeader(catalog: Catalog, headerBudget: HeaderBudget, maxTools = 32) {
  const disclosure = createDisclosure({ catalog, headerBudget, maxTools, environment: {} });
  const header = disclosure.toolSearchDescription as string;
  const lines = header.split('\n');
  const marker = lines.indexOf('Representative tools (fair namespace rounds):');
  const listed = (from: number, to: number) =>
    lines.slice(from, to).filter((line) => line.startsWith('- '));
  const namespaceLines = listed(1, marker === -1 ? lines.length : marker);
  return {
    header,
    bytes: Buffer.byteLength(header, 'utf8'),
    namespaces: new Set(disclosure.discoverable.map((entry) => entry.namespace)).size,
    namespacesNamed: namespaceLines.map((line) => (line.match(/^- (\S+) \(/) ?? [])[1]),
    representatives: marker === -1 ? [] : listed(marker + 1, lines.length),
    surfaceTokens: disclosure.tokens.advertised,
  };
}

const catalogs: [string, () => Promise<Catalog>][] = [
  ['the bench catalog at 1,000 tools', () => benchCatalog(1000)],
  ['the bench catalog at 10,000 tools', () => benchCatalog(10_000)],
  ['a catalog of 400 namespaces', wideCatalog],
];

describe('headerBudget', () => {
  it.each(catalogs)('small shows less of %s, within its budget', async (_, load) => {
    const catalog = await load();
    const standard = measureHeader(catalog, 'standard');
    const small = measureHeader(catalog, 'small');
    expect(small.surfaceTokens).toBeLessThan(standard.surfaceTokens);
    expect(small.surfaceTokens).toBeLessThanOrEqual(HEADER_BUDGET_LIMITS.small.surfaceTokens);
    expect(small.bytes).toBeLessThanOrEqual(HEADER_BUDGET_LIMITS.small.lineBytes);
    expect(small.bytes).toBeLessThan(standard.bytes);
    expect(small.namespacesNamed.length).toBeGreaterThan(0);
    // Small keeps a prefix of what standard shows, in the same order.
    expect(standard.namespacesNamed.slice(0, small.namespacesNamed.length)).toEqual(
      small.namespacesNamed,
    );
    expect(standard.representatives.slice(0, small.representatives.length)).toEqual(
      small.representatives,
    );
    // Every namespace is named before any representative tool is listed.
    for (const measured of [standard, small]) {
      if (measured.representatives.length > 0) {
        expect(measured.namespacesNamed).toHaveLength(measured.namespaces);
      }
    }
    expect(measureHeader(catalog, 'small').header).toBe(small.header);
  });

  it('standard is the default, byte for byte', async () => {
    const catalog = await benchCatalog(1000);
    const byDefault = createDisclosure({ catalog, environment: {} });
    const standard = createDisclosure({ catalog, headerBudget: 'standard', environment: {} });
    expect(standard.toolSearchDescription).toBe(byDefault.toolSearchDescription);
    expect(standard.fingerprint).toBe(byDefault.fingerprint);
    expect(byDefault.headerBudget).toBe('standard');
  });

  it('small keeps the full header of a catalog that fits it', async () => {
    const catalog = await createCatalog({ definitions: corpus.tools.slice(0, 8) });
    const small = measureHeader(catalog, 'small', 2);
    expect(small.header).not.toMatch(/…and \d+ more/);
    expect(small.header).toBe(measureHeader(catalog, 'standard', 2).header);
  });

  it('reaches the model through the wrapper', async () => {
    const { MockLanguageModelV4 } = await import('ai/test');
    const { createBenchTools } = await import('../bench/create-bench-tools.js');
    const sent = async (headerBudget: HeaderBudget) => {
      const model = new MockLanguageModelV4({
        doGenerate: async () => ({
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 1, text: 1, reasoning: 0 },
          },
          warnings: [],
        }),
      });
      await generateText({
        model,
        prompt: 'hi',
        tools: createBenchTools(padWithDistractors(corpus.tools, 1000)),
        toolDisclosure: { headerBudget, namespaces: corpusNamespaces, environment: {} },
      });
      const tools = model.doGenerateCalls[0]?.tools ?? [];
      const search = tools.find((tool) => tool.name === 'tool_search');
      return (search as { description: string }).description;
    };
    const catalog = await benchCatalog(1000);
    expect(await sent('small')).toBe(measureHeader(catalog, 'small').header);
    expect(await sent('standard')).toBe(measureHeader(catalog, 'standard').header);
  });

  it('small applies to the name index of compact mode too', async () => {
    const catalog = await benchCatalog(1000);
    const describe = (headerBudget: HeaderBudget) =>
      createDisclosure({ catalog, mode: 'compact', headerBudget, environment: {} })
        .toolSearchDescription as string;
    expect(Buffer.byteLength(describe('small'))).toBeLessThanOrEqual(
      HEADER_BUDGET_LIMITS.small.lineBytes,
    );
    expect(describe('small').length).toBeLessThan(describe('standard').length);
  });

  it.each(['tiny', 'Small', '', 3, null])(
    'rejects %j with the valid values listed',
    async (headerBudget) => {
      const catalog = await createCatalog({ definitions: corpus.tools.slice(0, 3) });
      const options = { headerBudget: headerBudget as HeaderBudget };
      for (const check of [
        () => createDisclosure({ catalog, ...options, environment: {} }),
        () => validateToolDisclosureOptions(options),
      ]) {
        expect(check).toThrow(InvalidOptionError);
        expect(check).toThrow("Expected one of 'standard', 'small'.");
      }
    },
  );
});
