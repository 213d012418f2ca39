import { jsonSchema, type ToolSet, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { withToolDisclosureSync } from '../wrap/with-tool-disclosure.js';
import { createCatalogSync } from './create-catalog.js';
import { unmatchedGlobWarnings } from './unmatched-glob-warnings.js';

const anyObject = jsonSchema({ type: 'object' });
const tools: ToolSet = {
  'weather.forecast': tool({ description: 'Get the forecast.', inputSchema: anyObject }),
  'memory.recall': tool({ description: 'Recall a note.', inputSchema: anyObject }),
  'billing.delete_invoice': tool({ description: 'Delete an invoice.', inputSchema: anyObject }),
};
const { entries } = createCatalogSync({ tools });

describe('unmatchedGlobWarnings', () => {
  it('warns of each pattern that names no tool by any spelling, naming the namespaces', () => {
    expect(
      unmatchedGlobWarnings(
        ['billing.delete_*', 'billing__delete_invoice', 'bill.*', 'memory.recall', 'crm.*'],
        'policy.deny',
        'denies',
        entries,
      ),
    ).toEqual([
      'policy.deny pattern "bill.*" matches no tool, so it denies nothing; match a tool\'s canonical id, record key or wire name (the catalog\'s namespaces: billing.*, memory.*, weather.*).',
      'policy.deny pattern "crm.*" matches no tool, so it denies nothing; match a tool\'s canonical id, record key or wire name (the catalog\'s namespaces: billing.*, memory.*, weather.*).',
    ]);
  });

  it('names eight namespaces at most, and says when the catalog is empty', () => {
    const wide = createCatalogSync({
      tools: Object.fromEntries(
        Array.from({ length: 10 }, (_, index) => [
          `ns${index}.run`,
          tool({ description: 'Run.', inputSchema: anyObject }),
        ]),
      ),
    });
    expect(unmatchedGlobWarnings(['x.*'], 'core', 'makes core', wide.entries)).toEqual([
      expect.stringMatching(/namespaces: ns0\.\*, .*, ns7\.\*, … \(10 in all\)\)\.$/),
    ]);
    expect(unmatchedGlobWarnings(['x.*'], 'core', 'makes core', [])).toEqual([
      expect.stringContaining("the catalog's namespaces: none, it has no tools"),
    ]);
  });
});

describe('patterns that match no tool, through the library', () => {
  it('createDisclosure warns of a policy.deny pattern that denies nothing', () => {
    const warnings: string[] = [];
    const catalog = createCatalogSync({ tools });
    createDisclosure({
      catalog,
      policy: { deny: ['billing.remove_*', 'billing.delete_*'] },
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings).toEqual([expect.stringMatching(/^policy\.deny pattern "billing\.remove_\*"/)]);
  });

  it('the wrapper warns once per catalog built of a core pattern, and once per disclosure of a deny pattern, that match nothing', () => {
    const warnings: string[] = [];
    const options = {
      core: ['memory.*', 'memories.*'],
      policy: { deny: ['billing.delete_*', 'payments.*'] },
      environment: {},
      onWarning: (message: string) => warnings.push(message),
    };
    const model = new MockLanguageModelV4();
    // A fresh catalog content of its own, so no other test's cached catalog answers.
    const own = {
      ...tools,
      'probe.unmatched': tool({ description: 'Probe.', inputSchema: anyObject }),
    };
    for (let request = 0; request < 3; request++) {
      withToolDisclosureSync({ model, tools: own, prompt: 'Go.' }, options);
    }
    expect(warnings).toEqual([
      expect.stringMatching(
        /^core pattern "memories\.\*" matches no tool, so it makes core nothing;/,
      ),
      expect.stringMatching(
        /^policy\.deny pattern "payments\.\*" matches no tool, so it denies nothing;/,
      ),
    ]);
  });

  it('stays silent when every pattern names a tool', () => {
    const warnings: string[] = [];
    withToolDisclosureSync(
      { model: new MockLanguageModelV4(), tools, prompt: 'Go.' },
      {
        core: ['memory.*'],
        policy: { deny: ['billing.delete_*'] },
        environment: {},
        onWarning: (message) => warnings.push(message),
      },
    );
    expect(warnings).toEqual([]);
  });
});
