import { dynamicTool, jsonSchema, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { authorizeCatalog } from '../catalog/authorize-catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { type CreateCatalogOptions, createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import {
  createToolResolver,
  TOOL_NAME_MAX_LENGTH,
  type ToolResolver,
} from './resolve-tool-name.js';

const nextStep =
  'Use tool_search to find the tool you need, then call it by the name tool_search returns.';

const definitions: ToolDefinition[] = [
  { name: 'jira__create_issue', description: 'Create a Jira issue.' },
  { name: 'github__create_issue', description: 'Create a GitHub issue.' },
  { name: 'Zendesk__create_issue', description: 'Create a Zendesk ticket.' },
  // Wire name (the key), canonical id and encoded id all differ.
  { name: 'gcal__create_event', capability_id: 'google-calendar.create_event' },
  // A key that is not a valid wire name: the wire name is the encoded id.
  { name: 'notes/add note' },
  // A declared namespace: the wire name is the key, the encoded id differs.
  { name: 'post', namespace: 'slack' },
];

const noop = async () => 'ok';
const objectSchema = jsonSchema<Record<string, unknown>>({
  type: 'object',
  properties: { query: { type: 'string' } },
});

/** Tools as `@ai-sdk/mcp` returns them: no prototype, raw MCP names with dots and slashes. */
function mcpTools(...names: string[]): ToolSet {
  const tools: ToolSet = Object.create(null);
  for (const name of names) {
    tools[name] = dynamicTool({ inputSchema: objectSchema, execute: noop });
  }
  return tools;
}

async function resolverOf(options: CreateCatalogOptions): Promise<ToolResolver> {
  return createToolResolver((await createCatalog(options)).entries);
}

/** The error `run` throws; fails the test when it throws nothing or something else. */
function bridgeErrorOf(run: () => unknown): ToolBridgeError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(ToolBridgeError.isInstance(thrown)).toBe(true);
  return thrown as ToolBridgeError;
}

const unknownJson = (name: string) => ({
  error: { kind: 'unknown_tool', message: `"${name}" is not an available tool. ${nextStep}` },
});

describe('createToolResolver: name forms', () => {
  it.each([
    // Wire names.
    ['github__create_issue', 'github.create_issue'],
    ['gcal__create_event', 'google-calendar.create_event'],
    ['notes__add_note', 'notes.add_note'],
    ['post', 'slack.post'],
    // Canonical ids.
    ['github.create_issue', 'github.create_issue'],
    ['google-calendar.create_event', 'google-calendar.create_event'],
    ['notes.add_note', 'notes.add_note'],
    ['slack.post', 'slack.post'],
    // `__`-encoded ids.
    ['google-calendar__create_event', 'google-calendar.create_event'],
    ['slack__post', 'slack.post'],
    // Original keys.
    ['notes/add note', 'notes.add_note'],
    // Bare local names.
    ['create_event', 'google-calendar.create_event'],
    ['add_note', 'notes.add_note'],
  ])('resolves %j to %s', async (name, id) => {
    const resolver = await resolverOf({ definitions });
    expect(resolver.resolve(name).id).toBe(id);
  });

  it.each([
    ['GitHub__Create_Issue', 'github.create_issue'],
    ['GITHUB.CREATE_ISSUE', 'github.create_issue'],
    ['zendesk__create_issue', 'Zendesk.create_issue'],
    ['Google-Calendar__Create_Event', 'google-calendar.create_event'],
    ['GCAL__CREATE_EVENT', 'google-calendar.create_event'],
    ['NOTES/ADD NOTE', 'notes.add_note'],
    ['Slack.Post', 'slack.post'],
    ['Create_Event', 'google-calendar.create_event'],
    ['ADD_NOTE', 'notes.add_note'],
  ])('resolves %j case-insensitively to %s', async (name, id) => {
    const resolver = await resolverOf({ definitions });
    expect(resolver.resolve(name).id).toBe(id);
  });

  it('trims surrounding whitespace', async () => {
    const resolver = await resolverOf({ definitions });
    expect(resolver.resolve(' \n\tgithub__create_issue \u00a0').id).toBe('github.create_issue');
    expect(resolver.resolve('  add_note ').id).toBe('notes.add_note');
  });

  it('returns the catalog entry itself', async () => {
    const catalog = await createCatalog({ definitions });
    const resolver = createToolResolver(catalog.entries);
    for (const entry of catalog.entries) {
      expect(resolver.resolve(entry.wireName)).toBe(entry);
      expect(resolver.resolve(entry.id)).toBe(entry);
      expect(resolver.resolve(entry.encodedId)).toBe(entry);
      expect(resolver.resolve(entry.key)).toBe(entry);
    }
  });

  it('resolves MCP-style tools grouped under a namespace by every form', async () => {
    const resolver = await resolverOf({
      namespaces: {
        github: {
          description: 'Repositories',
          tools: mcpTools('repos/create', 'files.read', 'issues/comments/list'),
        },
      },
    });
    const forms = (id: string, names: string[]) =>
      names.map((name) => [name, resolver.resolve(name).id]).filter(([, found]) => found !== id);
    expect(
      forms('github.repos.create', [
        'github__repos__create',
        'github.repos.create',
        'repos/create',
        'repos.create',
        'repos__create',
        'REPOS/Create',
        'Repos.Create',
        'GitHub__Repos__Create',
      ]),
    ).toEqual([]);
    expect(
      forms('github.files.read', [
        'github__files__read',
        'github.files.read',
        'files.read',
        'files__read',
        'FILES.READ',
      ]),
    ).toEqual([]);
    expect(
      forms('github.issues.comments.list', [
        'github__issues__comments__list',
        'github.issues.comments.list',
        'issues/comments/list',
        'issues.comments.list',
        'issues__comments__list',
      ]),
    ).toEqual([]);
    const entry = resolver.resolve('repos/create');
    expect({
      key: entry.key,
      wireName: entry.wireName,
      encodedId: entry.encodedId,
      localName: entry.localName,
      kind: entry.kind,
    }).toEqual({
      key: 'repos/create',
      wireName: 'github__repos__create',
      encodedId: 'github__repos__create',
      localName: 'repos.create',
      kind: 'dynamic',
    });
    // Only whole local names are bare names; a fragment of one is not.
    expect(bridgeErrorOf(() => resolver.resolve('create')).toJSON()).toEqual(unknownJson('create'));
  });
});

describe('createToolResolver: precedence', () => {
  it('prefers an exact full name over another tool with that bare local name', async () => {
    const resolver = await resolverOf({
      definitions: [{ name: 'issues', namespace: 'tracker' }, { name: 'github__issues' }],
    });
    // Both have the local name "issues", but one has it as its wire name.
    expect(resolver.resolve('issues').id).toBe('tracker.issues');
    expect(resolver.resolve('ISSUES').id).toBe('tracker.issues');
    expect(resolver.resolve('github__issues').id).toBe('github.issues');
  });

  it('prefers an exact match over a case-insensitive one', async () => {
    const resolver = await resolverOf({ definitions: [{ name: 'Deploy' }, { name: 'deploy' }] });
    expect(resolver.resolve('Deploy').id).toBe('default.Deploy');
    expect(resolver.resolve('deploy').id).toBe('default.deploy');
    expect(resolver.resolve('default.Deploy').id).toBe('default.Deploy');
    expect(bridgeErrorOf(() => resolver.resolve('DEPLOY')).toJSON()).toEqual({
      error: {
        kind: 'unknown_tool',
        message:
          '"DEPLOY" matches several tools: Deploy, deploy. Call one of them by its full name.',
        candidates: ['Deploy', 'deploy'],
      },
    });
  });

  it('prefers a case-insensitive full name over an exact bare local name', async () => {
    const resolver = await resolverOf({
      definitions: [{ name: 'Report' }, { name: 'stats__report' }],
    });
    expect(resolver.resolve('report').id).toBe('default.Report');
    expect(resolver.resolve('stats.report').id).toBe('stats.report');
  });

  it('prefers a wire name over a key, and a canonical id over a key', async () => {
    const resolver = await resolverOf({
      definitions: [{ name: 'post', namespace: 'slack' }, { name: 'x__y' }],
      namespaces: { chat: { tools: mcpTools('post') }, z: { tools: mcpTools('x.y') } },
    });
    // "post" is slack.post's wire name and chat.post's key.
    expect(resolver.resolve('post').id).toBe('slack.post');
    expect(resolver.resolve('chat__post').id).toBe('chat.post');
    // "x.y" is x.y's canonical id and z.x.y's key.
    expect(resolver.resolve('x.y').id).toBe('x.y');
    expect(resolver.resolve('z__x__y').id).toBe('z.x.y');
  });

  it('prefers an exact bare name over a case-insensitive one', async () => {
    const resolver = await resolverOf({ definitions: [{ name: 'a__Sync' }, { name: 'b__sync' }] });
    expect(resolver.resolve('Sync').id).toBe('a.Sync');
    expect(resolver.resolve('sync').id).toBe('b.sync');
    expect(bridgeErrorOf(() => resolver.resolve('SYNC')).details).toEqual({
      candidates: ['a__Sync', 'b__sync'],
    });
  });
});

describe('createToolResolver: ambiguous bare names', () => {
  it('lists every candidate by wire name in byte order, never picking one', async () => {
    const resolver = await resolverOf({ definitions });
    const error = bridgeErrorOf(() => resolver.resolve('create_issue'));
    expect(error.kind).toBe('unknown_tool');
    expect(error.message).toBe(
      '"create_issue" matches several tools: Zendesk__create_issue, github__create_issue, jira__create_issue. Call one of them by its full name.',
    );
    expect(JSON.stringify(error.toJSON())).toBe(
      JSON.stringify({
        error: {
          kind: 'unknown_tool',
          message: error.message,
          candidates: ['Zendesk__create_issue', 'github__create_issue', 'jira__create_issue'],
        },
      }),
    );
  });

  it('lists them case-insensitively too, echoing the name as sent', async () => {
    const resolver = await resolverOf({ definitions });
    expect(bridgeErrorOf(() => resolver.resolve('Create_Issue')).toJSON()).toEqual({
      error: {
        kind: 'unknown_tool',
        message:
          '"Create_Issue" matches several tools: Zendesk__create_issue, github__create_issue, jira__create_issue. Call one of them by its full name.',
        candidates: ['Zendesk__create_issue', 'github__create_issue', 'jira__create_issue'],
      },
    });
  });

  it('gives the same candidates whatever order the entries come in', async () => {
    const catalog = await createCatalog({ definitions });
    const reversed = createToolResolver([...catalog.entries].reverse());
    expect(bridgeErrorOf(() => reversed.resolve('create_issue')).details).toEqual({
      candidates: ['Zendesk__create_issue', 'github__create_issue', 'jira__create_issue'],
    });
  });

  it('counts an entry passed twice once', async () => {
    const catalog = await createCatalog({ definitions });
    const github = catalog.entries.find((entry) => entry.id === 'github.create_issue');
    const resolver = createToolResolver([github, github] as CatalogEntry[]);
    expect(resolver.resolve('create_issue')).toBe(github);
  });
});

describe('createToolResolver: names that do not resolve', () => {
  it('answers an unknown name with what to do next and no list of tools', async () => {
    const resolver = await resolverOf({ definitions });
    const error = bridgeErrorOf(() => resolver.resolve('teleport'));
    expect(error.kind).toBe('unknown_tool');
    expect(error.details).toEqual({});
    expect(JSON.stringify(error.toJSON())).toBe(
      '{"error":{"kind":"unknown_tool","message":"\\"teleport\\" is not an available tool. Use tool_search to find the tool you need, then call it by the name tool_search returns."}}',
    );
    expect(JSON.stringify(error)).not.toMatch(/github|jira|zendesk|notes|slack|calendar/i);
  });

  it.each([
    'github__create',
    'github.create_issue.extra',
    'github/create_issue',
    'create issue',
    'slack_post',
  ])('does not guess: %j is unknown', async (name) => {
    const resolver = await resolverOf({ definitions });
    expect(bridgeErrorOf(() => resolver.resolve(name)).toJSON()).toEqual(unknownJson(name));
  });

  it('escapes the echoed name as JSON', async () => {
    const resolver = await resolverOf({ definitions });
    expect(bridgeErrorOf(() => resolver.resolve('a"b\u0007c')).message).toBe(
      `"a\\"b\\u0007c" is not an available tool. ${nextStep}`,
    );
  });

  it.each([undefined, null, 42, true, {}, ['github__create_issue'], '', ' \n\t '])(
    'rejects %j as not a non-empty string',
    async (name) => {
      const resolver = await resolverOf({ definitions });
      expect(bridgeErrorOf(() => resolver.resolve(name)).toJSON()).toEqual({
        error: {
          kind: 'unknown_tool',
          message: `The tool name must be a non-empty string. ${nextStep}`,
        },
      });
    },
  );

  it('looks up names of up to 256 characters (code points) and rejects longer ones', async () => {
    const longKey = `${'k'.repeat(TOOL_NAME_MAX_LENGTH - 1)}z`;
    const resolver = await resolverOf({ definitions: [{ name: longKey }] });
    expect(TOOL_NAME_MAX_LENGTH).toBe(256);
    expect(resolver.resolve(longKey).key).toBe(longKey);
    expect(resolver.resolve(`  ${longKey}  `).key).toBe(longKey);
    const tooLong = {
      error: {
        kind: 'unknown_tool',
        message: `The tool name is longer than 256 characters, so no tool has it. ${nextStep}`,
      },
    };
    const emoji = '😀'.repeat(256);
    expect(emoji.length).toBe(512);
    expect(bridgeErrorOf(() => resolver.resolve(emoji)).toJSON()).toEqual(unknownJson(emoji));
    for (const name of [`${longKey}z`, `${emoji}😀`, `${emoji}a`, 'x'.repeat(100_000)]) {
      expect(bridgeErrorOf(() => resolver.resolve(name)).toJSON()).toEqual(tooLong);
    }
  });

  it.each([
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'prototype',
    '__defineGetter__',
    'isPrototypeOf',
  ])('treats %j as an ordinary unknown name', async (name) => {
    const resolver = await resolverOf({ definitions });
    expect(bridgeErrorOf(() => resolver.resolve(name)).toJSON()).toEqual(unknownJson(name));
    expect(bridgeErrorOf(() => resolver.resolve(name.toUpperCase())).toJSON()).toEqual(
      unknownJson(name.toUpperCase()),
    );
  });

  it('resolves tools that really have prototype member names, and nothing else', async () => {
    const resolver = await resolverOf({
      definitions: [{ name: '__proto__' }, { name: 'constructor' }, { name: 'tools__toString' }],
    });
    expect(resolver.resolve('__proto__').id).toBe('default.__proto__');
    expect(resolver.resolve('constructor').id).toBe('default.constructor');
    expect(resolver.resolve('default.constructor').id).toBe('default.constructor');
    expect(resolver.resolve('toString').id).toBe('tools.toString');
    expect(resolver.resolve('TOSTRING').id).toBe('tools.toString');
    expect(bridgeErrorOf(() => resolver.resolve('hasOwnProperty')).toJSON()).toEqual(
      unknownJson('hasOwnProperty'),
    );
    expect(Object.prototype).not.toHaveProperty('id');
  });

  it('never reaches a bridge tool, even when a tool has a bridge name as its local name', async () => {
    const resolver = await resolverOf({
      definitions,
      namespaces: { agent: { tools: mcpTools('tool_search', 'tool_call') } },
    });
    for (const name of [
      'tool_search',
      'tool_describe',
      'tool_call',
      'TOOL_CALL',
      ' Tool_Search ',
    ]) {
      expect(bridgeErrorOf(() => resolver.resolve(name)).toJSON()).toEqual({
        error: {
          kind: 'unknown_tool',
          message: `${JSON.stringify(name.trim())} is a bridge tool, not a tool that can be described or called by name. ${nextStep}`,
        },
      });
    }
    // The tools themselves stay reachable by their full names.
    expect(resolver.resolve('agent__tool_search').id).toBe('agent.tool_search');
    expect(resolver.resolve('agent.tool_call').id).toBe('agent.tool_call');
  });

  it('builds its tables once: entries added to the input afterwards are not seen', async () => {
    const catalog = await createCatalog({ definitions });
    const entries = catalog.entries.filter((entry) => entry.namespace !== 'slack');
    const resolver = createToolResolver(entries);
    entries.push(catalog.entries.find((entry) => entry.namespace === 'slack') as CatalogEntry);
    expect(bridgeErrorOf(() => resolver.resolve('slack.post')).toJSON()).toEqual(
      unknownJson('slack.post'),
    );
  });

  it('works when resolve is called detached from the resolver', async () => {
    const { resolve } = await resolverOf({ definitions });
    expect(resolve('post').id).toBe('slack.post');
  });
});

describe('createToolResolver: denied tools', () => {
  const allowed: ToolDefinition[] = [
    { name: 'github__create_issue' },
    { name: 'calendar__create_event' },
  ];
  const secret: ToolDefinition[] = [
    { name: 'jira__create_issue' },
    { name: 'payroll__export_salaries' },
    { name: 'hr/fire employee' },
  ];

  async function pair() {
    const withDenied = authorizeCatalog(
      await createCatalog({ definitions: [...allowed, ...secret] }),
      {
        deny: ['jira.*', 'payroll.*', 'hr.*'],
      },
    );
    expect(withDenied.entries.map((entry) => entry.id)).toEqual([
      'calendar.create_event',
      'github.create_issue',
    ]);
    const neverThere = await createCatalog({ definitions: allowed });
    return {
      denied: createToolResolver(withDenied.entries),
      absent: createToolResolver(neverThere.entries),
    };
  }

  /** The bytes of the error `resolver.resolve(name)` throws, or of the resolved id. */
  function answer(resolver: ToolResolver, name: unknown): string {
    try {
      return JSON.stringify({ id: resolver.resolve(name).id });
    } catch (error) {
      return JSON.stringify((error as ToolBridgeError).toJSON());
    }
  }

  it.each([
    'payroll__export_salaries',
    'payroll.export_salaries',
    'export_salaries',
    'EXPORT_SALARIES',
    'Payroll.Export_Salaries',
    'jira__create_issue',
    'jira.create_issue',
    'hr/fire employee',
    'hr__fire_employee',
    'fire_employee',
  ])('answers %j exactly as on a catalog where the tool never existed', async (name) => {
    const { denied, absent } = await pair();
    expect(answer(denied, name)).toBe(answer(absent, name));
    expect(answer(denied, name)).toBe(JSON.stringify(unknownJson(name)));
  });

  it('does not count a denied tool as a candidate for a shared bare name', async () => {
    const { denied, absent } = await pair();
    expect(answer(denied, 'create_issue')).toBe(answer(absent, 'create_issue'));
    expect(denied.resolve('create_issue').id).toBe('github.create_issue');
  });
});
