/** Counts the tokens of a text; pass your model's tokenizer to replace the estimate. */
export type TokenCounter = (text: string) => number;

/*
 * The pre-tokenizer of OpenAI's o200k_base encoding, split into word, number,
 * punctuation and space alternatives. BPE runs on each piece separately, so
 * the real count is the sum over pieces, and only the pieces need estimating.
 */
const piecePattern =
  /([^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?:'s|'t|'re|'ve|'m|'ll|'d)?)|(\p{N}{1,3})|( ?[^\s\p{L}\p{N}]+[\r\n/]*)|\s*[\r\n]+|\s+(?!\S)|\s+/gu;

/*
 * How often BPE splits a word between two letters, in eighths: row = first
 * letter, column = second, each `a`–`z` then any other character. Common
 * English pairs (`th`, `in`, `er`) rarely split; rare pairs, frequent in names
 * such as `Eklavya`, usually do.
 */
const pairSplits =
  '500051000000006060000011007' +
  '042703360070400640451770077' +
  '060305101700740060100734047' +
  '020002040430161271001014076' +
  '010010041720002100000000016' +
  '040000371702570770102010074' +
  '157107300470201270000477067' +
  '107400360173000261503767120' +
  '000000044000000010000070707' +
  '277707742477001077070677774' +
  '366211042744613070043737475' +
  '134000460700441277001034075' +
  '117300470762021077061644060' +
  '040012021614600265001073052' +
  '100050020000000070000100054' +
  '045005501030130040001071247' +
  '004747773470007043000777444' +
  '040002070702000270000006071' +
  '160303601601200126000117067' +
  '010602000771420270010501025' +
  '000001030710003070002500020' +
  '260607070405771576577777774' +
  '146001700432600040017400047' +
  '070411762474476072707771074' +
  '472637673400000074107727002' +
  '000707713770771740356477424' +
  '444444444440444440004444444';

const splitRates = Float64Array.from(pairSplits, (digit) => Number(digit) / 7);

/*
 * Tokens of a word piece = max(1, a + b × letters + c × Σ split rates), per
 * class: the character before the letters (none `N`, space `S`, underscore
 * `U`, other `P`), then the case (`l` lower, `C` Capitalized, `U` upper, `o`
 * mixed); an `I` prefix marks the first word of a `- ` list item, where names
 * stand in catalog headers. Fitted by least squares against o200k_base over
 * tool definitions and catalog headers (the judged corpus padded with
 * distractors, generated catalogs with hundreds of namespaces, and public
 * tool-retrieval sets).
 */
const wordClasses: Record<string, readonly [number, number, number]> = {
  Nl: [0.974, 0.005, 0.989],
  NC: [0.942, 0.019, 1.116],
  NU: [0.583, 0.265, 0.416],
  No: [2, 0.083, -0.145],
  Sl: [0.992, 0.001, 0.203],
  SC: [0.711, 0.065, 0.613],
  SU: [0.697, 0.13, 0.48],
  So: [1.461, 0.016, 0.404],
  Ul: [0.983, 0.016, 1.39],
  UC: [1.139, 0.113, 1.315],
  UU: [0.145, 0.294, 1.16],
  Uo: [1.421, 0.029, 1.573],
  Pl: [0.921, 0.075, 1.347],
  PC: [1.382, 0.124, 0.678],
  PU: [0.274, 0.419, 0.652],
  Po: [1.805, 0.18, 0.198],
  ISl: [0.378, 0.112, 1.201],
  ISC: [0.715, 0.071, 1.258],
  ISU: [0.635, 0.185, 0.675],
  ISo: [2.037, 0.078, -0.668],
};

const prefixes = ['N', 'S', 'U', 'P'] as const;
const shapes = ['l', 'C', 'U', 'o'] as const;
/** The classes as [a, b, c] triples, indexed by item × 16 + prefix × 4 + shape. */
const classParameters = [0, 1].flatMap((item) =>
  prefixes.flatMap((prefix) =>
    shapes.map(
      (shape) =>
        (item ? wordClasses[`I${prefix}${shape}`] : undefined) ??
        (wordClasses[`${prefix}${shape}`] as readonly [number, number, number]),
    ),
  ),
);

const wideScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Estimates the number of `o200k_base` tokens of a text. Within 5% of the real
 * tokenizer on tool definitions and catalog headers (English descriptions,
 * JSON Schema, service and tool names), and fast enough to price 10,000 tools
 * on every cold start.
 */
export function estimateTokens(text: string): number {
  let tokens = 0;
  piecePattern.lastIndex = 0;
  for (let match = piecePattern.exec(text); match !== null; match = piecePattern.exec(text)) {
    const piece = match[0];
    if (match[1] !== undefined) tokens += wordTokens(piece, text, match.index);
    else if (match[3] !== undefined) {
      // JSON punctuation runs such as `":{"` merge into one token up to three characters.
      const length = piece.length;
      tokens += length <= 3 ? 1 : length === 4 ? 1.2 : 0.75 * length - 1.75;
    } else tokens += 1;
  }
  return Math.round(tokens);
}

function wordTokens(piece: string, text: string, index: number): number {
  const first = piece.charCodeAt(0);
  const prefixed = first < 128 ? !isAsciiLetter(first) : !/^[\p{L}\p{M}]/u.test(piece);
  const start = prefixed ? 1 : 0;
  const letters = piece.length - start;
  let upper = 0;
  let other = 0;
  let rates = 0;
  let previous = -1;
  for (let position = start; position < piece.length; position++) {
    const code = piece.charCodeAt(position);
    let letter = 26;
    if (code >= 97 && code <= 122) letter = code - 97;
    else if (code >= 65 && code <= 90) {
      letter = code - 65;
      upper++;
    } else if (code > 127) return nonAsciiWordTokens(piece.slice(start));
    else other++;
    if (previous >= 0) rates += splitRates[previous * 27 + letter] as number;
    previous = letter;
  }
  const prefix = !prefixed ? 0 : first === 32 ? 1 : first === 95 ? 2 : 3;
  const second = piece.charCodeAt(start);
  const shape =
    other > 0
      ? 3
      : upper === 0
        ? 0
        : upper === letters
          ? 2
          : upper === 1 && second >= 65 && second <= 90
            ? 1
            : 3;
  const item = prefix === 1 && isListItemStart(text, index) ? 16 : 0;
  const [a, b, c] = classParameters[item + prefix * 4 + shape] as readonly [number, number, number];
  return Math.max(1, a + b * letters + c * rates);
}

/** Han, kana and Hangul take about 0.7 tokens a character; other scripts, a token per four letters. */
function nonAsciiWordTokens(letters: string): number {
  const wide = letters.match(wideScript)?.length ?? 0;
  return wide * 0.7 + (letters.length > wide ? Math.max(1, (letters.length - wide) / 4) : 0);
}

function isAsciiLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/** A `-` list marker right after a line break (raw, or `\n` escaped in JSON) or at the start. */
function isListItemStart(text: string, index: number): boolean {
  if (text[index - 1] !== '-') return false;
  return (
    index === 1 || text[index - 2] === '\n' || (text[index - 2] === 'n' && text[index - 3] === '\\')
  );
}
