'use client';

import { useState } from 'react';

const catalogs = {
  small: '6 tools, below the caps: sent to the model as they are',
  large: '61 tools, above the caps: deferred behind tool_search, tool_describe and tool_call',
} as const;

export type Catalog = keyof typeof catalogs;

/**
 * Which tools the chat route hands `streamText` from the next request on (the `catalog` cookie):
 * switching in the middle of a conversation crosses the caps between two turns, or between a
 * call and its approval. Not part of the chat itself.
 */
export function CatalogSwitch({ initial }: { initial: Catalog }) {
  const [catalog, setCatalog] = useState(initial);
  return (
    <fieldset className="catalog">
      <legend>Catalog</legend>
      {(Object.keys(catalogs) as Catalog[]).map((name) => (
        <label key={name}>
          <input
            type="radio"
            name="catalog"
            value={name}
            checked={catalog === name}
            onChange={() => {
              // biome-ignore lint/suspicious/noDocumentCookie: a demo's one setting, read by the route
              document.cookie = `catalog=${name}; path=/; samesite=strict`;
              setCatalog(name);
            }}
          />{' '}
          {name}: {catalogs[name]}
        </label>
      ))}
    </fieldset>
  );
}
