/** Counts the tokens of a text; pass your model's tokenizer to replace the estimate. */
export type TokenCounter = (text: string) => number;

/*
 * The pre-tokenizer of OpenAI's o200k_base encoding, split into word, number,
 * punctuation and space alternatives. BPE runs on each piece separately, so
 * the number of pieces, weighted by how often BPE splits each kind and length,
 * estimates the token count without shipping a 4 MB vocabulary.
 */
const piecePattern =
  /([^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?:'s|'t|'re|'ve|'m|'ll|'d)?)|(\p{N}{1,3})|( ?[^\s\p{L}\p{N}]+[\r\n/]*)|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/**
 * Estimates the number of `o200k_base` tokens of a text. Within a few percent
 * of the real tokenizer on tool definitions (English descriptions, JSON
 * Schema), and fast enough to price 10,000 tools on every cold start.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  piecePattern.lastIndex = 0;
  for (let match = piecePattern.exec(text); match !== null; match = piecePattern.exec(text)) {
    const length = match[0].length;
    if (match[1] !== undefined) {
      // Common words are one token; long identifiers split into pieces of about four letters.
      tokens += length <= 6 ? 1 : length <= 13 ? 1.12 : length / 4;
    } else if (match[3] !== undefined) {
      // JSON punctuation runs such as `":{"` merge into one token up to three characters.
      tokens += length <= 3 ? 1 : length === 4 ? 1.2 : length / 2;
    } else {
      tokens += 1;
    }
  }
  return Math.round(tokens);
}
