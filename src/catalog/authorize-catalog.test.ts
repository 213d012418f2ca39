import { describe, expect, it } from 'vitest';
import { authorizeCatalog, createCatalog, InvalidGlobError } from '../index.js';

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
const ids = (authorized: { entries: readonly { id: string }[] }) =>
  authorized.entries.map((entry) => entry.id);

describe('authorizeCatalog', () => {
  it('authorizes everything without a policy and keeps the catalog fingerprint', () => {
    const authorized = authorizeCatalog(catalog);
    expect(authorized.entries).toEqual(catalog.entries);
    expect(authorized.fingerprint).toBe(catalog.fingerprint);
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
        `${start} Globs match canonical ids such as "github.*", "*.list_*" or "slack.send_message".`,
      );
    }
  });
});
