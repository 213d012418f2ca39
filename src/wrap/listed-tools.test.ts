import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { createAppNames } from './create-app-names.js';
import type { BridgeTools } from './create-bridge-tools.js';
import { listedTools, toolCallerEntries } from './listed-tools.js';
import type { NativeSearch } from './native-search.js';

const anyObject = jsonSchema({ type: 'object' });
const tools = Object.fromEntries(
  ['memory.save', 'mail.send', 'mail.list', 'crm.find'].map((name) => [
    name,
    tool({ description: `The ${name} tool.`, inputSchema: anyObject }),
  ]),
);
const catalog = createCatalogSync({ tools, core: ['memory.*'] });
const disclosure = createDisclosure({ catalog, maxTools: 2, environment: {}, onWarning: () => {} });
const keyAt = new Map(catalog.entries.map((entry) => [entry.position, entry.key]));
const names = createAppNames({
  disclosure,
  userTools: tools,
  toolAt: (position) => tools[keyAt.get(position) ?? ''],
});
const bridge = (name: string) => ({ description: name }) as Tool;
const bridges = {
  tool_search: bridge('search'),
  tool_describe: bridge('describe'),
  tool_call: bridge('call'),
} as BridgeTools;

describe('listedTools', () => {
  it("lists the advertised tools by the app's names, the bridges added under theirs", () => {
    const { listed, added } = listedTools(disclosure, names, bridges, undefined, false);
    expect(listed).toEqual(['memory.save', 'tool_search', 'tool_describe', 'tool_call']);
    expect(added).toEqual(bridges);
  });

  it('lists every tool, the undisclosed ones in input order after them, when tool callers need them', () => {
    const { listed } = listedTools(disclosure, names, bridges, undefined, true);
    expect(listed).toEqual([
      'memory.save',
      'tool_search',
      'tool_describe',
      'tool_call',
      'mail.send',
      'mail.list',
      'crm.find',
    ]);
  });

  it("in native mode lists every tool around the provider's search tool, and a deferred tool_call", () => {
    const searchTool = bridge('provider search');
    const native = {
      provider: 'anthropic',
      searchToolName: 'tool_search_tool_bm25',
      searchTool,
    } as unknown as NativeSearch;
    const { listed, added } = listedTools(disclosure, names, bridges, native, false);
    expect(listed).toEqual([
      'memory.save',
      'tool_search_tool_bm25',
      'mail.send',
      'mail.list',
      'crm.find',
      'tool_call',
    ]);
    expect(added.tool_search_tool_bm25).toBe(searchTool);
    expect(added.tool_call).toMatchObject({
      providerOptions: { anthropic: { deferLoading: true } },
    });
    expect(added.tool_call?.description).toMatch(/^Call a tool by name with its arguments/);
  });
});

describe('toolCallerEntries', () => {
  it("finds the tools experimental_toolCallers names by the app's names, as tools or as callers, once each", () => {
    const found = toolCallerEntries(
      {
        'mail.send': ['crm.find', 'mail.send'],
        // Not the app's names: a record tool's wire name, a bridge, an unknown tool.
        mail__list: [],
        tool_search: [],
        nothing: ['nobody'],
      },
      names,
    );
    expect(found.map((entry) => entry.id)).toEqual(['mail.send', 'crm.find']);
    expect(toolCallerEntries(undefined, names)).toEqual([]);
  });
});
