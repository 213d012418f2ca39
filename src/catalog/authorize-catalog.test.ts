import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalog, InvalidGlobError } from '../index.js';
import { authorizeCatalog } from './index.js';

const catalog = await createCatalog({
  definitions: [
    { name: 'github__create_issue' },
    { name: 'github__delete_repo' },
    { name: 'gitlab__create_issue' },
    { name: 'google-drive__upload_file' },
    { name: 'slack__send_message' },
  ],
  namespaces: { github: { description: 'Code' }, slack: { description: 'Chat' } },
});
const execute = async () => 'ok';
const inputSchema = jsonSchema({ type: 'object', properties: {} });
// Three tools whose record key, canonical id, wire name and encoded id differ.
const spelled = await createCatalog({
  namespaces: { mail: { tools: { send: tool({ inputSchema, execute }) } } },
  tools: { 'files.read_text': tool({ inputSchema, execute }) },
  definitions: [
    { name: 'google_calendar__create_event', capability_id: 'google-calendar.create_event' },
  ],
});
const ids = (authorized: { entries: readonly { id: string }[] }) =>
  authorized.entries.map((entry) => entry.id);

describe('authorizeCatalog', () => {
  it('authorizes everything without a policy and keeps the catalog fingerprint', () => {
    const authorized = authorizeCatalog(catalog);
    expect(authorized.entries).toEqual(catalog.entries);
    expect(authorized.fingerprint).toBe(catalog.fingerprint);
    // A policy whose rules are all absent or empty is no policy; an empty allow or effects list is.
    for (const policy of [{}, { deny: [] }, { isAllowed: undefined }]) {
      expect(authorizeCatalog(catalog, policy)).toEqual(authorized);
    }
    expect(authorizeCatalog(catalog, { allow: [] }).entries).toEqual([]);
    expect(authorizeCatalog(catalog, { effects: [] }).entries).toEqual([]);
    expect(authorizeCatalog(catalog, { isAllowed: () => false }).entries).toEqual([]);
  });

  it('applies allow globs, then deny globs, then the predicate', () => {
    expect(ids(authorizeCatalog(catalog, { allow: ['git*.*'] }))).toEqual([
      'github.create_issue',
      'github.delete_repo',
      'gitlab.create_issue',
    ]);
    expect(ids(authorizeCatalog(catalog, { allow: ['git*.*'], deny: ['*.delete_*'] }))).toEqual([
      'github.create_issue',
      'gitlab.create_issue',
    ]);
    expect(
      ids(
        authorizeCatalog(catalog, {
          deny: ['github.delete_repo'],
          isAllowed: (entry) => entry.namespace !== 'gitlab',
        }),
      ),
    ).toEqual(['github.create_issue', 'google-drive.upload_file', 'slack.send_message']);
    expect(ids(authorizeCatalog(catalog, { allow: ['*.create_issue', 'slack.*'] }))).toEqual([
      'github.create_issue',
      'gitlab.create_issue',
      'slack.send_message',
    ]);
    expect(ids(authorizeCatalog(catalog, { allow: ['google-?rive.*'] }))).toEqual([
      'google-drive.upload_file',
    ]);
  });

  describe('names written in any spelling', () => {
    const spellings: [string, string][] = [
      ['send', 'mail.send'],
      ['mail__send', 'mail.send'],
      ['files.read_text', 'files.read_text'],
      ['files__read_text', 'files.read_text'],
      ['google_calendar__create_event', 'google-calendar.create_event'],
      ['google-calendar__create_event', 'google-calendar.create_event'],
      ['google_calendar__*', 'google-calendar.create_event'],
    ];

    it('denies a tool named by its record key, wire name or encoded id, not only its canonical id', () => {
      for (const [name, id] of spellings) {
        expect(ids(authorizeCatalog(spelled, { deny: [name] }))).toEqual(
          ids(spelled).filter((other) => other !== id),
        );
      }
    });

    it('allows a tool named by any of its spellings, and deny still wins over allow', () => {
      for (const [name, id] of spellings) {
        expect(ids(authorizeCatalog(spelled, { allow: [name] }))).toEqual([id]);
      }
      expect(
        ids(authorizeCatalog(spelled, { allow: ['send', 'files.*'], deny: ['mail__send'] })),
      ).toEqual(['files.read_text']);
    });
  });

  it('removes denied tools from namespaces and changes the fingerprint', () => {
    const authorized = authorizeCatalog(catalog, { deny: ['slack.*'] });
    expect(authorized.namespaces.map((info) => info.name)).toEqual([
      'github',
      'gitlab',
      'google-drive',
    ]);
    expect(authorized.fingerprint).not.toBe(catalog.fingerprint);
    expect(authorizeCatalog(catalog, { deny: ['slack.*'] }).fingerprint).toBe(
      authorized.fingerprint,
    );
  });

  it('rejects bad globs with the option and the pattern named', () => {
    const cases: [Parameters<typeof authorizeCatalog>[1], string][] = [
      [
        { allow: ['[abc'] },
        'Invalid glob "[abc" in allow: Missing closing: "]" - use "\\\\]" to match literal characters.',
      ],
      [{ deny: [''] }, 'Invalid glob "" in deny: it is empty.'],
      [
        { deny: ['!github.*'] },
        'Invalid glob "!github.*" in deny: negation is not supported; list the pattern under deny instead.',
      ],
      [
        { allow: [' github.*'] },
        'Invalid glob " github.*" in allow: it has leading or trailing spaces.',
      ],
    ];
    for (const [policy, start] of cases) {
      let caught: unknown;
      try {
        authorizeCatalog(catalog, policy);
      } catch (error) {
        caught = error;
      }
      expect(InvalidGlobError.isInstance(caught)).toBe(true);
      expect((caught as Error).message).toBe(
        `${start} Globs match a tool's canonical id, record key or wire name, such as "github.*", "*.list_*" or "slack__send_message".`,
      );
    }
  });
});
