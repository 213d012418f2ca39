// check-no-timing-assertions.mjs [DIR...]: fails (exit 1) when a unit test (*.test.ts under DIR,
// default src and test) asserts on wall-clock time or heap size: an expectation that compares
// (toBeLessThan, toBeGreaterThan, toBeLessThanOrEqual, toBeGreaterThanOrEqual, toBeCloseTo, or <, >,
// <=, >= inside expect(...)) a reading of performance.now(), Date.now(), process.hrtime, .heapUsed
// or memoryUsage(), directly or through a variable or a function's return value that holds one.
// Such a test fails on a slow or busy machine, not for a reason; timings belong to `bench`, and a
// test bounds work by counting or with an injected clock. Reading the clock elsewhere (a deadline
// to poll against, a fake clock's value compared with toBe) is not flagged.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Readings of the wall clock or of the heap. */
const READING =
  /\bperformance\.now\s*\(|\bDate\.now\s*\(|\bprocess\.hrtime\b|\.heapUsed\b|\bmemoryUsage\s*\(/;
/** Matchers that order two numbers. */
const ORDERING_MATCHER =
  /\.(?:not\.)?(?:toBeLessThan|toBeLessThanOrEqual|toBeGreaterThan|toBeGreaterThanOrEqual|toBeCloseTo)\s*\(/;
/** A comparison operator, not part of an arrow (=>) or a generic's angle brackets followed by `(`. */
const COMPARISON = /[^=<>!]\s*(?:<=?|>=?)\s*[^=>]/;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/**
 * `source` with comments removed and the text of string literals blanked (a template's
 * `${...}` expressions kept), lines and offsets unchanged, so patterns match code only.
 */
export function codeOnly(source) {
  let out = '';
  let index = 0;
  const templateDepths = [];
  let braceDepth = 0;
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      const stop = end === -1 ? source.length : end;
      out += blank(source.slice(index, stop));
      index = stop;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += blank(source.slice(index, stop));
      index = stop;
    } else if (char === "'" || char === '"') {
      let end = index + 1;
      while (end < source.length && source[end] !== char && source[end] !== '\n') {
        end += source[end] === '\\' ? 2 : 1;
      }
      out += `${char}${blank(source.slice(index + 1, end))}${char}`;
      index = end + 1;
    } else if (char === '`' || (char === '}' && templateDepths.at(-1) === braceDepth)) {
      // The text of a template, from its start or from the end of a `${...}`, up to `${` or its end.
      if (char === '}') templateDepths.pop();
      let end = index + 1;
      while (
        end < source.length &&
        source[end] !== '`' &&
        !(source[end] === '$' && source[end + 1] === '{')
      ) {
        end += source[end] === '\\' ? 2 : 1;
      }
      out += `${char}${blank(source.slice(index + 1, end))}`;
      if (source[end] === '$') {
        out += '${';
        braceDepth++;
        templateDepths.push(braceDepth);
        index = end + 2;
      } else {
        out += '`';
        index = end + 1;
      }
    } else {
      if (char === '{') braceDepth++;
      else if (char === '}') braceDepth--;
      out += char;
      index++;
    }
  }
  return out;
}

/** The end (exclusive) of the statement or expression that starts at `start`: a `;`, or a closer, at depth 0. */
function statementEnd(code, start) {
  let depth = 0;
  for (let index = start; index < code.length; index++) {
    const char = code[index];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      if (depth === 0) return index;
      depth--;
    } else if (char === ';' && depth === 0) return index;
  }
  return code.length;
}

/** The index just past the `}` that closes the `{` at `open`. */
function blockEnd(code, open) {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    if (code[index] === '{') depth++;
    else if (code[index] === '}' && --depth === 0) return index + 1;
  }
  return code.length;
}

/** Whether `text` reads the clock or the heap, or names a name in `tainted`. */
function holdsReading(text, tainted) {
  if (READING.test(text)) return true;
  for (const [name] of text.matchAll(IDENTIFIER)) if (tainted.has(name)) return true;
  return false;
}

/**
 * Names that hold a clock or heap reading: variables initialized or assigned from an expression
 * that holds one, and functions that return one (an arrow's expression body, or a `return`).
 * Scopes are not told apart: a name is tainted everywhere in the file.
 */
function taintedNames(code) {
  const tainted = new Set();
  const bindings = [];
  // Functions: declarations and arrows or function expressions bound to a name.
  const functionStart =
    /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(|\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|(?:\([^()]*(?:\([^()]*\)[^()]*)*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>)/g;
  const functionRanges = [];
  for (const match of code.matchAll(functionStart)) {
    const name = match[1] ?? match[2];
    let cursor = match.index + match[0].length;
    if (match[1] !== undefined || /function\b$/.test(match[0])) {
      // Past the parameter list to the body's brace.
      cursor = code.indexOf('{', statementEnd(code, code.indexOf('(', cursor - 1) + 1));
    }
    while (/\s/.test(code[cursor] ?? '')) cursor++;
    if (code[cursor] === '{') {
      const end = blockEnd(code, cursor);
      functionRanges.push([match.index, end]);
      const returns = [];
      for (const ret of code.slice(cursor, end).matchAll(/\breturn\b/g)) {
        const start = cursor + ret.index + ret[0].length;
        returns.push(code.slice(start, statementEnd(code, start)));
      }
      bindings.push({ names: [name], sources: returns });
    } else {
      const end = statementEnd(code, cursor);
      functionRanges.push([match.index, end]);
      bindings.push({ names: [name], sources: [code.slice(cursor, end)] });
    }
  }
  const inFunctionHead = (offset) => functionRanges.some(([start]) => start === offset);
  // Variables: declarations (destructuring included) and plain assignments.
  const declaration =
    /\b(?:const|let|var)\s+(\{[^}]*\}|\[[^\]]*\]|[A-Za-z_$][\w$]*)\s*(?::[^=;]+)?=(?![=>])/g;
  for (const match of code.matchAll(declaration)) {
    if (inFunctionHead(match.index)) continue;
    const start = match.index + match[0].length;
    const names = [...match[1].matchAll(IDENTIFIER)].map(([name]) => name);
    bindings.push({ names, sources: [code.slice(start, statementEnd(code, start))] });
  }
  const assignment = /(?<![.\w$])([A-Za-z_$][\w$]*)\s*[-+]?=(?![=>])/g;
  for (const match of code.matchAll(assignment)) {
    const before = code.slice(Math.max(0, match.index - 6), match.index);
    if (/\b(?:const|let|var)\s*$/.test(before)) continue;
    const start = match.index + match[0].length;
    bindings.push({ names: [match[1]], sources: [code.slice(start, statementEnd(code, start))] });
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const { names, sources } of bindings) {
      if (names.every((name) => tainted.has(name))) continue;
      if (sources.some((source) => holdsReading(source, tainted))) {
        for (const name of names) tainted.add(name);
        changed = true;
      }
    }
  }
  return tainted;
}

/** The timing or heap assertions in one test file's source: `{ line, text }`, 1-based lines. */
export function findTimingAssertions(source) {
  const code = codeOnly(source);
  const tainted = taintedNames(code);
  const found = [];
  for (const match of code.matchAll(/\bexpect\s*\(/g)) {
    const argumentStart = match.index + match[0].length;
    const argumentEnd = statementEnd(code, argumentStart);
    const argument = code.slice(argumentStart, argumentEnd);
    // The whole chain: expect(...).not.toBeLessThan(...)
    const chainEnd = statementEnd(code, argumentEnd + 1);
    const chain = code.slice(argumentEnd + 1, chainEnd);
    const compares = ORDERING_MATCHER.test(chain) || COMPARISON.test(argument);
    if (!compares) continue;
    if (!holdsReading(argument, tainted) && !holdsReading(chain, tainted)) continue;
    const line = code.slice(0, match.index).split('\n').length;
    found.push({ line, text: source.split('\n')[line - 1].trim() });
  }
  return found;
}

/** Every `*.test.ts` under `directory`, dependencies and build output left out. */
function testFiles(directory) {
  const files = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
      continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...testFiles(path));
    else if (entry.name.endsWith('.test.ts')) files.push(path);
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roots =
    process.argv.length > 2
      ? process.argv.slice(2)
      : ['src', 'test', 'tooling/src', 'tooling/test'];
  let count = 0;
  for (const root of roots) {
    for (const file of testFiles(root)) {
      for (const { line, text } of findTimingAssertions(readFileSync(file, 'utf8'))) {
        console.error(`${relative(process.cwd(), file)}:${line}: ${text}`);
        count++;
      }
    }
  }
  if (count > 0) {
    console.error(
      `${count} assertion(s) on wall-clock time or heap size in unit tests: bound the work by counting ` +
        '(operations, visited nodes, calls) or inject a clock; timings belong to `bench`.',
    );
    process.exit(1);
  }
  console.log(`no unit test asserts on wall-clock time or heap size (${roots.join(', ')})`);
}
