/** Content words a shortened query keeps, from the start of the request. */
export const SHORTENED_QUERY_WORDS = 3;

/**
 * Words that carry no tool's meaning: articles, pronouns, auxiliaries,
 * prepositions, conjunctions and a chat's politeness. Written for the cost
 * model's retry, apart from any ranker's stop words, so no arm is favoured.
 */
const fillerWords = new Set([
  'a',
  'about',
  'all',
  'also',
  'am',
  'an',
  'and',
  'any',
  'are',
  'as',
  'at',
  'be',
  'been',
  'but',
  'by',
  'can',
  'could',
  'did',
  'do',
  'does',
  'for',
  'from',
  'had',
  'has',
  'have',
  'he',
  'her',
  'here',
  'him',
  'his',
  'how',
  'i',
  "i'd",
  "i'll",
  "i'm",
  'if',
  'in',
  'into',
  'is',
  'it',
  "it's",
  'its',
  'just',
  'let',
  "let's",
  'may',
  'me',
  'might',
  'must',
  'my',
  'need',
  'now',
  'of',
  'on',
  'or',
  'our',
  'please',
  'she',
  'should',
  'so',
  'some',
  'than',
  'that',
  'the',
  'their',
  'them',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'to',
  'us',
  'want',
  'was',
  'we',
  'were',
  'what',
  "what's",
  'which',
  'who',
  "who's",
  'will',
  'with',
  'would',
  'you',
  'your',
]);

/**
 * The cost model's second wording of a request: its words without filler
 * (`fillerWords`, compared in lower case, punctuation at a word's ends
 * removed), the first `SHORTENED_QUERY_WORDS` of them in their own spelling.
 * Undefined when that leaves nothing, or changes nothing: searching again with
 * the same words finds the same tools.
 *
 * @example
 * shortenQuery('please find all markdown files in the project') // 'find markdown files'
 * shortenQuery('slack__post_message') // undefined
 */
export function shortenQuery(query: string): string | undefined {
  const words = query
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}_#@]+|[^\p{L}\p{N}_]+$/gu, ''))
    .filter((word) => word !== '');
  const kept = words
    .filter((word) => !fillerWords.has(word.toLowerCase().replaceAll('’', "'")))
    .slice(0, SHORTENED_QUERY_WORDS);
  if (kept.length === 0) return undefined;
  const shortened = kept.join(' ');
  return shortened === words.join(' ') ? undefined : shortened;
}
