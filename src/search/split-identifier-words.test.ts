import { describe, expect, it } from 'vitest';
import { splitIdentifierWords } from './split-identifier-words.js';

/** The words as the Unicode expressions alone split them, for any text. */
function reference(text: string, keepJoined: boolean): string[] {
  const words: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const parts = word
      .replace(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/gu, ' ')
      .replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ')
      .split(' ');
    if (keepJoined && parts.length > 1) words.push(word);
    words.push(...parts);
  }
  return words;
}

describe('splitIdentifierWords', () => {
  it('splits identifiers at separators, humps and letter-digit edges', () => {
    expect(splitIdentifierWords('github__createPullRequest.v2')).toEqual([
      'github',
      'create',
      'Pull',
      'Request',
      'v',
      '2',
    ]);
    expect(splitIdentifierWords('YouTube HTTPServer', true)).toEqual([
      'YouTube',
      'You',
      'Tube',
      'HTTPServer',
      'HTTP',
      'Server',
    ]);
  });

  it('splits every text as the Unicode expressions do, ASCII or not', () => {
    const pieces = [
      'send',
      'Mail',
      'HTTP',
      'v2',
      '2fa',
      'x',
      'É',
      'ñandú',
      '数据',
      '٣',
      ' ',
      '__',
      '-',
      '.',
      '\n',
      '$',
      '😀',
      'listEvents',
      'OAuth2Token',
      'ABCdef',
      '9',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let text = 0; text < 3000; text++) {
      const length = Math.floor(random() * 8);
      const value = Array.from({ length }, () => pieces[Math.floor(random() * pieces.length)]).join(
        random() < 0.5 ? '' : ' ',
      );
      for (const keepJoined of [false, true]) {
        expect(splitIdentifierWords(value, keepJoined)).toEqual(reference(value, keepJoined));
      }
    }
  });
});
