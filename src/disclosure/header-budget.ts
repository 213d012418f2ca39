import { InvalidOptionError } from '../error/invalid-option-error.js';
import { SURFACE_TOKEN_BUDGET } from './surface-token-budget.js';

/** How much room the `tool_search` description may take. */
export const HEADER_BUDGETS = ['standard', 'small'] as const;

export type HeaderBudget = (typeof HEADER_BUDGETS)[number];

/** The limits of one header budget. */
export interface HeaderBudgetLimits {
  /** Header lines stop being added at this many UTF-8 bytes. */
  lineBytes: number;
  /** The three bridges never count more tokens than this. */
  surfaceTokens: number;
}

/**
 * `standard` is the full header (3,800 bytes, a 1,500-token surface); `small`
 * keeps about a third of its bytes, for runs of a few model calls where the
 * header is most of what a request pays for.
 */
export const HEADER_BUDGET_LIMITS: Readonly<Record<HeaderBudget, Readonly<HeaderBudgetLimits>>> =
  Object.freeze({
    standard: Object.freeze({ lineBytes: 3800, surfaceTokens: SURFACE_TOKEN_BUDGET }),
    small: Object.freeze({ lineBytes: 1280, surfaceTokens: 800 }),
  });

export function isHeaderBudget(value: unknown): value is HeaderBudget {
  return typeof value === 'string' && (HEADER_BUDGETS as readonly string[]).includes(value);
}

/**
 * The limits of a header budget.
 *
 * @throws InvalidOptionError for a value that is not one of `HEADER_BUDGETS`.
 */
export function resolveHeaderBudget(budget: unknown = 'standard'): Readonly<HeaderBudgetLimits> {
  if (!isHeaderBudget(budget)) {
    throw new InvalidOptionError({
      option: 'headerBudget',
      value: budget,
      expected: `one of ${HEADER_BUDGETS.map((name) => `'${name}'`).join(', ')}`,
    });
  }
  return HEADER_BUDGET_LIMITS[budget];
}
