import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { createWordForms } from './create-word-forms.js';
import { toolFieldTerms } from './tool-field-terms.js';

describe('createWordForms', () => {
  it("has exactly the forms a tool's fields use, each tool its own, however often read", async () => {
    const { entries } = await createCatalog({
      definitions: [
        { name: 'plans__create_plan', description: 'Planning: creates a controlled plan.' },
        { name: 'mail__send', description: 'Sends the mail you wrote.' },
      ],
    });
    const wordForms = createWordForms(entries);
    for (let time = 0; time < 2; time++) {
      for (const [position, entry] of entries.entries()) {
        const expected: string[] = [];
        toolFieldTerms(entry, expected);
        for (const form of expected) expect(wordForms.has(position, form)).toBe(true);
        const others = entries.filter((other) => other !== entry);
        for (const other of others) {
          const theirs: string[] = [];
          toolFieldTerms(other, theirs);
          for (const form of theirs) {
            expect(wordForms.has(position, form)).toBe(expected.includes(form));
          }
        }
        expect(wordForms.has(position, 'unheard')).toBe(false);
      }
    }
    const plans = entries.findIndex((entry) => entry.id === 'plans.create_plan');
    expect(wordForms.has(plans, 'planning')).toBe(true);
    expect(wordForms.has(1 - plans, 'planning')).toBe(false);
  });
});
