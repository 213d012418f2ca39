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
    const wordFormsOf = createWordForms(entries);
    for (let time = 0; time < 2; time++) {
      for (const [position, entry] of entries.entries()) {
        const expected: string[] = [];
        toolFieldTerms(entry, expected);
        const forms = wordFormsOf(position);
        for (const form of expected) expect(forms.has(form)).toBe(true);
        const others = entries.filter((other) => other !== entry);
        for (const other of others) {
          const theirs: string[] = [];
          toolFieldTerms(other, theirs);
          for (const form of theirs) expect(forms.has(form)).toBe(expected.includes(form));
        }
        expect(forms.has('unheard')).toBe(false);
      }
    }
    const plans = entries.findIndex((entry) => entry.id === 'plans.create_plan');
    expect(wordFormsOf(plans).has('planning')).toBe(true);
    expect(wordFormsOf(1 - plans).has('planning')).toBe(false);
  });
});
