import { CliUsageError } from './cli-usage-error.js';

/** Splits a command line at unquoted whitespace; '…' and "…" group, \ escapes outside '…'. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < text.length) word += text[++index];
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < text.length) {
      word += text[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== undefined) {
    throw new CliUsageError({ message: `unclosed ${quote} in --mcp ${JSON.stringify(text)}` });
  }
  if (inWord) words.push(word);
  return words;
}
