import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolResolver } from '../bridge/resolve-tool-name.js';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { tryResolveTool } from './try-resolve-tool.js';

const { entries } = createCatalogSync({
  tools: {
    'mail.send': tool({ description: 'Send.', inputSchema: jsonSchema({ type: 'object' }) }),
  },
});
const resolver = createToolResolver(entries);

describe('tryResolveTool', () => {
  it('gives the entry a name resolves to, and undefined where resolving throws', () => {
    expect(tryResolveTool(resolver, 'mail__send')?.id).toBe('mail.send');
    expect(() => resolver.resolve('nothing.here')).toThrow();
    expect(tryResolveTool(resolver, 'nothing.here')).toBeUndefined();
    expect(tryResolveTool(resolver, 42)).toBeUndefined();
  });
});
