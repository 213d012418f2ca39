import { createCatalog } from 'tool-disclosure';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { renderNameIndex, renderNamespaceHeader } from 'tool-disclosure/disclosure';
import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/index.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** Control characters other than newline and tab. */
const controlCharacters = /(?![\n\t])\p{Cc}/u;

async function header(
  definitions: ToolDefinition[],
  descriptions: Record<string, string> = {},
  countTokens?: (text: string) => number,
) {
  const namespaces = Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [name, { description }]),
  );
  const catalog = await createCatalog({ definitions, namespaces });
  return renderNamespaceHeader(catalog.entries, catalog.namespaces, countTokens);
}

/** A counter that never reaches the token budget, so only the byte rules cut. */
const uncounted = () => 0;

describe('renderNamespaceHeader', () => {
  it('says nothing is available on demand when no tool is discoverable', async () => {
    expect(await header([])).toMatchInlineSnapshot(
      `"No additional tools are available on demand: every authorized tool is already listed, and listed tools need no search."`,
    );
  });

  it('renders one tool', async () => {
    expect(
      await header([{ name: 'gmail__send_message' }], { gmail: 'Email' }),
    ).toMatchInlineSnapshot(`
      "1 more authorized tool in 1 namespace can be found with tool_search. Results include complete parameter schemas when schema_complete=true; otherwise call tool_describe before tool_call. Never report a capability as unavailable before searching; a result with match=weak only partly fits the query. Namespaces:
      - gmail (1): Email
      Representative tools (fair namespace rounds):
      - gmail__send_message"
    `);
  });

  it('renders five tools in fair namespace rounds, in byte order', async () => {
    const text = await header(
      [
        { name: 'slack__send_message' },
        { name: 'github__list_issues' },
        { name: 'github__create_issue' },
        { name: 'github__get_pull_request' },
        { name: 'google-calendar__create_event' },
      ],
      { github: 'Repositories, issues and pull requests', slack: 'Team chat' },
    );
    expect(text).toMatchInlineSnapshot(`
      "5 more authorized tools in 3 namespaces can be found with tool_search. Results include complete parameter schemas when schema_complete=true; otherwise call tool_describe before tool_call. Never report a capability as unavailable before searching; a result with match=weak only partly fits the query. Namespaces:
      - github (3): Repositories, issues and pull requests
      - google-calendar (1)
      - slack (1): Team chat
      Representative tools (fair namespace rounds):
      - github__create_issue
      - google-calendar__create_event
      - slack__send_message
      - github__get_pull_request
      - github__list_issues"
    `);
  });

  it('fits 1,000 tools in the byte budget with the "…and N more" tail', async () => {
    const text = await header(generateDistractors(1000));
    const lines = text.split('\n');
    expect(bytes(text)).toBeLessThanOrEqual(3800);
    expect(lines[0]).toBe(
      '1000 more authorized tools in 20 namespaces can be found with tool_search. Results include complete parameter schemas when schema_complete=true; otherwise call tool_describe before tool_call. Never report a capability as unavailable before searching; a result with match=weak only partly fits the query. Namespaces:',
    );
    expect(lines.slice(1, 4)).toEqual([
      '- asset_hub (50)',
      '- audit_log (50)',
      '- billing_ops (50)',
    ]);
    expect(lines[21]).toBe('Representative tools (fair namespace rounds):');
    expect(lines[22]).toBe('- asset_hub__archive_record_0035');
    const shown = lines.length - 23;
    expect(lines.at(-1)).toBe(
      `…and ${1000 - shown} more — use tool_search(query="<service or action>").`,
    );
    expect(shown).toBe(76);
    expect(bytes(lines.slice(0, -1).join('\n'))).toBeLessThanOrEqual(3800 - 96);
    expect(bytes(lines.at(-1) as string)).toBeLessThanOrEqual(96);
  });

  it('gives every namespace a representative before a large namespace gets a second', async () => {
    const huge = Array.from({ length: 900 }, (_, index) => ({
      name: `analytics__report_${String(index).padStart(3, '0')}`,
    }));
    const small = Array.from({ length: 30 }, (_, index) => ({
      name: `svc${String(index).padStart(2, '0')}__ping`,
    }));
    const lines = (await header([...huge, ...small])).split('\n');
    const representatives = lines.slice(
      lines.indexOf('Representative tools (fair namespace rounds):') + 1,
      -1,
    );
    expect(representatives.slice(0, 31)).toEqual([
      '- analytics__report_000',
      ...small.map((tool) => `- ${tool.name}`),
    ]);
    expect(representatives.slice(31, 34)).toEqual([
      '- analytics__report_001',
      '- analytics__report_002',
      '- analytics__report_003',
    ]);
  });

  it("cuts a long namespace description (an MCP server's instructions, say) so every namespace is listed", async () => {
    const instructions = `# Server Instructions ${'Follow these rules when using the server. '.repeat(120)}`;
    const definitions = ['everything__echo', 'fs__read_file', 'notes__add'].map((name) => ({
      name,
    }));
    const lines = (
      await header(definitions, { everything: instructions, fs: 'Files' }, uncounted)
    ).split('\n');
    const namespaceLines = lines.filter((line) => /^- (everything|fs|notes) \(/.test(line));
    expect(namespaceLines).toHaveLength(3);
    const [everything] = namespaceLines;
    expect(everything?.endsWith('…')).toBe(true);
    expect(bytes(everything ?? '')).toBeLessThanOrEqual('- everything (1): '.length + 200);
    expect(namespaceLines.slice(1)).toEqual(['- fs (1): Files', '- notes (1)']);
  });

  it('says more namespaces exist, without representatives, when namespace lines overflow', async () => {
    const definitions = Array.from({ length: 80 }, (_, index) => ({
      name: `service${String(index).padStart(2, '0')}__do_work`,
    }));
    const descriptions = Object.fromEntries(
      definitions.map((_, index) => [
        `service${String(index).padStart(2, '0')}`,
        'A long description of an integration that is far too chatty for a header line.',
      ]),
    );
    const text = await header(definitions, descriptions);
    const lines = text.split('\n');
    expect(text).not.toContain('Representative tools');
    expect(lines[1]).toBe(
      '- service00 (1): A long description of an integration that is far too chatty for a header line.',
    );
    const kept = lines.length - 2;
    expect(kept).toBe(35);
    expect(lines.at(-1)).toBe(
      `…and ${80 - kept} more authorized namespaces — use tool_search(query="<service or action>").`,
    );
    expect(bytes(lines.at(-1) as string)).toBeLessThanOrEqual(96);
    expect(bytes(text)).toBeLessThanOrEqual(3800);
  });

  it('keeps the namespace tail within its reserve for thousands of namespaces', async () => {
    const definitions = Array.from({ length: 2000 }, (_, index) => ({
      name: `service${index}__run`,
    }));
    const text = await header(definitions);
    const tail = text.split('\n').at(-1) as string;
    expect(tail).toMatch(/^…and 1\d{3} more authorized namespaces — /);
    expect(bytes(tail)).toBeLessThanOrEqual(96);
    expect(bytes(text)).toBeLessThanOrEqual(3800);
  });

  it('budgets UTF-8 bytes, not string length, near the limit', async () => {
    const namespaceOf = (index: number) => `データ${String(index).padStart(3, '0')}`;
    const definitions = Array.from({ length: 120 }, (_, index) => ({
      name: `sync_${index}`,
      namespace: namespaceOf(index),
    }));
    const descriptions = Object.fromEntries(
      definitions.map((_, index) => [namespaceOf(index), '顧客データを同期します']),
    );
    // Japanese is dense in tokens: the byte rule alone is under test here.
    const text = await header(definitions, descriptions, uncounted);
    const lines = text.split('\n');
    const kept = lines.length - 2;
    const body = lines.slice(0, -1).join('\n');
    const nextLine = `- ${namespaceOf(kept)} (1): 顧客データを同期します`;
    expect(text.length).toBeLessThan(2100);
    expect(bytes(body)).toBeLessThanOrEqual(3800 - 96);
    expect(bytes(body) + 1 + bytes(nextLine)).toBeGreaterThan(3800 - 96);
    expect(lines.at(-1)).toBe(
      `…and ${120 - kept} more authorized namespaces — use tool_search(query="<service or action>").`,
    );
    expect(bytes(text)).toBeLessThanOrEqual(3800);
  });

  it('keeps control characters out and is byte-identical for shuffled input', async () => {
    const definitions = generateDistractors(300);
    const descriptions = { asset_hub: 'Assets\u0007 and\r\nmore\u2028things\ttabbed' };
    const text = await header(definitions, descriptions);
    expect(text).toContain('- asset_hub (15): Assets and more things tabbed');
    expect(controlCharacters.test(text)).toBe(false);
    const shuffled = [...definitions].sort((left, right) =>
      (left.description ?? '').localeCompare(right.description ?? ''),
    );
    expect(await header(shuffled, descriptions)).toBe(text);
  });

  it('orders namespaces and their tools by bytes whatever order the entries come in', async () => {
    // "a-b.x" sorts before "a.y" by id, yet namespace "a" sorts before "a-b".
    const names = ['a-b.x', 'a.y', 'a.b', 'a-b.a', 'ab.c', 'a_z.q'];
    const catalog = await createCatalog({
      definitions: names.map((name) => ({ name, description: `Tool ${name}` })),
    });
    const sorted = renderNamespaceHeader(catalog.entries, catalog.namespaces, uncounted);
    expect(sorted).toContain('- a (2)\n- a-b (2)\n- a_z (1)\n- ab (1)');
    expect(sorted).toContain('- a__b\n- a-b__a\n- a_z__q\n- ab__c\n- a__y\n- a-b__x');
    const reversed = [...catalog.entries].reverse();
    expect(renderNamespaceHeader(reversed, catalog.namespaces, uncounted)).toBe(sorted);
  });

  it('keeps bidi controls and invisible format characters of namespace descriptions out of the header', async () => {
    const formatCharacters =
      '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200B\u200E\u200F\uFEFF\u00AD';
    const text = await header([{ name: 'gmail__send_message', description: 'Send\u202E mail' }], {
      gmail: `Email ${formatCharacters}reversed\u202E text\u2066 here`,
    });
    expect(text).toContain('- gmail (1): Email reversed text here');
    expect(text).not.toMatch(/\p{Cf}/u);
  });
});

describe('renderNameIndex', () => {
  it('lists names alphabetically and says which results carry schemas', async () => {
    const catalog = await createCatalog({
      definitions: [
        { name: 'slack__send_message' },
        { name: 'github__list_issues' },
        { name: 'Zeta__x' },
      ],
    });
    expect(renderNameIndex(catalog.entries, false)).toMatchInlineSnapshot(`
      "3 more authorized tools can be found with tool_search. Results list names and descriptions only; call tool_describe for a tool's parameters before tool_call. Never report a capability as unavailable before searching; a result with match=weak only partly fits the query. Tools:
      - Zeta__x
      - github__list_issues
      - slack__send_message"
    `);
    expect(renderNameIndex(catalog.entries, true).split('\n')[0]).toBe(
      '3 more authorized tools can be found with tool_search. Results include complete parameter schemas when schema_complete=true; otherwise call tool_describe before tool_call. Never report a capability as unavailable before searching; a result with match=weak only partly fits the query. Tools:',
    );
    expect(renderNameIndex([], true)).toBe(
      'No additional tools are available on demand: every authorized tool is already listed, and listed tools need no search.',
    );
  });

  it('keeps bidi controls in tool names and descriptions out of the index', async () => {
    const catalog = await createCatalog({
      definitions: [{ name: 'mail__send\u202Etxt.exe', description: 'Send\u202E\u2066 mail' }],
    });
    for (const withSignatures of [false, true]) {
      expect(renderNameIndex(catalog.entries, withSignatures)).not.toMatch(/\p{Cf}/u);
    }
  });

  it('fits 1,000 names with the tail', async () => {
    const catalog = await createCatalog({ definitions: generateDistractors(1000) });
    const text = renderNameIndex(catalog.entries, true);
    const lines = text.split('\n');
    expect(bytes(text)).toBeLessThanOrEqual(3800);
    expect(lines[1]).toBe('- asset_hub__archive_record_0035');
    expect(lines.at(-1)).toBe(
      `…and ${1000 - (lines.length - 2)} more — use tool_search(query="<service or action>").`,
    );
  });
});
