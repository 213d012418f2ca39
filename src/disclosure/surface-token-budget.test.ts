import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { generateWideCatalog, type WideCatalogOptions } from '../../test/fixtures/wide-catalog.js';
import type { Catalog } from '../catalog/index.js';
import { createCatalog, createDisclosure } from '../index.js';
import { definitionJson } from './definition-json.js';
import type { DisclosureMode } from './disclosure-mode.js';
import { fitHeaderLines } from './fit-header-lines.js';
import {
  ESTIMATE_TOKEN_RESERVE,
  estimateTokens,
  HEADER_LINE_BUDGET_BYTES,
  renderNamespaceHeader,
  SURFACE_TOKEN_BUDGET,
} from './index.js';

const o200k = (text: string) => encode(text).length;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const tail =
  /\n…and \d+ more( authorized namespaces?)? — use tool_search\(query="<service or action>"\)\.$/;
const headerModes: DisclosureMode[] = ['namespaces', 'bridged', 'compact', 'signatures'];

async function wideCatalog(options: WideCatalogOptions): Promise<Catalog> {
  const { definitions, descriptions } = generateWideCatalog(options);
  const namespaces = Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [name, { description }]),
  );
  return createCatalog({ definitions, namespaces });
}

/** The advertised surface as the real o200k_base tokenizer counts it. */
function surfaceTokens(catalog: Catalog, mode: DisclosureMode, countTokens = estimateTokens) {
  const disclosure = createDisclosure({ catalog, mode, environment: {}, countTokens });
  expect(disclosure.advertised.map((tool) => tool.name)).toEqual([
    'tool_search',
    'tool_describe',
    'tool_call',
  ]);
  const header = disclosure.toolSearchDescription as string;
  return {
    header,
    real: disclosure.advertised.reduce((sum, tool) => sum + o200k(definitionJson(tool)), 0),
    counted: disclosure.tokens.advertised,
  };
}

describe('the advertised surface', () => {
  // Hundreds of namespaces with word-like (`Betigolo`, `Air_Quality_by_Ravokuzel`, `cloud_ledger`)
  // and digit-suffixed (`tenant_0042`, `Ravo-1001`, `kuzel4`) names, no namespace descriptions:
  // the densest header in tokens per byte.
  for (const tools of [1000, 10_000, 50_000]) {
    it(`stays within 1,500 o200k_base tokens at ${tools.toLocaleString('en')} tools over hundreds of namespaces`, async () => {
      const catalogs = [
        await wideCatalog({ tools, namespaces: 300, names: 'mixed', describedShare: 0 }),
        await wideCatalog({ tools, namespaces: 500, names: 'word', describedShare: 0, seed: 2 }),
        await wideCatalog({ tools, namespaces: 200, names: 'digit', describedShare: 0.5, seed: 3 }),
      ];
      for (const catalog of catalogs) {
        expect(catalog.entries).toHaveLength(tools);
        expect(catalog.namespaces.length).toBeGreaterThanOrEqual(200);
        for (const mode of headerModes) {
          const { header, real, counted } = surfaceTokens(catalog, mode);
          expect(real, mode).toBeLessThanOrEqual(SURFACE_TOKEN_BUDGET);
          expect(counted, mode).toBeLessThanOrEqual(SURFACE_TOKEN_BUDGET - ESTIMATE_TOKEN_RESERVE);
          expect(bytes(header)).toBeLessThanOrEqual(HEADER_LINE_BUDGET_BYTES);
          expect(header).toMatch(tail);
        }
      }
    }, 120_000);
  }

  it('gives an exact counter the whole budget: the header stops at whichever budget binds', async () => {
    const catalog = await wideCatalog({
      tools: 2000,
      namespaces: 500,
      names: 'word',
      describedShare: 0,
    });
    // The namespace header of this catalog runs out of tokens well before bytes.
    expect(bytes(surfaceTokens(catalog, 'namespaces', o200k).header)).toBeLessThan(3200);
    for (const mode of headerModes) {
      const estimated = surfaceTokens(catalog, mode);
      const exact = surfaceTokens(catalog, mode, o200k);
      expect(exact.counted).toBe(exact.real);
      expect(exact.real, mode).toBeLessThanOrEqual(SURFACE_TOKEN_BUDGET);
      expect(exact.header.length).toBeGreaterThanOrEqual(estimated.header.length);
      // Unless the bytes ran out, one more line (a few dozen tokens at most) would not have fitted.
      if (bytes(exact.header) < HEADER_LINE_BUDGET_BYTES - 200) {
        expect(exact.real, mode).toBeGreaterThan(SURFACE_TOKEN_BUDGET - 40);
      }
    }
  });

  it('cuts namespace lines by tokens with the namespace tail, byte-identical for shuffled input', async () => {
    const { definitions } = generateWideCatalog({ tools: 3000, namespaces: 900, names: 'digit' });
    const render = async (order: typeof definitions) => {
      const catalog = await createCatalog({ definitions: order });
      return renderNamespaceHeader(catalog.entries, catalog.namespaces);
    };
    const text = await render(definitions);
    const lines = text.split('\n');
    // Bytes alone would keep more lines: tokens cut first.
    expect(bytes(text)).toBeLessThan(HEADER_LINE_BUDGET_BYTES - 200);
    expect(text).not.toContain('Representative tools');
    expect(lines.at(-1)).toBe(
      `…and ${900 - (lines.length - 2)} more authorized namespaces — use tool_search(query="<service or action>").`,
    );
    expect(await render([...definitions].reverse())).toBe(text);
  });
});

describe('fitHeaderLines with a token budget', () => {
  const lines = Array.from({ length: 40 }, (_, index) => `line ${index}`);
  const overflow = (kept: number) => `…and ${40 - kept} more`;

  it('keeps everything that fits both budgets', () => {
    expect(fitHeaderLines(lines, overflow, () => true)).toBe(lines.join('\n'));
  });

  it('keeps the most lines that fit with the tail', () => {
    const fits = (text: string) => text.split('\n').length <= 13;
    const text = fitHeaderLines(lines, overflow, fits);
    expect(text.split('\n')).toEqual([...lines.slice(0, 12), '…and 28 more']);
  });

  it('keeps the tail alone when no line fits', () => {
    expect(fitHeaderLines(lines, overflow, (text) => !text.includes('line'))).toBe('…and 40 more');
  });
});
