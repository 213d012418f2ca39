import { TOOL_FIELDS, type ToolField } from './tool-field-terms.js';

/** The BM25 boost of each indexed field, for a request that names a capability. */
const fieldBoosts: Readonly<Record<ToolField, number>> = {
  name: 1,
  alias: 1,
  namespace: 1,
  service: 0.5,
  parameter: 0.7,
  description: 0.7,
  schema: 0.4,
  output: 0.3,
};

/**
 * The boosts for a request that describes a task ("I'm checking the email
 * address x@y.com of a signup"): such a request names the values it supplies,
 * and a tool's parameters name the values it takes, so a parameter match
 * counts as much as a description match.
 */
const taskFieldBoosts: Readonly<Record<ToolField, number>> = { ...fieldBoosts, parameter: 1 };

/** Synonyms count, but less than the words the query actually used. */
export const synonymWeight = 0.5;

/** The field boosts `boosts` of terms of weight `weight`. */
function boostsOf(
  boosts: Readonly<Record<ToolField, number>>,
  weight: number,
): Readonly<Record<ToolField, number>> {
  return Object.fromEntries(TOOL_FIELDS.map((field) => [field, boosts[field] * weight])) as Record<
    ToolField,
    number
  >;
}

/** One kind of request's field boosts, and those of its own terms and their synonyms, computed once. */
export interface RequestBoosts {
  readonly literal: Readonly<Record<ToolField, number>>;
  readonly synonym: Readonly<Record<ToolField, number>>;
}

function requestBoosts(base: Readonly<Record<ToolField, number>>): RequestBoosts {
  return { literal: boostsOf(base, 1), synonym: boostsOf(base, synonymWeight) };
}

/** The boosts of a request that names a capability ("create a new issue"). */
export const capabilityBoosts = requestBoosts(fieldBoosts);
/** The boosts of a request that describes a task. */
export const taskBoosts = requestBoosts(taskFieldBoosts);
