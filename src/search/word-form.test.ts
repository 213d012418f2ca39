import { describe, expect, it } from 'vitest';
import { wordForm } from './word-form.js';

describe('wordForm', () => {
  it('takes plural endings off, with the exceptions of the S-stemmer', () => {
    expect(['queries', 'files', 'messages', 'Emails', 'event'].map(wordForm)).toEqual([
      'query',
      'file',
      'message',
      'email',
      'event',
    ]);
    expect(['toes', 'status', 'access', 'controlled'].map(wordForm)).toEqual([
      'toe',
      'status',
      'access',
      'controlled',
    ]);
  });
});
