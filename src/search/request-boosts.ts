import type { RankingParameters } from './ranking-parameters.js';
import { TOOL_FIELDS, type ToolField } from './tool-field-terms.js';

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

/** The field boosts of both kinds of request, by the parameters' `fieldBoosts`. */
export interface RequestKindBoosts {
  /** The boosts of a request that names a capability ("create a new issue"). */
  readonly capability: RequestBoosts;
  /**
   * The boosts of a request that describes a task ("I'm checking the email address x@y.com of
   * a signup"): such a request names the values it supplies, and a tool's parameters name the
   * values it takes, so a parameter match counts `taskParameterBoost`.
   */
  readonly task: RequestBoosts;
}

function requestBoosts(
  base: Readonly<Record<ToolField, number>>,
  synonymWeight: number,
): RequestBoosts {
  return { literal: boostsOf(base, 1), synonym: boostsOf(base, synonymWeight) };
}

/**
 * Each kind of request's boosts under `parameters`, computed once per index: term postings are
 * kept per boost object.
 */
export function requestKindBoosts({
  fieldBoosts,
  taskParameterBoost,
  synonymWeight,
}: Pick<
  RankingParameters,
  'fieldBoosts' | 'taskParameterBoost' | 'synonymWeight'
>): RequestKindBoosts {
  return {
    capability: requestBoosts(fieldBoosts, synonymWeight),
    task: requestBoosts({ ...fieldBoosts, parameter: taskParameterBoost }, synonymWeight),
  };
}
