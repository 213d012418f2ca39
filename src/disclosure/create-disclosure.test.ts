import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../catalog/index.js';
import {
  createCatalog,
  createDisclosure,
  InvalidOptionError,
  InvalidProfilePinsError,
} from '../index.js';

const definitions: ToolDefinition[] = [
  { name: 'slack__send_message', description: 'Send a message.' },
  { name: 'github__create_issue', description: 'Create an issue.' },
  { name: 'memory__save', description: 'Save a memory.' },
  { name: 'gmail__send_message', description: 'Send an email.' },
  { name: 'github__list_issues', description: 'List issues.' },
  { name: 'zendesk__create_ticket', description: 'Open a ticket.' },
  { name: 'memory__search', description: 'Search memories.' },
  { name: 'stripe__create_refund', description: 'Refund a charge.' },
  { name: 'jira__create_issue', description: 'Create a Jira issue.' },
  { name: 'notion__create_page', description: 'Create a page.' },
];
const catalog = await createCatalog({ definitions, core: ['memory.*'] });
/** Every definition costs exactly 100 tokens, so boundaries are exact. */
const hundred = () => 100;
const base = { catalog, environment: {}, countTokens: hundred };
const names = (disclosure: { advertised: readonly { name: string }[] }) =>
  disclosure.advertised.map((tool) => tool.name);

describe('createDisclosure: the active set', () => {
  it('uses maxTokens as the threshold, or min(maxTokens, floor(contextWindow / 10))', () => {
    expect(createDisclosure(base).threshold).toBe(12_000);
    expect(createDisclosure({ ...base, maxTokens: 8000 }).threshold).toBe(8000);
    expect(createDisclosure({ ...base, contextWindow: 50_000 }).threshold).toBe(5000);
    expect(createDisclosure({ ...base, contextWindow: 99_999 }).threshold).toBe(9999);
    expect(createDisclosure({ ...base, contextWindow: 1_000_000 }).threshold).toBe(12_000);
  });

  it('stays flat at exactly the token threshold and defers one token below it', () => {
    expect(createDisclosure({ ...base, maxTokens: 1000 }).deferred).toBe(false);
    expect(createDisclosure({ ...base, maxTokens: 999 }).deferred).toBe(true);
    expect(createDisclosure({ ...base, contextWindow: 10_000 }).deferred).toBe(false);
    expect(createDisclosure({ ...base, contextWindow: 9_999 }).deferred).toBe(true);
  });

  it('stays flat at exactly maxTools and defers one tool below it', () => {
    expect(createDisclosure({ ...base, maxTools: 10 }).deferred).toBe(false);
    expect(createDisclosure({ ...base, maxTools: 9 }).deferred).toBe(true);
  });

  it('advertises the authorized tools unchanged, in input order, when flat', () => {
    const disclosure = createDisclosure({ ...base, policy: { deny: ['stripe.*'] } });
    expect(names(disclosure)).toEqual(
      definitions.map((definition) => definition.name).filter((name) => !name.startsWith('stripe')),
    );
    expect(disclosure.toolSearchDescription).toBeNull();
    expect(disclosure.tokens).toEqual({ full: 900, advertised: 900 });
    expect(disclosure.discoverable).toEqual([]);
  });

  it('advertises core tools in canonical order, then the three bridges, when deferred', () => {
    const disclosure = createDisclosure({ ...base, maxTools: 5 });
    expect(names(disclosure)).toEqual([
      'memory__save',
      'memory__search',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
    expect(disclosure.discoverable.map((entry) => entry.id)).toEqual([
      'github.create_issue',
      'github.list_issues',
      'gmail.send_message',
      'jira.create_issue',
      'notion.create_page',
      'slack.send_message',
      'stripe.create_refund',
      'zendesk.create_ticket',
    ]);
    expect(disclosure.tokens).toEqual({ full: 1000, advertised: 500 });
    expect(disclosure.advertised[2]?.description).toBe(disclosure.toolSearchDescription);
  });

  it('never defers in off mode', () => {
    const disclosure = createDisclosure({ ...base, mode: 'off', maxTools: 0 });
    expect(disclosure.deferred).toBe(false);
    expect(names(disclosure)).toHaveLength(10);
  });

  it('renders a namespace header or an alphabetical index by mode', () => {
    const firstLine = (mode: 'compact' | 'signatures' | 'namespaces' | 'bridged') =>
      createDisclosure({ ...base, mode, maxTools: 1 }).toolSearchDescription?.split('\n')[0];
    expect(firstLine('namespaces')).toMatch(/ Namespaces:$/);
    expect(firstLine('bridged')).toMatch(/ Namespaces:$/);
    expect(firstLine('signatures')).toMatch(/schema_complete=true.* Tools:$/);
    expect(firstLine('compact')).toMatch(/names and descriptions only.* Tools:$/);
  });

  it('counts tokens on the compact wire JSON with the given counter', () => {
    const seen: string[] = [];
    createDisclosure({
      catalog,
      environment: {},
      policy: { allow: ['slack.*'] },
      countTokens: (text) => {
        seen.push(text);
        return 1;
      },
    });
    expect(seen).toEqual([
      '{"name":"slack__send_message","description":"Send a message.","parameters":{"type":"object","properties":{},"additionalProperties":false}}',
    ]);
  });

  it('is byte-identical for shuffled input', async () => {
    const shuffled = await createCatalog({
      definitions: [...definitions].reverse(),
      core: ['memory.*'],
    });
    const render = (source: typeof catalog) =>
      JSON.stringify(
        createDisclosure({ catalog: source, environment: {}, maxTools: 3 }).advertised.map(
          ({ name, description, parameters }) => ({ name, description, parameters }),
        ),
      );
    expect(render(shuffled)).toBe(render(catalog));
  });

  it('advertises tools whose schema is {}, a bare object type or anyOf unchanged below the caps', async () => {
    const anyOf = {
      anyOf: [
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        { type: 'object', properties: { email: { type: 'string' } } },
      ],
    };
    const execute = async () => 'ok';
    const odd = await createCatalog({
      tools: {
        ping: tool({ description: 'Ping.', inputSchema: jsonSchema({}), execute }),
        status: tool({ inputSchema: jsonSchema({ type: 'object' }), execute }),
        lookup: tool({ inputSchema: jsonSchema(anyOf), execute }),
      },
    });
    const flat = createDisclosure({ catalog: odd, environment: {} });
    expect(flat.deferred).toBe(false);
    expect(
      flat.advertised.map(({ name, parameters }) => [name, JSON.stringify(parameters)]),
    ).toEqual([
      ['ping', '{}'],
      ['status', '{"type":"object"}'],
      ['lookup', JSON.stringify(anyOf)],
    ]);
    for (const mode of ['compact', 'signatures', 'namespaces'] as const) {
      const deferred = createDisclosure({ catalog: odd, environment: {}, mode, maxTools: 1 });
      expect(deferred.toolSearchDescription).toContain('ping');
    }
  });

  it('rejects caps that are not positive integers', () => {
    expect(() => createDisclosure({ ...base, maxTokens: 0 })).toThrowError(
      'Invalid maxTokens: 0. Expected an integer of at least 1.',
    );
    expect(() => createDisclosure({ ...base, maxTools: 2.5 })).toThrow(
      expect.toSatisfy(InvalidOptionError.isInstance),
    );
    expect(() => createDisclosure({ ...base, contextWindow: -1 })).toThrowError(
      'Invalid contextWindow: -1.',
    );
  });
});

describe('createDisclosure: options', () => {
  it('rejects a profile or mode outside its valid values, listing them', () => {
    expect(() => createDisclosure({ ...base, profile: 42 as never })).toThrowError(
      'Invalid profile: 42. Expected a profile id matching [a-z0-9_:-]{1,128}.',
    );
    expect(() => createDisclosure({ ...base, profile: 'Support' })).toThrow(
      expect.toSatisfy(InvalidOptionError.isInstance),
    );
    expect(() => createDisclosure({ ...base, mode: 'all' as never })).toThrowError(
      'Invalid mode: "all". Expected one of off, compact, signatures, namespaces, bridged.',
    );
  });
});

describe('createDisclosure: profile pins', () => {
  const pins = {
    support: [
      'zendesk.create_ticket',
      'gmail.send_message',
      'nowhere.unknown',
      'stripe.create_refund',
    ],
  };
  const deferred = { ...base, maxTools: 5, profile: 'support', profilePins: pins };

  it('advertises pinned tools after core tools in bridged mode only', () => {
    const bridged = createDisclosure({
      ...deferred,
      mode: 'bridged',
      policy: { deny: ['stripe.*'] },
    });
    expect(names(bridged)).toEqual([
      'memory__save',
      'memory__search',
      'gmail__send_message',
      'zendesk__create_ticket',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
    expect(bridged.pinned.map((entry) => entry.id)).toEqual([
      'gmail.send_message',
      'zendesk.create_ticket',
    ]);
    expect(bridged.toolSearchDescription).not.toContain('zendesk');
    expect(names(createDisclosure({ ...deferred, mode: 'namespaces' }))).toEqual([
      'memory__save',
      'memory__search',
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
  });

  it('ignores unknown and denied pins, and profiles without pins', () => {
    const denied = createDisclosure({
      ...deferred,
      mode: 'bridged',
      policy: { deny: ['zendesk.*', 'gmail.*'] },
    });
    expect(denied.pinned.map((entry) => entry.id)).toEqual(['stripe.create_refund']);
    expect(createDisclosure({ ...deferred, mode: 'bridged', profile: 'sales' }).pinned).toEqual([]);
  });

  it('pins a tool by its record key, wire name or canonical id, never widening the policy', async () => {
    const execute = async () => 'ok';
    const inputSchema = jsonSchema({ type: 'object', properties: {} });
    const spelled = await createCatalog({
      namespaces: { mail: { tools: { send: tool({ inputSchema, execute }) } } },
      tools: {
        'files.read_text': tool({ inputSchema, execute }),
        lookup: tool({ inputSchema, execute }),
      },
      definitions: [
        { name: 'google_calendar__create_event', capability_id: 'google-calendar.create_event' },
      ],
    });
    const pinned = (pins: string[], policy = {}) =>
      createDisclosure({
        catalog: spelled,
        environment: {},
        mode: 'bridged',
        maxTools: 1,
        profile: 'support',
        profilePins: { support: pins },
        policy,
      }).pinned.map((entry) => entry.id);
    const cases: [string, string][] = [
      ['send', 'mail.send'],
      ['mail__send', 'mail.send'],
      ['mail.send', 'mail.send'],
      ['files.read_text', 'files.read_text'],
      ['files__read_text', 'files.read_text'],
      ['google_calendar__create_event', 'google-calendar.create_event'],
      ['google-calendar__create_event', 'google-calendar.create_event'],
      ['google-calendar.create_event', 'google-calendar.create_event'],
    ];
    for (const [name, id] of cases) expect(pinned([name])).toEqual([id]);
    expect(pinned(['send', 'files__read_text'], { deny: ['mail.*'] })).toEqual(['files.read_text']);
    expect(pinned(['send'], { allow: ['files.*', 'default.*'] })).toEqual([]);
  });

  it('with TOOL_DISCLOSURE=off, neither reads nor validates TOOL_DISCLOSURE_PROFILE_PINS', () => {
    const invalid = '{"support": [';
    for (const options of [
      { environment: { TOOL_DISCLOSURE: 'off', TOOL_DISCLOSURE_PROFILE_PINS: invalid } },
      { mode: 'off' as const, environment: { TOOL_DISCLOSURE_PROFILE_PINS: invalid } },
    ]) {
      const disclosure = createDisclosure({ ...base, ...options, maxTools: 1, profile: 'support' });
      expect(disclosure.mode).toBe('off');
      expect(disclosure.deferred).toBe(false);
      expect(names(disclosure)).toEqual(definitions.map((definition) => definition.name));
    }
    // An invalid option is a programming error, reported in every mode.
    expect(() => createDisclosure({ ...base, mode: 'off', profilePins: invalid })).toThrow(
      expect.toSatisfy(InvalidProfilePinsError.isInstance),
    );
  });

  it('reads TOOL_DISCLOSURE_PROFILE_PINS only in bridged mode, where pins apply', () => {
    const environment = { TOOL_DISCLOSURE_PROFILE_PINS: '{"Bad":[]}' };
    for (const mode of ['compact', 'signatures', 'namespaces'] as const) {
      expect(createDisclosure({ ...base, mode, environment, maxTools: 5 }).mode).toBe(mode);
    }
    expect(() => createDisclosure({ ...base, mode: 'bridged', environment })).toThrow(
      expect.toSatisfy(InvalidProfilePinsError.isInstance),
    );
  });

  it('reads pins from TOOL_DISCLOSURE_PROFILE_PINS and rejects an invalid map whole', () => {
    const fromEnvironment = createDisclosure({
      ...base,
      maxTools: 5,
      mode: 'bridged',
      profile: 'support',
      environment: { TOOL_DISCLOSURE_PROFILE_PINS: '{"support":["jira.create_issue"]}' },
    });
    expect(fromEnvironment.pinned.map((entry) => entry.id)).toEqual(['jira.create_issue']);
    expect(() =>
      createDisclosure({
        ...base,
        mode: 'bridged',
        environment: { TOOL_DISCLOSURE_PROFILE_PINS: '{"support":["jira.create_issue"],"Bad":[]}' },
      }),
    ).toThrow(expect.toSatisfy(InvalidProfilePinsError.isInstance));
  });
});
