import { describeFoundValue } from '../error/describe-found-value.js';
import { SearchIndexSnapshotDamagedError } from '../error/search-index-snapshot-damaged-error.js';
import type { FieldTermNumbers, NumberedRuns } from './create-field-term-numbering.js';
import { TERM_END } from './term-tokenizer.js';
import { TOOL_FIELDS } from './tool-field-terms.js';

/** Where a snapshot holds the ranker's saved index. */
const AT = 'index';

/** The longest saved key (a term) quoted in a path. */
const KEY_MAX = 40;

/**
 * What is wrong with a saved index of the default ranker (`saveIndex`), as a
 * snapshot's `index` holds it: undefined when it has the layout the ranker
 * loads, over `tools` tools when that is given. Checked without the catalog's
 * tools, in work bounded by the number of tools the data claims and the
 * length of its texts: counts before contents, fixed paths, no key read that
 * a prototype has, nothing recursive, so a hostile snapshot (huge, deeply
 * nested, with `__proto__` keys) costs no more than reading it did. What it
 * checks:
 *
 * - `ranker`, `version`, and `tools` a count that Orama's id list has as many ids as;
 * - every document, 1 to `tools`: an object with that id and a string in every field;
 * - every field length: the number of terms of its document's text;
 * - every average field length: the running average of the lengths, as Orama
 *   computes it (and a build scores with), to the bit;
 * - the term occurrences and their fields are objects (`findOccurrenceDamage`
 *   compares them once the texts are numbered).
 *
 * What a load never reads (Orama's trees, per-document frequencies, sort and
 * pin data) is not checked: damage there changes no search.
 *
 * @example
 * const damage = findSavedIndexDamage(snapshot.index, entries.length);
 * if (damage !== undefined) throw damage;
 */
export function findSavedIndexDamage(
  data: unknown,
  tools?: number,
): SearchIndexSnapshotDamagedError | undefined {
  const damage = readDamage(data);
  if (damage !== undefined) return damage;
  const saved = own(data, 'tools');
  if (tools === undefined || saved === tools) return undefined;
  return damaged(`${AT}.tools`, saved, `${tools}, the number of tools indexed`);
}

/**
 * What is wrong with the term occurrences of a saved index that
 * `findSavedIndexDamage` passed, whose texts are `numbered`: each field's
 * count of each of its terms (Orama's `tokenOccurrences`) must be the texts'
 * own. A text edited into others of as many terms has the lengths right but
 * not the counts: without this it loaded and ranked as the edit said.
 */
export function findOccurrenceDamage(
  data: unknown,
  numbered: FieldTermNumbers,
): SearchIndexSnapshotDamagedError | undefined {
  const occurrences = own(own(own(data, 'orama'), 'index'), 'tokenOccurrences');
  const counts = new Int32Array(numbered.terms.length);
  for (const [field, name] of TOOL_FIELDS.entries()) {
    const { values } = numbered.fields[field] as NumberedRuns;
    // Each term of the field counted, and listed once, in order of first occurrence.
    const used: number[] = [];
    for (let slot = 0; slot < values.length; slot++) {
      const term = values[slot] as number;
      if (counts[term] === 0) used.push(term);
      counts[term] = (counts[term] as number) + 1;
    }
    const saved = own(occurrences, name);
    if (!isRecord(saved)) {
      return damaged(`${AT}.orama.index.tokenOccurrences.${name}`, saved, 'an object');
    }
    for (const term of used) {
      const count = counts[term] as number;
      counts[term] = 0;
      // A plain read: a key ending in TERM_END is no Object.prototype member's name.
      const key = `${numbered.terms[term] as string}${TERM_END}`;
      const found = saved[key];
      if (found !== count) {
        return damaged(
          `${AT}.orama.index.tokenOccurrences.${name}.${pathKey(key)}`,
          found,
          `${count}, the term's occurrences in the documents' ${name} texts`,
        );
      }
    }
  }
  return undefined;
}

/** The first thing wrong with the layout of `data`, counts and shapes before contents. */
function readDamage(data: unknown): SearchIndexSnapshotDamagedError | undefined {
  if (!isRecord(data)) return damaged(AT, data, "the ranker's saved index, an object");
  const ranker = own(data, 'ranker');
  if (ranker !== 'default') return damaged(`${AT}.ranker`, ranker, '"default"');
  const version = own(data, 'version');
  if (version !== 1) return damaged(`${AT}.version`, version, '1');
  const tools = own(data, 'tools');
  if (typeof tools !== 'number' || !Number.isSafeInteger(tools) || tools < 0) {
    return damaged(`${AT}.tools`, tools, 'the number of tools indexed');
  }
  const orama = own(data, 'orama');
  if (!isRecord(orama)) return damaged(`${AT}.orama`, orama, "Orama's saved index, an object");
  const store = own(orama, 'internalDocumentIDStore');
  if (!isRecord(store)) {
    return damaged(`${AT}.orama.internalDocumentIDStore`, store, 'an object');
  }
  const ids = own(store, 'internalIdToId');
  if (!Array.isArray(ids) || ids.length !== tools) {
    return damaged(
      `${AT}.orama.internalDocumentIDStore.internalIdToId`,
      ids,
      `an array of ${tools} ids (${AT}.tools)`,
    );
  }
  const docs = own(orama, 'docs');
  if (!isRecord(docs)) return damaged(`${AT}.orama.docs`, docs, 'an object');
  const documents = own(docs, 'docs');
  if (typeof documents !== 'object' || documents === null) {
    return damaged(`${AT}.orama.docs.docs`, documents, 'the documents, an object');
  }
  const index = own(orama, 'index');
  if (!isRecord(index)) return damaged(`${AT}.orama.index`, index, 'an object');
  const parts = ['fieldLengths', 'avgFieldLength', 'tokenOccurrences'] as const;
  for (const part of parts) {
    const value = own(index, part);
    if (!isRecord(value)) return damaged(`${AT}.orama.index.${part}`, value, 'an object');
    if (part === 'avgFieldLength') continue;
    for (const field of TOOL_FIELDS) {
      const byField = own(value, field);
      if (!isRecord(byField)) {
        return damaged(`${AT}.orama.index.${part}.${field}`, byField, 'an object');
      }
    }
  }
  const lengths = own(index, 'fieldLengths') as Record<string, Record<string, unknown>>;
  const lengthsByField = TOOL_FIELDS.map((field) => lengths[field] as Record<string, unknown>);
  // One tight pass over the documents: paths are written only for the damage found. Plain reads:
  // every key read is a field name or a number, none of them the name of an Object.prototype
  // member, so no key of the data resolves to a prototype's (`own` took most of the pass).
  const byKey = documents as Record<string, unknown>;
  for (let internalId = 1; internalId <= tools; internalId++) {
    const id = ids[internalId - 1] as unknown;
    if (typeof id !== 'string') {
      return damaged(idPath(internalId), id, "a tool's canonical id, a string");
    }
    const document = byKey[internalId];
    if (!isRecord(document)) {
      return damaged(documentPath(internalId), document, 'a document, an object');
    }
    if (document.id !== id) {
      return damaged(
        `${documentPath(internalId)}.id`,
        document.id,
        `${describeFoundValue(id)} (${idPath(internalId)})`,
      );
    }
    for (let field = 0; field < TOOL_FIELDS.length; field++) {
      const name = TOOL_FIELDS[field] as string;
      const text = document[name];
      if (typeof text !== 'string') {
        return damaged(`${documentPath(internalId)}.${name}`, text, 'a string');
      }
      const length = (lengthsByField[field] as Record<number, unknown>)[internalId];
      const terms = countTerms(text);
      if (length !== terms) {
        return damaged(
          `${AT}.orama.index.fieldLengths.${name}.${internalId}`,
          length,
          `${terms}, the number of terms of ${documentPath(internalId)}.${name}`,
        );
      }
    }
  }
  const averages = own(index, 'avgFieldLength');
  for (const field of TOOL_FIELDS) {
    const average = runningAverage(lengths[field] as Record<string, unknown>, tools);
    const saved = own(averages, field);
    if (saved !== average) {
      return damaged(
        `${AT}.orama.index.avgFieldLength.${field}`,
        saved,
        `${average}, the average of ${AT}.orama.index.fieldLengths.${field}`,
      );
    }
  }
  return undefined;
}

function idPath(internalId: number): string {
  return `${AT}.orama.internalDocumentIDStore.internalIdToId.${internalId - 1}`;
}

function documentPath(internalId: number): string {
  return `${AT}.orama.docs.docs.${internalId}`;
}

/** The number of terms of a saved text (`markedText`: terms separated by single spaces). */
function countTerms(text: string): number {
  if (text === '') return 0;
  let terms = 1;
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) terms++;
  return terms;
}

/**
 * The average of the checked `lengths` of documents 1 to `count`, taken as
 * Orama's insert takes it, one document at a time, so it is equal to the bit.
 */
function runningAverage(lengths: Record<string, unknown>, count: number): number {
  let average = 0;
  for (let position = 0; position < count; position++) {
    const length = lengths[position + 1] as number;
    average = (average * position + length) / (position + 1);
  }
  return average;
}

function damaged(path: string, actual: unknown, expected: string): SearchIndexSnapshotDamagedError {
  return new SearchIndexSnapshotDamagedError({ path, actual, expected });
}

/** A saved key as a path quotes it: cut when long. */
function pathKey(key: string): string {
  return key.length <= KEY_MAX ? key : `${key.slice(0, KEY_MAX)}…`;
}

/** `value[key]` when `value` is an object that has it as its own property; never a prototype's. */
function own(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
