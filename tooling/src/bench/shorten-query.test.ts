import { describe, expect, it } from 'vitest';
import { SHORTENED_QUERY_WORDS, shortenQuery } from './shorten-query.js';

describe('shortenQuery', () => {
  it('drops filler and keeps the first content words in their own spelling', () => {
    expect(shortenQuery('please find all markdown files in the project')).toBe(
      'find markdown files',
    );
    expect(shortenQuery('Read the contents of notes.txt.')).toBe('Read contents notes.txt');
    expect(shortenQuery("who's holding the pager right now")).toBe('holding pager right');
    expect(shortenQuery('post to #general on Slack')).toBe('post #general Slack');
  });

  it('keeps at most the configured number of words', () => {
    const shortened = shortenQuery('create issue label milestone project board') ?? '';
    expect(shortened.split(' ')).toHaveLength(SHORTENED_QUERY_WORDS);
  });

  it('gives nothing when the wording would not change or nothing is left', () => {
    expect(shortenQuery('slack__post_message')).toBeUndefined();
    expect(shortenQuery('run sql')).toBeUndefined();
    expect(shortenQuery('  run   sql ')).toBeUndefined();
    expect(shortenQuery('what is this')).toBeUndefined();
    expect(shortenQuery('')).toBeUndefined();
  });

  it('shortens a request of few words by its filler, not by its punctuation alone', () => {
    expect(shortenQuery('run the sql')).toBe('run sql');
    expect(shortenQuery('run sql?')).toBeUndefined();
  });
});
