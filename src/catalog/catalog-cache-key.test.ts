import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../index.js';
import { authorizeCatalog } from './authorize-catalog.js';
import { catalogCacheKey, setCatalogContentKey } from './catalog-cache-key.js';

const definitions = ['github__create_issue', 'github__delete_repo', 'slack__send_message'].map(
  (name) => ({ name, description: `Does ${name}.` }),
);
const build = () => createCatalog({ definitions });

describe('catalogCacheKey', () => {
  it("is the authorized catalog's fingerprint when no content key was recorded", async () => {
    const catalog = await build();
    const everything = authorizeCatalog(catalog);
    const some = authorizeCatalog(catalog, { deny: ['slack.*'] });
    expect(catalogCacheKey(everything)).toBe(catalog.fingerprint);
    expect(catalogCacheKey(some)).toBe(some.fingerprint);
    expect(catalogCacheKey(some)).not.toBe(catalog.fingerprint);
  });

  it('is one key for catalogs built under one content key, and tells apart keys and policies', async () => {
    const [first, second, other] = await Promise.all([build(), build(), build()]);
    setCatalogContentKey(first, 'content of a request');
    setCatalogContentKey(second, 'content of a request');
    setCatalogContentKey(other, 'content of another request');
    const keyOf = (catalog: typeof first, deny?: string[]) =>
      catalogCacheKey(authorizeCatalog(catalog, deny === undefined ? {} : { deny }));

    expect(keyOf(first)).toBe(keyOf(second));
    expect(keyOf(first, ['slack.*'])).toBe(keyOf(second, ['slack.*']));
    const keys = [
      keyOf(first),
      keyOf(other),
      keyOf(first, ['slack.*']),
      keyOf(first, ['github.*']),
      keyOf(other, ['slack.*']),
      first.fingerprint,
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keyOf(first)).toMatch(/^content:[0-9a-f]{64}$/);
  });

  it('gives every authorized set of one catalog its own key', async () => {
    const catalog = await build();
    setCatalogContentKey(catalog, 'one request');
    const ids = catalog.entries.map((entry) => entry.id);
    const keys = new Map<string, string>();
    fc.assert(
      fc.property(fc.subarray(ids), (allowed) => {
        const key = catalogCacheKey(authorizeCatalog(catalog, { allow: allowed }));
        const set = allowed.join(' ');
        const seen = keys.get(key);
        if (seen !== undefined) expect(seen).toBe(set);
        keys.set(key, set);
      }),
    );
  });
});
